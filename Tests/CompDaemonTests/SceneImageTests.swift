import Foundation
import JSONRPC
import ScreenKit
import Testing

/// Images through the real socket: demo.Images (the Gallery plugin, installed with its
/// resource bundle beside its library as `make install` does) names its images by the
/// SHA-256 of their files, `image.get` returns those files' bytes, and `compctl render`
/// embeds them.
@Suite("Scenes: images", .serialized)
struct SceneImageTests {
  static let galleryImages = "\(PluginFixtureBuilder.repositoryRoot)/Plugins/Gallery/Images"
  static let symbols =
    "\(PluginFixtureBuilder.repositoryRoot)/SDK/ScreenKit/Sources/ScreenKit/Symbols"

  static func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// `image.get`'s bytes for `hash`, decoded, with the media type.
  static func fetch(_ hash: String, client: RPCTestClient) throws -> (mime: String, data: Data) {
    let answer = try client.call("image.get", ["hash": .string(hash)])
    #expect(answer["hash"]?.stringValue == hash)
    let data = try #require(Data(base64Encoded: answer["data"]?.stringValue ?? ""))
    return (answer["mime"]?.stringValue ?? "", data)
  }

  @Test("demo.Images: hashes, sizes and scales on the wire, bytes by image.get")
  func imagesThroughTheSocket() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.Images"])
    let root = try #require(opened["root"])

    // The PNG with a @2x variant: the @2x file (the largest, no traits), 60 × 40 points.
    let landscape = try #require(SceneTests.find("landscape", in: root)?.node)
    #expect(landscape["type"] == "image")
    let image = try #require(landscape["props"]?["image"])
    let file = try Self.bytes("\(Self.galleryImages)/landscape@2x.png")
    #expect(image["hash"]?.stringValue == SHA256.hexDigest(of: Array(file)))
    #expect(image["width"] == 60 && image["height"] == 40 && image["scale"] == 2)
    #expect(landscape["frame"]?["width"] == 60 && landscape["frame"]?["height"] == 40)
    let fetched = try Self.fetch(try #require(image["hash"]?.stringValue), client: client)
    #expect(fetched.mime == "image/png")
    #expect(fetched.data == file)

    // The SVG, sized by its width and height.
    let badge = try #require(SceneTests.find("badge", in: root)?.node["props"]?["image"])
    let svg = try Self.fetch(try #require(badge["hash"]?.stringValue), client: client)
    #expect(svg.mime == "image/svg+xml")
    #expect(svg.data == (try Self.bytes("\(Self.galleryImages)/badge.svg")))
    #expect(badge["width"] == 64 && badge["height"] == 32 && badge["scale"] == 1)

    // A symbol: the Adwaita file, a template in the view's tint (system orange).
    let star = try #require(SceneTests.find("symbol-star.fill", in: root)?.node["props"]?["image"])
    #expect(star["template"] == true && star["tint"] == "#ff9500ff")
    #expect(star["width"] == 24 && star["height"] == 24)
    let symbol = try Self.fetch(try #require(star["hash"]?.stringValue), client: client)
    #expect(symbol.data == (try Self.bytes("\(Self.symbols)/starred-symbolic.svg")))
    let gear = try #require(SceneTests.find("symbol-gear", in: root)?.node["props"]?["image"])
    #expect(gear["tint"] == "#0040ddff")  // inherited: the screen's tint (GalleryPalette)

    // Content modes travel by name; scaleToFill is the default and is not sent.
    let fit = try #require(SceneTests.find("mode-scaleAspectFit", in: root)?.node["props"])
    #expect(fit["contentMode"] == "scaleAspectFit" && fit["clips"] == true)
    let fill = try #require(SceneTests.find("mode-scaleToFill", in: root)?.node["props"])
    #expect(fill["contentMode"] == nil)

    // The button's symbol sits left of its title: 17 points, the pair centred.
    let button = try #require(SceneTests.find("addButton", in: root)?.node)
    #expect(button["props"]?["image"]?["template"] == true)
    let imageFrame = try #require(button["props"]?["imageFrame"])
    #expect(imageFrame["x"] == 0 && imageFrame["width"] == 17 && imageFrame["height"] == 17)
    let title = TextLayout(text: "Add", font: .systemFont(ofSize: 15), numberOfLines: 1).size
    #expect(button["frame"]?["width"]?.doubleValue == 17 + title.width)
  }

  @Test("image.get: a malformed hash is -32602 on hash, an unknown one compd.NoSuchImage")
  func badHashes() throws {
    let daemon = try SceneDaemon(bundled: ["Gallery"])
    let client = try daemon.client()
    _ = try client.call("scene.open", ["component": "demo.Images"])
    for bad: JSON in ["abc", .string(String(repeating: "G", count: 64)), 7] {
      let error = try client.failure("image.get", ["hash": bad])
      #expect(error["code"] == -32602)
      #expect(error["data"]?["field"] == "hash")
    }
    let unknown = String(repeating: "0", count: 64)
    let error = try client.failure("image.get", ["hash": .string(unknown)])
    #expect(error["code"] == -32011)
    #expect(error["data"]?["name"] == "compd.NoSuchImage")
    #expect(error["data"]?["hash"]?.stringValue == unknown)
    #expect(try client.call("daemon.ping") != .null)  // still serving
  }

  @Test("compctl render embeds the images' bytes as data URIs")
  func renderEmbedsImages() throws {
    let daemon = try SceneDaemon(bundled: ["Gallery"])
    let client = try daemon.client()
    let scene = try #require(
      try client.call("scene.open", ["component": "demo.Images"])["scene"]?.stringValue)
    let directory = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let output = "\(directory)/images.svg"
    let run = try runProcess(
      TestPaths.compctl, ["render", scene, "-o", output, "--socket", daemon.socketPath])
    #expect(run.status == 0, "\(run.stderr)")
    let svg = try String(contentsOfFile: output, encoding: .utf8)
    let png = try Self.bytes("\(Self.galleryImages)/landscape@2x.png").base64EncodedString()
    #expect(svg.contains("href=\"data:image/png;base64,\(png)\""))
    #expect(svg.contains("data:image/svg+xml;base64,"))
    // The symbols are tinted through their alpha.
    #expect(svg.contains("<feFlood flood-color=\"#ff9500\""))
    // The PNG of the same picture renders (librsvg decodes the embedded images).
    let raster = try runProcess(
      TestPaths.compctl,
      ["render", scene, "-o", "\(directory)/images.png", "--socket", daemon.socketPath])
    #expect(raster.status == 0, "\(raster.stderr)")
  }
}
