import ArgumentParser
import JSONRPC

/// `compctl tap SCENE TARGET`: a `tap` event.
struct TapCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tap", abstract: "Tap a node (by id or key) and print the new revision.")

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  @Argument(help: "The node's id (n7) or key (login).")
  var target: String

  func validate() throws {
    if target.isEmpty { throw ValidationError("the target is empty") }
  }

  func run() throws {
    try EventCommand.send(["type": "tap", "target": .string(target)], to: scene, options: options)
  }
}
