import ArgumentParser
import JSONRPC

/// `compctl tap SCENE TARGET`: a `tap` event.
struct TapCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tap", abstract: "Tap a node (by id or key) and print the new revision.")

  @OptionGroup var options: ClientOptions

  @Argument(help: "The scene id, e.g. s1.")
  var scene: String

  @Argument(help: "The node's id (n7) or key (login).")
  var target: String

  func validate() throws {
    if scene.isEmpty { throw ValidationError("the scene id is empty") }
    if target.isEmpty { throw ValidationError("the target is empty") }
  }

  func run() throws {
    try EventCommand.send(["type": "tap", "target": .string(target)], to: scene, options: options)
  }
}
