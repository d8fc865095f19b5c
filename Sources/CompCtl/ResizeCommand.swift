import ArgumentParser
import JSONRPC

/// `compctl resize SCENE WxH`: `scene.resize`, as when a device rotates.
struct ResizeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resize",
    abstract: "Give a scene a new screen size (and style) and print the new revision.",
    discussion: "Example: compctl resize s1 844x390 --style dark")

  @OptionGroup var options: ClientOptions

  @Argument(help: "The scene id, e.g. s1.")
  var scene: String

  @Argument(help: ArgumentHelp("The new size in points, e.g. 844x390.", valueName: "WxH"))
  var size: String

  @Option(help: "The interface style (default: unchanged).")
  var style: InterfaceStyle?

  func validate() throws {
    if scene.isEmpty { throw ValidationError("the scene id is empty") }
    _ = try ScreenSize(parsing: size, option: "the size")
  }

  func run() throws {
    let size = try ScreenSize(parsing: size, option: "the size")
    let environment = ScreenSize.environment(size, style: style) ?? [:]
    let result = try options.call(
      method: "scene.resize",
      params: ["scene": .string(scene), "environment": .object(environment)])
    if options.json {
      print(result.serialized())
    } else {
      let id = result["scene"]?.stringValue ?? scene
      print(
        "\(id) \(revisionLabel(result["revision"])) "
          + "\(formatNumber(size.width))×\(formatNumber(size.height))")
    }
  }
}
