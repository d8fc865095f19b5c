import JSONRPC
import Testing

/// Right-to-left layout and Dynamic Type through the real socket: every bundled screen in
/// Arabic is its English layout mirrored, a scene switches direction live, the root carries
/// `layoutDirection` and `lang`, and a list's rows grow with the content size category.
@Suite("Scenes: layout direction and Dynamic Type", .serialized)
struct LayoutDirectionTests {
  /// The frames of `ar` that are not `en`'s mirrored in their parent
  /// (`x' = parentWidth − x − width`; y, width and height unchanged), as descriptions. The
  /// trees must have the same shape. Children of a scroll node are in its content space,
  /// which is as wide as its content size (or the node itself).
  static func unmirrored(en: JSON, ar: JSON, parentWidth: Double, path: String) -> [String] {
    let type = en["type"]?.stringValue ?? "?"
    let here = "\(path)/\(en["key"]?.stringValue ?? type)"
    guard let a = frame(en), let b = frame(ar) else { return ["\(here): no frame"] }
    // A view never given a size (a bar's prompt without a prompt) draws nothing anywhere.
    if a.width == 0 && a.height == 0 && b.width == 0 && b.height == 0
      && (en["children"]?.arrayValue ?? []).isEmpty
    {
      return []
    }
    var failures: [String] = []
    let expectedX = parentWidth - a.x - a.width
    if abs(b.x - expectedX) > 0.01 || abs(b.y - a.y) > 0.01 || abs(b.width - a.width) > 0.01
      || abs(b.height - a.height) > 0.01
    {
      failures.append(
        "\(here): en \(a) in \(parentWidth) → ar \(b), expected x \(expectedX)")
    }
    let enChildren = en["children"]?.arrayValue ?? []
    let arChildren = ar["children"]?.arrayValue ?? []
    guard enChildren.count == arChildren.count else {
      return failures + ["\(here): \(enChildren.count) children in en, \(arChildren.count) in ar"]
    }
    let contentWidth = en["props"]?["contentSize"]?["width"]?.doubleValue ?? 0
    let width = max(a.width, contentWidth)
    for (enChild, arChild) in zip(enChildren, arChildren) {
      failures += unmirrored(en: enChild, ar: arChild, parentWidth: width, path: here)
    }
    return failures
  }

  static func frame(_ node: JSON) -> (x: Double, y: Double, width: Double, height: Double)? {
    guard let frame = node["frame"], let x = frame["x"]?.doubleValue,
      let y = frame["y"]?.doubleValue, let width = frame["width"]?.doubleValue,
      let height = frame["height"]?.doubleValue
    else { return nil }
    return (x, y, width, height)
  }

  /// Hebrew is written right to left and no bundled screen has Hebrew strings, so its
  /// screens show the English texts (the development region): same widths, mirrored. (In
  /// Arabic the texts are translated and their widths differ.)
  @Test("every bundled screen right to left is its left-to-right layout mirrored")
  func everyBundledScreenMirrors() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let components = try client.call("components.list")["components"]?.arrayValue ?? []
    let names = components.compactMap { $0["name"]?.stringValue }.filter { $0.hasPrefix("demo.") }
    #expect(names.count >= 11, "\(names)")
    var directional = 0
    defer { #expect(directional >= 7, "the bundled screens' controls and chevron rows") }
    for name in names {
      let en = try client.call(
        "scene.open", ["component": .string(name), "environment": ["locale": "en"]])
      let ar = try client.call(
        "scene.open", ["component": .string(name), "environment": ["locale": "he"]])
      let enRoot = try #require(en["root"])
      let arRoot = try #require(ar["root"])
      #expect(enRoot["props"]?["layoutDirection"] == nil)
      #expect(enRoot["props"]?["lang"] == nil)
      #expect(arRoot["props"]?["layoutDirection"] == "rightToLeft", "\(name)")
      #expect(arRoot["props"]?["lang"] == "he", "\(name)")
      let failures = Self.unmirrored(en: enRoot, ar: arRoot, parentWidth: 390, path: name)
      #expect(failures.isEmpty, "\(name): \(failures.prefix(8).joined(separator: "\n"))")
      // What clients paint inside the controls and rows is marked mirrored too.
      let paint = Self.unflippedPaint(en: enRoot, ar: arRoot, path: "")
      #expect(paint.isEmpty, "\(name): \(paint.prefix(8).joined(separator: "\n"))")
      directional += Self.directionalCount(arRoot)
      try client.call("scene.close", ["scene": en["scene"]!])
      try client.call("scene.close", ["scene": ar["scene"]!])
    }
  }

