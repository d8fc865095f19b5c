import Foundation
import Testing

@testable import ScreenKit

// The bitmap fixtures are written by Fixtures/Images/make-images.py (PNG by hand, JPEG by
// cjpeg); their pixel sizes below are the sizes that script asked for.

private let imageFixtures: String = {
  let file = URL(filePath: #filePath)
  return file.deletingLastPathComponent().path + "/Fixtures/Images"
}()

private func fixture(_ name: String) throws -> Data {
  try Data(contentsOf: URL(filePath: imageFixtures + "/" + name))
}

/// What `sha256sum` prints for `path`.
private func sha256sum(_ path: String) throws -> String {
  let process = Process()
  process.executableURL = URL(filePath: "/usr/bin/sha256sum")
  process.arguments = [path]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let output = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
}

@Suite struct SHA256Tests {
  @Test func knownVectorsOfTheStandard() {
    // FIPS 180-4's examples (NIST's "SHA256.pdf"): "abc" and the 448-bit message.
    #expect(
      SHA256.hexDigest(of: Array("abc".utf8))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      SHA256.hexDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      SHA256.hexDigest(of: [UInt8]())
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
  }

  @Test(arguments: [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 65_537])
  func agreesWithSha256sum(length: Int) throws {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let path = NSTemporaryDirectory() + "/screenkit-sha256-\(length)-\(getpid()).bin"
    try Data(bytes).write(to: URL(filePath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(SHA256.hexDigest(of: bytes) == (try sha256sum(path)))
  }

  @Test func anImageIsNamedByTheDigestOfItsFile() throws {
    let image = try #require(Image(contentsOfFile: imageFixtures + "/photo.png"))
    #expect(image.contentHash == (try sha256sum(imageFixtures + "/photo.png")))
    #expect(image.encodedData == (try fixture("photo.png")))
  }
}

@Suite struct ImageFileTests {
  @Test func pngSizeComesFromItsHeader() throws {
    let image = try #require(Image(data: try fixture("photo@3x.png")))
    #expect(image.format == .png)
    #expect(image.pixelSize == Size(width: 90, height: 60))
    #expect(image.size == Size(width: 90, height: 60))  // scale 1 unless told
    let scaled = try #require(Image(data: try fixture("photo@3x.png"), scale: 3))
    #expect(scaled.size == Size(width: 30, height: 20))
    #expect(scaled.scale == 3)
  }

  @Test func jpegSizeComesFromItsFrameHeader() throws {
    let baseline = try #require(Image(data: try fixture("snapshot.jpg")))
    #expect(baseline.format == .jpeg)
    #expect(baseline.size == Size(width: 35, height: 21))
    let progressive = try #require(Image(data: try fixture("progressive.jpg")))
    #expect(progressive.size == Size(width: 13, height: 7))
    #expect(progressive.format?.mimeType == "image/jpeg")
  }

  @Test func svgSizeComesFromWidthHeightOrViewBox() throws {
    let badge = try #require(Image(data: try fixture("badge.svg")))
    #expect(badge.format == .svg)
    #expect(badge.size == Size(width: 48, height: 24))  // width/height win over the viewBox
    #expect(
      try #require(Image(data: try fixture("viewbox-only.svg"))).size == Size(width: 20, height: 10)
    )
    #expect(
      try #require(Image(data: try fixture("width-only.svg"))).size == Size(width: 30, height: 15))
    #expect(
      try #require(Image(data: try fixture("percent.svg"))).size == Size(width: 12, height: 18))
    let points = Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="72pt" height="1in"/>"#.utf8)
    #expect(try #require(Image(data: points)).size == Size(width: 96, height: 96))
  }

  @Test func whatIsNoImageIsRefused() throws {
    #expect(Image(data: Data("hello".utf8)) == nil)
    #expect(Image(data: Data()) == nil)
    // A PNG cut inside its header, a JPEG without a frame, an SVG without a size.
    #expect(Image(data: try fixture("photo.png").prefix(20)) == nil)
    #expect(Image(data: Data([0xFF, 0xD8, 0xFF, 0xD9])) == nil)
    #expect(Image(data: Data(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8)) == nil)
    #expect(Image(contentsOfFile: imageFixtures + "/no-such.png") == nil)
  }

  @Test func aFileNamesItsScale() throws {
    let image = try #require(Image(contentsOfFile: imageFixtures + "/photo@2x.png"))
    #expect(image.scale == 2)
    #expect(image.size == Size(width: 30, height: 20))
    #expect(image.pixelSize == Size(width: 60, height: 40))
  }
}

@MainActor
@Suite struct NamedImageTests {
  let bundle = Bundle(path: imageFixtures)

  @Test func theVariantForTheDisplayScaleIsTaken() throws {
    for scale in [1.0, 2, 3] {
      let image = try #require(
        Image(named: "photo", in: bundle, compatibleWith: TraitCollection(displayScale: scale)))
      #expect(image.scale == scale)
      #expect(image.size == Size(width: 30, height: 20))  // the same points at every scale
      #expect(image.pixelSize == Size(width: 30 * scale, height: 20 * scale))
      #expect(image.name == "photo")
    }
  }

  @Test func withoutTraitsTheLargestVariantIsTaken() throws {
    let image = try #require(Image(named: "photo", in: bundle))
    #expect(image.scale == 3)
    #expect(image.size == Size(width: 30, height: 20))
  }

  @Test func aMissingScaleFallsBackToTheNearestThereIs() throws {
    // Only @2x exists: a 1x and a 3x display both get it, at its own scale.
    for scale in [1.0, 3] {
      let image = try #require(
        Image(named: "only", in: bundle, compatibleWith: TraitCollection(displayScale: scale)))
      #expect(image.scale == 2)
      #expect(image.size == Size(width: 4, height: 3))
    }
  }

  @Test func anExtensionPicksTheFormat() throws {
    #expect(try #require(Image(named: "snapshot.jpg", in: bundle)).format == .jpeg)
    #expect(try #require(Image(named: "snapshot", in: bundle)).format == .jpeg)
    let badge = try #require(Image(named: "badge", in: bundle))
    #expect(badge.format == .svg)
    #expect(badge.scale == 1)
    #expect(Image(named: "photo.svg", in: bundle) == nil)
    #expect(Image(named: "nothing", in: bundle) == nil)
  }

  @Test func theCallersOwnBundleHoldsNoFixtures() {
    // Without a bundle the caller's library's resource bundles are searched: the test
    // binary's neighbours hold ScreenKit's symbols, not these fixtures.
    #expect(Image(named: "photo") == nil)
  }
}

