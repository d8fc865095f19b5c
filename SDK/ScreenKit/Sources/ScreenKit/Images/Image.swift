import FoundationEssentials

/// An image, as `UIImage`: immutable bytes of a PNG, JPEG or SVG file with their size in
/// points, the scale they were made for, and how they are rendered.
///
/// ScreenKit never decodes pixels: it reads a file's pixel size from its header, names the
/// bytes by their SHA-256 digest (`contentHash`) and leaves drawing to clients, which fetch
/// the bytes by that digest (docs/protocol.md, "Images").
///
/// `size` is in points: a bitmap's pixel size divided by `scale`, which is 2 for a file
/// named `name@2x.png` and 3 for `name@3x.png`, as UIKit resolves them; an SVG's size is
/// its `width` and `height` (or `viewBox`), at scale 1. A symbol image
/// (`init(systemName:)`) is sized by its `symbolConfiguration` and is a template.
public final class Image: Sendable, Hashable, CustomStringConvertible {
  /// How an image's colours are used, as `UIImage.RenderingMode`.
  public enum RenderingMode: Int, Sendable, Hashable, CaseIterable {
    /// Template for symbol images, original for the others.
    case automatic
    /// The image's own colours.
    case alwaysOriginal
    /// Only the image's opacity, filled with the tint colour.
    case alwaysTemplate
  }

  /// The size in points.
  public let size: Size
  /// Pixels per point of a bitmap: 1, or the `@2x`/`@3x` of its file name.
  public let scale: Double
  /// The rendering mode asked for.
  public let renderingMode: RenderingMode
  /// The colour a template image is drawn in, set by `withTintColor(_:)`; nil takes the
  /// tint colour of the view showing it.
  public let tintColor: Color?
  /// Whether it is one of the built-in symbol images (`init(systemName:)`).
  public let isSymbolImage: Bool
  /// The configuration a symbol image was made with; nil for other images.
  public let symbolConfiguration: SymbolConfiguration?
  /// The name it was found by, if any: a resource name or a symbol name.
  public let name: String?
  /// The bytes and what they are; nil for an image made by `init(name:size:)`.
  let content: ImageContent?

  init(
    content: ImageContent?, size: Size, scale: Double, renderingMode: RenderingMode = .automatic,
    tintColor: Color? = nil, isSymbolImage: Bool = false,
    symbolConfiguration: SymbolConfiguration? = nil, name: String? = nil
  ) {
    self.content = content
    self.size = size
    self.scale = scale
    self.renderingMode = renderingMode
    self.tintColor = tintColor
    self.isSymbolImage = isSymbolImage
    self.symbolConfiguration = symbolConfiguration
    self.name = name
  }

  /// An image of the bytes of a PNG, JPEG or SVG file at `scale` (pixels per point), as
  /// `UIImage(data:scale:)`; nil when the bytes are none of those formats.
  public convenience init?(data: Data, scale: Double = 1) {
    guard let content = ImageContent(bytes: Array(data)), scale > 0 else { return nil }
    self.init(
      content: content, size: content.pixelSize.scaled(by: 1 / scale), scale: scale)
  }

  /// The image in the file at `path`, as `UIImage(contentsOfFile:)`: its scale is the
  /// `@2x`/`@3x` of the file name; nil when it cannot be read or is not an image.
  public convenience init?(contentsOfFile path: String) {
    guard let bytes = try? Data(contentsOf: URL(filePath: path)),
      let content = ImageContent(bytes: Array(bytes))
    else { return nil }
    let scale = content.format == .svg ? 1 : Self.scale(ofFileNamed: path)
    self.init(content: content, size: content.pixelSize.scaled(by: 1 / scale), scale: scale)
  }

  /// A placeholder of `size` points whose bytes ScreenKit does not have: clients draw it as
  /// an empty image box labelled `name`. For layouts and tests that only need a size.
  public convenience init(name: String, size: Size) {
    self.init(content: nil, size: size, scale: 1, name: name)
  }