  @Test("scene.resize with a new locale switches the direction live, and back")
  func liveSwitch() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let opened = try client.call("scene.open", ["component": "demo.Settings"])
    let scene = opened["scene"]!
    let enRoot = try #require(opened["root"])
    try client.call("scene.resize", ["scene": scene, "environment": ["locale": "ar"]])
    let arRoot = try #require(try client.call("scene.layout", ["scene": scene])["root"])
    #expect(arRoot["props"]?["layoutDirection"] == "rightToLeft")
    #expect(arRoot["props"]?["lang"] == "ar")
    let failures = Self.unmirrored(en: enRoot, ar: arRoot, parentWidth: 390, path: "settings")
    #expect(failures.isEmpty, "\(failures.prefix(8).joined(separator: "\n"))")
    // Natural text reads from the right; the separators start at the right.
    let labels = SceneListTests.nodes("label", in: arRoot)
    #expect(!labels.isEmpty)
    #expect(labels.allSatisfy { $0["props"]?["textAlignment"] != nil })
    #expect(labels.contains { $0["props"]?["textAlignment"] == "right" })
    let separators = SceneListTests.nodes("cell", in: arRoot).compactMap {
      $0["props"]?["separator"]
    }
    #expect(separators.contains { $0["right"] != 0 && $0["left"] == 0 }, "\(separators)")
    // Another right-to-left language keeps the frames; a left-to-right one restores them.
    try client.call("scene.resize", ["scene": scene, "environment": ["locale": "he-IL"]])
    let heRoot = try #require(try client.call("scene.layout", ["scene": scene])["root"])
    #expect(heRoot["props"]?["lang"] == "he-IL")
    #expect(Self.unmirrored(en: enRoot, ar: heRoot, parentWidth: 390, path: "").isEmpty)
    try client.call("scene.resize", ["scene": scene, "environment": ["locale": "de"]])
    let deRoot = try #require(try client.call("scene.layout", ["scene": scene])["root"])
    #expect(deRoot["props"]?["layoutDirection"] == nil)
    #expect(deRoot["props"]?["lang"] == "de")
    #expect(Self.unmirrored(en: enRoot, ar: deRoot, parentWidth: 390, path: "").count > 0)
    #expect(Self.unmirrored(en: deRoot, ar: arRoot, parentWidth: 390, path: "").isEmpty)
    // The environment keeps the locale.
    let listed = try client.call("scene.list")["scenes"]?.arrayValue ?? []
    #expect(listed.first?["environment"]?["locale"] == "de")
  }

  /// The heights of the cells of the first table in `root`.
  static func rowHeights(_ root: JSON) -> [Double] {
    SceneListTests.nodes("cell", in: root).compactMap { frame($0)?.height }
  }

  @Test("a bundled list's rows grow at accessibilityExtraLarge, opened or switched live")
  func dynamicTypeGrowsRows() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let large = try client.call("scene.open", ["component": "demo.Settings"])
    let big = try client.call(
      "scene.open",
      [
        "component": "demo.Settings",
        "environment": ["contentSizeCategory": "accessibilityExtraLarge"],
      ])
    let largeRows = Self.rowHeights(try #require(large["root"]))
    let bigRows = Self.rowHeights(try #require(big["root"]))
    #expect(!largeRows.isEmpty)
    #expect(largeRows.allSatisfy { $0 == 44 }, "\(largeRows)")
    #expect(bigRows.count <= largeRows.count)
    #expect(bigRows.allSatisfy { $0 > 60 }, "\(bigRows)")
    // Body text at AX3 is 40 points (HIG): the text labels say so.
    let fonts = SceneListTests.nodes("label", in: try #require(big["root"])).compactMap {
      $0["props"]?["font"]?.stringValue
    }
    #expect(fonts.contains("system-regular-40"), "\(fonts)")

    // Switched live, the first scene's rows grow too, and back.
    try client.call(
      "scene.resize",
      ["scene": large["scene"]!, "environment": ["contentSizeCategory": "accessibilityExtraLarge"]])
    let grown = Self.rowHeights(
      try client.call("scene.layout", ["scene": large["scene"]!])["root"]!)
    #expect(grown.allSatisfy { $0 > 60 }, "\(grown)")
    try client.call(
      "scene.resize", ["scene": large["scene"]!, "environment": ["contentSizeCategory": "large"]])
    let back = Self.rowHeights(try client.call("scene.layout", ["scene": large["scene"]!])["root"]!)
    #expect(back.allSatisfy { $0 == 44 }, "\(back)")
    let listed = try client.call("scene.list")["scenes"]?.arrayValue ?? []
    #expect(
      listed.contains { $0["environment"]?["contentSizeCategory"] == "accessibilityExtraLarge" })
  }

  @Test("a content size category that is not UIKit's is -32602 naming the field")
  func badCategory() throws {
    let daemon = try SceneDaemon()
    let client = try daemon.client()
    let error = try client.failure(
      "scene.open", ["component": "demo.Login", "environment": ["contentSizeCategory": "huge"]])
    #expect(error["code"] == -32602, "\(error.serialized())")
    #expect(error["data"]?["field"] == "environment.contentSizeCategory", "\(error.serialized())")
    // The daemon keeps serving.
    let opened = try client.call("scene.open", ["component": "demo.Login"])
    #expect(opened["scene"] != nil)
  }
}
