import ArgumentParser
import JSONRPC

/// `compctl type SCENE TARGET TEXT`: a `text` event, which replaces a field's text.
struct TypeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "type",
    abstract: "Replace a text field's text and print the new revision.")

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  @Argument(help: "The text field's id (n4) or key (user).")
  var target: String

  @Argument(help: "The field's new text (may be empty).")
  var text: String

  func validate() throws {
    if target.isEmpty { throw ValidationError("the target is empty") }
  }

  func run() throws {
    try EventCommand.send(
      ["type": "text", "target": .string(target), "text": .string(text)], to: scene,
      options: options)
  }
}