@MainActor
@Suite struct SymbolImageTests {
  @Test func commonSymbolsAreBuiltIn() throws {
    let names = [
      "chevron.left", "chevron.right", "chevron.up", "chevron.down", "plus", "minus", "xmark",
      "trash", "gear", "magnifyingglass", "person", "person.circle", "checkmark",
      "checkmark.circle", "star", "star.fill", "heart", "heart.fill", "house", "bell", "envelope",
      "phone", "camera", "photo", "square.and.arrow.up", "ellipsis", "ellipsis.circle",
      "info.circle", "exclamationmark.triangle", "pencil", "folder", "doc", "calendar", "clock",
      "lock", "globe", "arrow.clockwise", "line.3.horizontal", "slider.horizontal.3",
    ]
    for name in names {
      let symbol = try #require(Image(systemName: name), "\(name)")
      #expect(symbol.isSymbolImage)
      #expect(symbol.format == .svg)
      #expect(symbol.isTemplate)  // automatic is template for symbols
    }
    #expect(Image(systemName: "no.such.symbol") == nil)
    #expect(Set(Image.systemNames).isSuperset(of: names))
  }

  @Test func aSymbolIsSizedByItsConfiguration() throws {
    // The Adwaita icons are square (16 × 16): the height is the point size × the scale.
    let plain = try #require(Image(systemName: "gear"))
    #expect(plain.size == Size(width: 17, height: 17))
    let large = try #require(
      Image(
        systemName: "gear", withConfiguration: .init(pointSize: 20, weight: .bold, scale: .large)))
    #expect(large.size == Size(width: 26, height: 26))
    #expect(large.symbolConfiguration?.weight == .bold)
    #expect(plain.withConfiguration(.init(scale: .small)).size.height == (17 * 0.8).roundedToPixel)
    #expect(plain.contentHash == large.contentHash)  // the same file
  }

  @Test func renderingModesAndTints() throws {
    let symbol = try #require(Image(systemName: "star"))
    #expect(!symbol.withRenderingMode(.alwaysOriginal).isTemplate)
    let photo = try #require(Image(contentsOfFile: imageFixtures + "/photo.png"))
    #expect(!photo.isTemplate)
    #expect(photo.withRenderingMode(.alwaysTemplate).isTemplate)
    let red = photo.withTintColor(.systemRed)
    #expect(red.isTemplate && red.tintColor == .systemRed)
    #expect(photo.withTintColor(.systemRed, renderingMode: .alwaysOriginal).isTemplate == false)
    #expect(red != photo)
    #expect(photo == Image(contentsOfFile: imageFixtures + "/photo.png"))
  }
}

@MainActor
@Suite struct ImageViewTests {
  @Test func intrinsicSizeIsTheImagesSizeInPoints() throws {
    let image = try #require(Image(contentsOfFile: imageFixtures + "/photo@3x.png"))
    let view = ImageView(image: image)
    #expect(view.intrinsicContentSize == Size(width: 30, height: 20))
    #expect(view.frame.size == Size(width: 30, height: 20))
    view.image = nil
    #expect(view.intrinsicContentSize.width == View.noIntrinsicMetric)
  }

