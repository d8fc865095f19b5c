import Foundation

extension Image {
  /// The image file named `name` among the resources shipped with the caller, as
  /// `UIImage(named:in:compatibleWith:)`.
  ///
  /// Without a `bundle`, the caller's resources are the SwiftPM resource bundles next to
  /// the library that makes the call (a plugin's `lib<Name>.so`; `<Package>_<Name>.resources`
  /// first) — what `Bundle.main` is to an app. With a `bundle`, its directory is searched.
  ///
  /// `name` may carry an extension (`"logo.svg"`); without one, `png`, `jpg`, `jpeg` and
  /// `svg` are tried in that order. Of a bitmap's `@2x`/`@3x` variants, the one for the
  /// traits' `displayScale` is taken first, then the larger ones, then the smaller; without
  /// traits, the largest there is (clients draw on displays of any scale). The image's
  /// `scale` is its variant's; an SVG is at scale 1. Nil when no such file is an image.
  public convenience init?(
    named name: String, in bundle: Bundle? = nil, compatibleWith traits: TraitCollection? = nil,
    dsoHandle: UnsafeRawPointer = #dsohandle
  ) {
    let directories =
      bundle.map { [$0.bundlePath] + ($0.resourcePath.map { [$0] } ?? []) }
      ?? ResourceBundles.directories(of: dsoHandle)
    guard let (path, scale) = Self.resolve(name, scale: traits?.displayScale, in: directories),
      let data = FileManager.default.contents(atPath: path),
      let content = ImageContent(bytes: Array(data))
    else { return nil }
    let pointScale = content.format == .svg ? 1 : scale
    self.init(
      content: content, size: content.pixelSize.scaled(by: 1 / pointScale), scale: pointScale,
      name: name)
  }

  /// The file for `name` in the first of `directories` that has one, and its scale.
  static func resolve(_ name: String, scale: Double?, in directories: [String]) -> (String, Double)?
  {
    let candidates = fileNames(for: name, scale: scale)
    for directory in directories {
      let index = ResourceBundles.index(of: directory)
      for (file, scale) in candidates {
        if let path = index[file] { return (path, scale) }
      }
    }
    return nil
  }

  /// The file names tried for `name`, in order, with the scale each stands for.
  static func fileNames(for name: String, scale preferred: Double?) -> [(String, Double)] {
    let known = Set(ImageFormat.fileExtensions.map(\.0))
    var stem = name
    var extensions = ImageFormat.fileExtensions.map(\.0)
    if let dot = name.lastIndex(of: "."),
      known.contains(name[name.index(after: dot)...].lowercased())
    {
      stem = String(name[..<dot])
      extensions = [String(name[name.index(after: dot)...])]
    }
    let scales: [Double]
    if let preferred, [1, 2, 3].contains(preferred) {
      scales =
        [preferred] + [3.0, 2, 1].filter { $0 > preferred }
        + [3.0, 2, 1].filter { $0 < preferred }
    } else {
      scales = [3, 2, 1]
    }
    var names: [(String, Double)] = []
    for scale in scales {
      for fileExtension in extensions {
        if scale == 1 {
          names.append(("\(stem).\(fileExtension)", 1))
          names.append(("\(stem)@1x.\(fileExtension)", 1))
        } else {
          names.append(("\(stem)@\(Int(scale))x.\(fileExtension)", scale))
        }
      }
    }
    return names
  }
}
