import ArgumentParser
import JSONRPC

/// `compctl draw SCENE`: the scene's layout as a wireframe in the terminal.
struct DrawCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "draw",
    abstract: "Draw a scene's layout as a wireframe in the terminal.",
    discussion: """
      The root view's width is scaled to the terminal's (--width, else $COLUMNS, else the
      terminal on stdout, else 80 columns); a row is two columns tall. Labels, button
      titles and text fields show their text; hidden views are left out.
      With --json: {"scene", "revision", "columns", "drawing"}.
      """)

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  @Option(
    help: ArgumentHelp(
      "Columns to draw in (\(WireframeRenderer.columnRange.lowerBound)–\(WireframeRenderer.columnRange.upperBound)).",
      valueName: "columns"))
  var width: Int?

  func validate() throws {
    if let width, !WireframeRenderer.columnRange.contains(width) {
      throw ValidationError(
        "--width must be between \(WireframeRenderer.columnRange.lowerBound) and "
          + "\(WireframeRenderer.columnRange.upperBound) columns")
    }
  }

  func run() throws {
    let result = try options.call(method: "scene.layout", params: ["scene": .string(scene)])
    let columns = min(
      max(width ?? TerminalWidth.current(), WireframeRenderer.columnRange.lowerBound),
      WireframeRenderer.columnRange.upperBound)
    let drawing = WireframeRenderer.render(root: result["root"] ?? .null, columns: columns)
    if options.json {
      let object: JSONObject = [
        "scene": result["scene"] ?? .string(scene), "revision": result["revision"] ?? .null,
        "columns": .int(Int64(columns)), "drawing": .string(drawing),
      ]
      print(JSON.object(object).serialized())
    } else if drawing.isEmpty {
      print("(nothing to draw: the root view has no size)")
    } else {
      print(drawing)
    }
  }
}