  @Test func theHighlightedImageShowsWhileHighlighted() throws {
    let normal = try #require(Image(systemName: "star"))
    let highlighted = try #require(
      Image(systemName: "star.fill", withConfiguration: .init(pointSize: 30)))
    let view = ImageView(image: normal, highlightedImage: highlighted)
    #expect(view.currentImage == normal)
    view.isHighlighted = true
    #expect(view.currentImage == highlighted)
    #expect(view.intrinsicContentSize == Size(width: 30, height: 30))
    view.highlightedImage = nil
    #expect(view.currentImage == normal)
  }

  @Test(arguments: [
    (View.ContentMode.scaleToFill, Rect(x: 0, y: 0, width: 100, height: 50)),
    (.redraw, Rect(x: 0, y: 0, width: 100, height: 50)),
    (.scaleAspectFit, Rect(x: 37.5, y: 0, width: 25, height: 50)),  // 10×20 scaled 2.5×
    (.scaleAspectFill, Rect(x: 0, y: -75, width: 100, height: 200)),  // scaled 10×
    (.center, Rect(x: 45, y: 15, width: 10, height: 20)),
    (.top, Rect(x: 45, y: 0, width: 10, height: 20)),
    (.bottom, Rect(x: 45, y: 30, width: 10, height: 20)),
    (.left, Rect(x: 0, y: 15, width: 10, height: 20)),
    (.right, Rect(x: 90, y: 15, width: 10, height: 20)),
    (.topLeft, Rect(x: 0, y: 0, width: 10, height: 20)),
    (.topRight, Rect(x: 90, y: 0, width: 10, height: 20)),
    (.bottomLeft, Rect(x: 0, y: 30, width: 10, height: 20)),
    (.bottomRight, Rect(x: 90, y: 30, width: 10, height: 20)),
  ])
  func contentModesPlaceTheImage(mode: View.ContentMode, expected: Rect) {
    let view = ImageView(frame: Rect(x: 7, y: 9, width: 100, height: 50))
    view.image = Image(name: "tall", size: Size(width: 10, height: 20))
    view.contentMode = mode
    #expect(view.imageFrame == expected)
    #expect(View.ContentMode(name: mode.name) == mode)
  }
}

@MainActor
@Suite struct ImageLayoutTests {
  @Test func aButtonsImageSitsLeftOfItsTitle() throws {
    let symbol = try #require(Image(systemName: "plus"))  // 17 × 17
    let button = Button(type: .system)
    button.setTitle("Add", for: .normal)
    let title = TextLayout(text: "Add", font: .systemFont(ofSize: 15), numberOfLines: 1).size
    let plain = button.intrinsicContentSize
    button.setImage(symbol, for: .normal)
    #expect(button.currentImage == symbol)
    #expect(button.image(for: .highlighted) == symbol)  // falls back to normal
    let size = button.intrinsicContentSize
    #expect(size.width == plain.width + 17)
    #expect(size.height == max(30, title.height, 17))
    button.frame = Rect(x: 0, y: 0, width: 100, height: 40)
    let frames = button.contentFrames
    let left = (100 - 17 - title.width) / 2
    #expect(frames.image == Rect(x: left, y: 11.5, width: 17, height: 17))
    #expect(frames.title.minX == left + 17)
    #expect(frames.title.width == title.width)
  }

  @Test func anImageOnlyButtonIsItsImagesSize() throws {
    let button = Button(type: .custom)
    button.setImage(
      Image(systemName: "gear", withConfiguration: .init(pointSize: 24)), for: .normal)
    #expect(button.intrinsicContentSize == Size(width: 24, height: 24))
  }

  @Test func aCellsImageIsLaidOutFromItsSizeAndScale() throws {
    let image = try #require(Image(contentsOfFile: imageFixtures + "/photo@2x.png"))  // 30 × 20 pt
    let cell = TableViewCell(style: .default, reuseIdentifier: nil)
    cell.textLabel?.text = "Photo"
    cell.imageView?.image = image
    cell.frame = Rect(x: 0, y: 0, width: 390, height: 44)
    cell.layoutSubviews()
    let imageView = try #require(cell.imageView)
    let margin = imageView.frame.minX
    #expect(imageView.frame.size == Size(width: 30, height: 20))
    #expect(imageView.frame.minY == 12)  // centred in 44
    #expect(try #require(cell.textLabel).frame.minX == margin + 30 + 16)
  }

  @Test func aConfigurationsImageIsLaidOutToo() throws {
    let cell = TableViewCell(style: .default, reuseIdentifier: nil)
    var configuration = cell.defaultContentConfiguration()
    configuration.text = "Settings"
    configuration.image = Image(systemName: "gear", withConfiguration: .init(pointSize: 60))
    cell.contentConfiguration = configuration
    // A 60-point image makes the row 60 high (more than the one-line 44).
    #expect(cell.sizeThatFits(Size(width: 390, height: 0)).height == 60)
  }
}
