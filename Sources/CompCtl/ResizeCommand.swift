import ArgumentParser
import JSONRPC

/// `compctl resize SCENE WxH`: `scene.resize`, as when a device rotates.
struct ResizeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resize",
    abstract:
      "Give a scene a new screen size (style, locale) and print the new revision.",
    discussion: """
      Examples: compctl resize s1 844x390 --style dark; compctl resize s1 --locale ar
      """)

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  @Argument(
    help: ArgumentHelp(
      "The new size in points, e.g. 844x390 (default: unchanged).", valueName: "WxH"))
  var size: String?

  @Option(help: "The interface style (default: unchanged).")
  var style: InterfaceStyle?

  @Option(
    help: ArgumentHelp(
      "The scene's new language and formats, a BCP 47 tag such as de or ar (default: unchanged).",
      valueName: "tag"))
  var locale: String?

  func validate() throws {
    if let size { _ = try ScreenSize(parsing: size, option: "the size") }
    if size == nil, style == nil, locale == nil {
      throw ValidationError("give a size, --style or --locale")
    }
  }

  func run() throws {
    let size = try size.map { text throws(ValidationError) in
      try ScreenSize(parsing: text, option: "the size")
    }
    var environment = ScreenSize.environment(size, style: style) ?? [:]
    if let locale { environment["locale"] = .string(locale) }
    let result = try options.call(
      method: "scene.resize",
      params: ["scene": .string(scene), "environment": .object(environment)])
    if options.json {
      print(result.serialized())
    } else {
      let id = result["scene"]?.stringValue ?? scene
      var line = "\(id) \(revisionLabel(result["revision"]))"
      if let size { line += " \(formatNumber(size.width))×\(formatNumber(size.height))" }
      if let locale { line += " \(locale)" }
      print(line)
    }
  }
}
