import ArgumentParser
import JSONRPC

/// `compctl resize SCENE WxH`: `scene.resize`, as when a device rotates.
struct ResizeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resize",
    abstract: "Give a scene a new screen size (and style) and print the new revision.",
    discussion: "Example: compctl resize s1 844x390 --style dark")

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  @Argument(help: ArgumentHelp("The new size in points, e.g. 844x390.", valueName: "WxH"))
  var size: String

  @Option(help: "The interface style (default: unchanged).")
  var style: InterfaceStyle?

  func validate() throws {
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
