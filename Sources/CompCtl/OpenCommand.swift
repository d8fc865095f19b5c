import ArgumentParser
import JSONRPC

/// `compctl open NAME`: `scene.open`; prints the new scene's id.
struct OpenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: "Open a scene of a component and print its id.",
    discussion: """
      A --param value that is valid JSON (a number, true, false, null, a "quoted" string,
      an array or an object) is sent as that JSON value; anything else is sent as a string.
      Example: compctl open demo.Settings --param darkMode=true --size 390x844 --style dark
      --locale de
      """)

  @OptionGroup var options: ClientOptions

  @Argument(help: "The component's name, as `compctl components` lists it.")
  var component: String

  @Option(
    name: .customLong("param"),
    help: ArgumentHelp("A component param (repeatable).", valueName: "key=value"))
  var params: [String] = []

  @Option(help: ArgumentHelp("The screen size in points (default 390x844).", valueName: "WxH"))
  var size: String?

  @Option(help: "The interface style (default light).")
  var style: InterfaceStyle?

  @Option(
    help: ArgumentHelp(
      "The scene's language and formats, a BCP 47 tag such as de or ar (default en).",
      valueName: "tag"))
  var locale: String?

  @Option(
    help: ArgumentHelp(
      "daemon: stays until `compctl close`; connection: closes once compctl has gone.",
      valueName: "lifetime"))
  var lifetime: SceneLifetimeOption = .daemon

  func validate() throws {
    if component.isEmpty { throw ValidationError("the component name is empty") }
    _ = try request()
  }

  /// The `scene.open` params.
  func request() throws(ValidationError) -> JSONObject {
    var request: JSONObject = ["component": .string(component)]
    request["params"] = .object(try ComponentParams.parse(params))
    let size = try size.map { text throws(ValidationError) in
      try ScreenSize(parsing: text, option: "--size")
    }
    var environment = ScreenSize.environment(size, style: style) ?? [:]
    if let locale { environment["locale"] = .string(locale) }
    if !environment.isEmpty { request["environment"] = .object(environment) }
    request["lifetime"] = .string(lifetime.rawValue)
    return request
  }

  func run() throws {
    let result = try options.call(method: "scene.open", params: try request())
    if options.json {
      print(result.serialized())
    } else {
      print(result["scene"]?.stringValue ?? result.serialized())
    }
  }
}
