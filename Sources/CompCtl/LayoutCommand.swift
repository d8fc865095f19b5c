import ArgumentParser
import JSONRPC

/// `compctl layout SCENE`: `scene.layout` as an indented tree (`--json`: the raw result).
struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Show a scene's layout tree.",
    discussion: """
      One node per line, indented under its parent: type, "key", id, frame as
      (x, y, width×height) in the parent's coordinates, and what the node shows.
      """)

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  func run() throws {
    let result = try options.call(method: "scene.layout", params: ["scene": .string(scene)])
    if options.json {
      print(result.serialized())
      return
    }
    print("\(result["scene"]?.stringValue ?? scene) \(revisionLabel(result["revision"]))")
    print(LayoutTreeText.render(root: result["root"] ?? .null))
  }
}
