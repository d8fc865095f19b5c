import Foundation
import JSONRPC
import Testing

/// Scenes in the language of their `environment.locale`, through the real socket: scenes of
/// one component in one host process show their own language's texts at once, a resize to
/// another locale switches them live, a restored scene keeps its locale, a malformed tag is
/// refused, and a bundled screen's count takes its language's plural form (CLDR's rules).
@Suite("Scenes: languages", .serialized) struct LocalizationTests {
  /// The texts a person reads on demo.Login: its fields' placeholders and its button's title.
  static func loginTexts(_ tree: JSON) throws -> [String] {
    let username = try #require(SceneTests.find("username", in: tree)?.node)
    let password = try #require(SceneTests.find("password", in: tree)?.node)
    let button = try #require(SceneTests.find("login", in: tree)?.node)
    return [
      username["props"]?["placeholder"]?.stringValue ?? "",
      password["props"]?["placeholder"]?.stringValue ?? "",
      button["props"]?["title"]?.stringValue ?? "",
    ]
  }

  /// Every text and title of a tree's nodes.
  static func texts(in tree: JSON) -> Set<String> {
    var found: Set<String> = []
    var pending = [tree]
    while let node = pending.popLast() {
      for member in ["text", "title", "placeholder"] {
        if let text = node["props"]?[member]?.stringValue { found.insert(text) }
      }
      pending.append(contentsOf: node["children"]?.arrayValue ?? [])
    }
    return found
  }

  static let english = ["Username", "Password", "Login"]
  static let german = ["Benutzername", "Passwort", "Anmelden"]
  static let arabic = ["اسم المستخدم", "كلمة المرور", "تسجيل الدخول"]

  @Test("two scenes of one component in one host: English and German at once; a resize to ar")
  func scenesInTwoLanguagesAtOnce() throws {
    let daemon = try SceneDaemon(arguments: ["--scene-hosts", "1"], bundled: ["Login"])
    let client = try daemon.client()
    let english = try client.call("scene.open", ["component": "demo.Login"])
    let german = try client.call(
      "scene.open", ["component": "demo.Login", "environment": ["locale": "de"]])
    #expect(try Self.loginTexts(english["root"]!) == Self.english)
    #expect(try Self.loginTexts(german["root"]!) == Self.german)
    // One host process serves both.
    let scenes = try client.call("scene.list")["scenes"]?.arrayValue ?? []
    let hosts = Set(scenes.compactMap { $0["host"]?.serialized() })
    #expect(scenes.count == 2 && hosts.count == 1, "\(scenes)")

    // An event in the English scene after the German one ran: still English.
    _ = try client.call(
      "scene.event",
      ["scene": english["scene"]!, "event": ["type": "text", "target": "username", "text": "ann"]])
    #expect(
      try Self.loginTexts(client.call("scene.layout", ["scene": english["scene"]!])["root"]!)
        == Self.english)

