import ArgumentParser
import JSONRPC

/// `compctl key SCENE KEY [--modifiers shift,command] [--phase down|up]`: a `key` event.
struct PressKeyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "key",
    abstract:
      "Press a hardware key (Tab, Enter, ArrowDown, Escape, a …) and print the new revision.",
    discussion: """
      KEY is a W3C KeyboardEvent.key value: one character, or a named key such as Enter,
      Tab, Escape, Backspace, ArrowUp, ArrowDown, ArrowLeft, ArrowRight, Home, End,
      PageUp, PageDown, F1 … F12. Tab and the arrows move compd's focus (the root's
      `focused` node, ringed in `compctl draw`), Enter and space activate the focused
      control, other keys go to the screen's key commands.
      """)

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  @Argument(help: "The key (Tab, Enter, ArrowDown, a …).")
  var key: String

  @Option(
    name: .long, parsing: .singleValue,
    help: "Modifier keys held (shift, control, alternate, command); repeat or separate with commas."
  )
  var modifiers: [String] = []

  @Option(name: .long, help: "Only the key going down or coming up (default: a whole press).")
  var phase: String?

  /// The modifier names, commas split.
  var modifierNames: [String] {
    modifiers.flatMap { $0.split(separator: ",").map { String($0) } }.filter { !$0.isEmpty }
  }

  func validate() throws {
    if key.isEmpty { throw ValidationError("the key is empty") }
    let known: Set = ["shift", "control", "alternate", "command"]
    for name in modifierNames where !known.contains(name) {
      throw ValidationError("unknown modifier \"\(name)\" (shift, control, alternate, command)")
    }
    if let phase, phase != "down", phase != "up" {
      throw ValidationError("--phase must be down or up")
    }
  }

  func run() throws {
    var event: JSONObject = ["type": "key", "key": .string(key)]
    if !modifierNames.isEmpty { event["modifiers"] = .array(modifierNames.map(JSON.string)) }
    if let phase { event["phase"] = .string(phase) }
    try EventCommand.send(event, to: scene, options: options)
  }
}
