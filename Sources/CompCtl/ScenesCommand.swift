import ArgumentParser
import JSONRPC

/// `compctl scenes`: `scene.list` as a table.
struct ScenesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "scenes", abstract: "List the open scenes.")

  @OptionGroup var options: ClientOptions

  func run() throws {
    let result = try options.call(method: "scene.list")
    if options.json {
      print(result.serialized())
      return
    }
    let scenes = result["scenes"]?.arrayValue ?? []
    print(scenes.isEmpty ? "no scenes" : Self.table(scenes).text)
  }

  /// The table of `scene.list` entries: scene, component, revision, size, style, and
  /// lifetime and subscribers when compd reports them.
  static func table(_ scenes: [JSON]) -> TextTable {
    let hasLifetime = scenes.contains { $0["lifetime"] != nil }
    let hasSubscribers = scenes.contains { $0["subscribers"] != nil }
    var headers = ["SCENE", "COMPONENT", "REVISION", "SIZE", "STYLE"]
    if hasLifetime { headers.append("LIFETIME") }
    if hasSubscribers { headers.append("SUBSCRIBERS") }
    var table = TextTable(headers: headers)
    for scene in scenes {
      let environment = scene["environment"]
      var size = ""
      if let width = environment?["width"]?.doubleValue,
        let height = environment?["height"]?.doubleValue
      {
        size = formatNumber(width) + "×" + formatNumber(height)
      }
      var row = [
        scene["scene"]?.stringValue ?? "?", scene["component"]?.stringValue ?? "",
        scene["revision"].map { revisionLabel($0) } ?? "", size,
        environment?["style"]?.stringValue ?? "",
      ]
      if hasLifetime { row.append(scene["lifetime"]?.stringValue ?? "") }
      if hasSubscribers { row.append(scene["subscribers"]?.intValue.map(String.init) ?? "") }
      table.rows.append(row)
    }
    return table
  }
}