    // The German scene switches to Arabic live, keeping what was typed in it.
    _ = try client.call(
      "scene.event",
      ["scene": german["scene"]!, "event": ["type": "text", "target": "username", "text": "bea"]])
    _ = try client.call(
      "scene.resize", ["scene": german["scene"]!, "environment": ["locale": "ar-EG"]])
    let arabic = try client.call("scene.layout", ["scene": german["scene"]!])["root"]!
    #expect(try Self.loginTexts(arabic) == Self.arabic)
    #expect(SceneTests.find("username", in: arabic)?.node["props"]?["text"] == "bea")
    #expect(
      try Self.loginTexts(client.call("scene.layout", ["scene": english["scene"]!])["root"]!)
        == Self.english)
    // A resize that leaves the locale changes no text.
    _ = try client.call("scene.resize", ["scene": german["scene"]!, "environment": ["width": 400]])
    #expect(
      try Self.loginTexts(client.call("scene.layout", ["scene": german["scene"]!])["root"]!)
        == Self.arabic)
  }

  @Test("a locale switch keeps the navigation stack and the values a screen restores")
  func switchKeepsRestorableState() throws {
    let daemon = try SceneDaemon(bundled: ["Gallery"])
    let client = try daemon.client()
    let scene = try client.call("scene.open", ["component": "demo.Gallery"])["scene"]!
    func layout() throws -> JSON { try client.call("scene.layout", ["scene": scene])["root"]! }
    func text(_ key: String) throws -> String? {
      try SceneTests.find(key, in: layout())?.node["props"]?["text"]?.stringValue
    }
    _ = try client.call(
      "scene.event", ["scene": scene, "event": ["type": "tap", "target": "demo.Controls"]])
    _ = try client.call(
      "scene.event",
      ["scene": scene, "event": ["type": "value", "target": "slider", "value": 30]])
    #expect(try text("sliderValue") == "Value: 30")
    #expect(try Self.texts(in: layout()).contains("Slider"))

    _ = try client.call("scene.resize", ["scene": scene, "environment": ["locale": "de"]])
    #expect(try text("sliderValue") == "Wert: 30")
    let german = try Self.texts(in: layout())
    #expect(german.contains("Schieberegler") && german.contains("Steuerelemente"))
    #expect(!german.contains("Slider"))

    _ = try client.call("scene.resize", ["scene": scene, "environment": ["locale": "ar"]])
    #expect(try text("sliderValue") == "القيمة: 30")
    #expect(try Self.texts(in: layout()).contains("شريط التمرير"))
  }

  @Test("a locale falls back to its language: de-AT and de-CH read German, fr English")
  func fallbackThroughTheSocket() throws {
    let daemon = try SceneDaemon(bundled: ["Login"])
    let client = try daemon.client()
    for (locale, texts) in [("de-AT", Self.german), ("de_CH", Self.german), ("fr", Self.english)] {
      let opened = try client.call(
        "scene.open", ["component": "demo.Login", "environment": ["locale": .string(locale)]])
      #expect(try Self.loginTexts(opened["root"]!) == texts, "\(locale)")
    }
  }

  @Test("a restored scene keeps its locale")
  func restoredSceneKeepsItsLocale() throws {
    let daemon = try SceneDaemon(arguments: ["--scene-save-delay", "0.1"], bundled: ["Login"])
    let client = try daemon.client()
    let opened = try client.call(
      "scene.open",
      ["component": "demo.Login", "lifetime": "daemon", "environment": ["locale": "de"]])
    let scene = opened["scene"]!
    _ = try client.call("scene.resize", ["scene": scene, "environment": ["locale": "ar"]])
    let revision = Int(try client.call("scene.layout", ["scene": scene])["revision"]!.intValue!)
    try SceneDurabilityTests.waitUntilSaved(daemon, [scene.stringValue!: revision])
    _ = try? daemon.daemon.stop(signal: SIGTERM)
    let restarted = try daemon.restarted(arguments: ["--scene-save-delay", "0.1"])
    let again = try restarted.client()
    let tree = try again.call("scene.layout", ["scene": scene])["root"]!
    #expect(try Self.loginTexts(tree) == Self.arabic)
  }

  @Test("a malformed locale is refused with -32602 naming environment.locale")
  func malformedLocale() throws {
    let daemon = try SceneDaemon(bundled: ["Login"])
    let client = try daemon.client()
    for locale in ["english-language-of-england", "de--AT", "12", "de AT"] {
      let reply = try client.reply(
        "scene.open", ["component": "demo.Login", "environment": ["locale": .string(locale)]])
      #expect(reply["error"]?["code"] == -32602, "\(locale)")
      #expect(reply["error"]?["data"]?["field"] == "environment.locale", "\(locale)")
    }
    let scene = try client.call("scene.open", ["component": "demo.Login"])["scene"]!
    let reply = try client.reply(
      "scene.resize", ["scene": scene, "environment": ["locale": "x"]])
    #expect(reply["error"]?["code"] == -32602)
    #expect(reply["error"]?["data"]?["field"] == "environment.locale")
    // The scene and the daemon go on, in English.
    #expect(
      try Self.loginTexts(client.call("scene.layout", ["scene": scene])["root"]!) == Self.english)
  }

  @Test("demo.Contacts counts its people in each language's plural form (CLDR)")
  func pluralInABundledScreen() throws {
    let daemon = try SceneDaemon(bundled: ["Contacts"])
    let client = try daemon.client()
    let expected: [(String, Int, String)] = [
      ("en", 1, "1 contact"), ("en", 3, "3 contacts"), ("de", 1, "1 Kontakt"),
      ("de", 2, "2 Kontakte"), ("ar", 1, "جهة اتصال واحدة"), ("ar", 2, "جهتا اتصال"),
      ("ar", 3, "3 جهات اتصال"), ("ar", 11, "11 جهة اتصال"), ("ar-EG", 4, "٤ جهات اتصال"),
    ]
    for (locale, count, text) in expected {
      let opened = try client.call(
        "scene.open",
        [
          "component": "demo.Contacts", "params": ["count": .int(Int64(count))],
          "environment": ["locale": .string(locale)],
        ])
      let label = SceneTests.find("count", in: opened["root"]!)?.node
      #expect(label?["props"]?["text"]?.stringValue == text, "\(locale) \(count)")
      try client.call("scene.close", ["scene": opened["scene"]!])
    }
    // The title follows the language too, and a resize switches the count's language.
    let opened = try client.call(
      "scene.open", ["component": "demo.Contacts", "params": ["count": 2]])
    _ = try client.call(
      "scene.resize", ["scene": opened["scene"]!, "environment": ["locale": "de"]])
    let tree = try client.call("scene.layout", ["scene": opened["scene"]!])["root"]!
    #expect(SceneTests.find("count", in: tree)?.node["props"]?["text"] == "2 Kontakte")
    #expect(Self.texts(in: tree).contains("Kontakte"))
  }
}
