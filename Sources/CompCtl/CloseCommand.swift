import ArgumentParser
import JSONRPC

/// `compctl close SCENE`: `scene.close`.
struct CloseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "close", abstract: "Close a scene.")

  @OptionGroup var options: ClientOptions

  @Argument(help: "The scene id, e.g. s1.")
  var scene: String

  func validate() throws {
    if scene.isEmpty { throw ValidationError("the scene id is empty") }
  }

  func run() throws {
    let result = try options.call(method: "scene.close", params: ["scene": .string(scene)])
    print(options.json ? result.serialized() : "closed \(scene)")
  }
}
