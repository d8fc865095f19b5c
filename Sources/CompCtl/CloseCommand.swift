import ArgumentParser
import JSONRPC

/// `compctl close SCENE`: `scene.close`.
struct CloseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "close", abstract: "Close a scene.")

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  func run() throws {
    let result = try options.call(method: "scene.close", params: ["scene": .string(scene)])
    print(options.json ? result.serialized() : "closed \(scene)")
  }
}