  /// The 64 hexadecimal digits of the SHA-256 digest of the bytes, which name them on the
  /// wire; nil for a placeholder.
  public var contentHash: String? { content?.hash }
  /// The file format of the bytes; nil for a placeholder.
  public var format: ImageFormat? { content?.format }
  /// The bytes, as the file held them; nil for a placeholder.
  public var encodedData: Data? { content.map { Data($0.bytes) } }
  /// The size in pixels: `size` times `scale` (an SVG's CSS pixel size).
  public var pixelSize: Size { content?.pixelSize ?? size.scaled(by: scale) }

  /// Whether it is drawn as a template: `alwaysTemplate`, or `automatic` for a symbol.
  public var isTemplate: Bool {
    switch renderingMode {
    case .alwaysTemplate: true
    case .alwaysOriginal: false
    case .automatic: isSymbolImage
    }
  }

  /// The same image with another rendering mode, as `withRenderingMode(_:)`.
  public func withRenderingMode(_ mode: RenderingMode) -> Image {
    Image(
      content: content, size: size, scale: scale, renderingMode: mode, tintColor: tintColor,
      isSymbolImage: isSymbolImage, symbolConfiguration: symbolConfiguration, name: name)
  }

  /// The same image drawn in `color`, as `withTintColor(_:)`: a template tinted with
  /// `color` whatever view shows it (UIKit makes an original-mode image a template this way
  /// too; `withTintColor(_:renderingMode:)` keeps another mode).
  public func withTintColor(_ color: Color) -> Image {
    withTintColor(color, renderingMode: .alwaysTemplate)
  }

  /// The same image drawn in `color` with `renderingMode`, as
  /// `withTintColor(_:renderingMode:)`.
  public func withTintColor(_ color: Color, renderingMode: RenderingMode) -> Image {
    Image(
      content: content, size: size, scale: scale, renderingMode: renderingMode, tintColor: color,
      isSymbolImage: isSymbolImage, symbolConfiguration: symbolConfiguration, name: name)
  }

  /// The image's identity: the same bytes at the same size, scale, mode and tint.
  public static func == (lhs: Image, rhs: Image) -> Bool {
    lhs === rhs
      || (lhs.content?.hash == rhs.content?.hash && lhs.size == rhs.size
        && lhs.scale == rhs.scale && lhs.renderingMode == rhs.renderingMode
        && lhs.tintColor == rhs.tintColor && lhs.isSymbolImage == rhs.isSymbolImage
        && (lhs.content != nil || lhs.name == rhs.name))
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(content?.hash ?? name)
    hasher.combine(size)
    hasher.combine(scale)
    hasher.combine(renderingMode)
  }

  /// `name` (or the digest's first digits), size and scale.
  public var description: String {
    let label = name ?? content.map { String($0.hash.prefix(12)) } ?? "image"
    return "Image(\(label), \(size.width)×\(size.height) @\(scale)x)"
  }

  /// The `@Nx` scale of a file name (before its extension); 1 without one.
  static func scale(ofFileNamed path: String) -> Double {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    let stem = file.split(separator: ".", omittingEmptySubsequences: false).first ?? ""
    guard let at = stem.lastIndex(of: "@"), stem.hasSuffix("x") else { return 1 }
    let digits = stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]
    guard let scale = Double(digits), scale >= 1 else { return 1 }
    return scale
  }
}

/// The bytes of an image file, their format, pixel size and digest, shared by an image and
/// the variants made from it.
final class ImageContent: Sendable {
  let bytes: [UInt8]
  let format: ImageFormat
  let pixelSize: Size
  let hash: String

  init?(bytes: [UInt8]) {
    guard let (format, size) = ImageFormat.inspect(bytes) else { return nil }
    self.bytes = bytes
    self.format = format
    self.pixelSize = size
    self.hash = SHA256.hexDigest(of: bytes)
  }
}

extension Size {
  func scaled(by factor: Double) -> Size { Size(width: width * factor, height: height * factor) }
}
