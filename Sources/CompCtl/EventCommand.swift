import ArgumentParser
import JSONRPC

/// `compctl event SCENE JSON`: sends any event object with `scene.event`.
struct EventCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "event",
    abstract: "Send any event to a scene and print the new revision.",
    discussion: """
      The event is a JSON object as in the protocol, for example
        compctl event s1 '{"type":"toggle","target":"darkMode","on":true}'
        compctl event s1 '{"type":"touch","x":195,"y":420}'
        compctl event s1 '{"type":"back"}'
      """)

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  @Argument(help: ArgumentHelp("The event as a JSON object.", valueName: "event-json"))
  var event: String

  func validate() throws {
    _ = try parsedEvent()
  }

  /// The event object.
  func parsedEvent() throws(ValidationError) -> JSONObject {
    let value: JSON
    do {
      value = try JSONParser.parse(event)
    } catch {
      throw ValidationError("EVENT_JSON is not valid JSON: \(error.message)")
    }
    guard case .object(let object) = value else {
      throw ValidationError("EVENT_JSON must be a JSON object such as {\"type\":\"back\"}")
    }
    guard object["type"]?.stringValue != nil else {
      throw ValidationError("EVENT_JSON needs a string \"type\" member")
    }
    return object
  }

  func run() throws {
    try Self.send(try parsedEvent(), to: scene, options: options)
  }

  /// Sends `event` to `scene` with `scene.event` and prints the new revision and whether
  /// the scene handled it (`r5 handled`, `r5 not handled`; `--json`: the result).
  static func send(_ event: JSONObject, to scene: String, options: ClientOptions) throws {
    let result = try options.call(
      method: "scene.event", params: ["scene": .string(scene), "event": .object(event)])
    if options.json {
      print(result.serialized())
      return
    }
    let handled = result["handled"]?.boolValue
    let revision = revisionLabel(result["revision"])
    print(revision + (handled == false ? " not handled" : " handled"))
  }
}
