import ArgumentParser
import JSONRPC

/// `compctl draw SCENE`: the scene's layout as a wireframe in the terminal.
struct DrawCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "draw",
    abstract: "Draw a scene's layout as a wireframe in the terminal.",
    discussion: """
      The root view is scaled to fit the terminal: its width into --width (else $COLUMNS,
      else the terminal on stdout, else 80 columns) and its height into --height (else
      $LINES, else the terminal's rows, less one; no limit when stdout is not a terminal),
      a row being two columns tall. Each type has its own style: boxes ┌─┐ for views with a
      background or border, ┌╌┐ for scroll views, ╭─╮ for buttons, ┏━┓ for text fields,
      ╔═╗ for images; labels are text without a box, switches [on ●] or [○ off]. Hidden
      views are left out; views too small for one cell are counted in a line after the
      drawing. With --json: {"scene", "revision", "columns", "rows", "tooSmall", "drawing"}.
      """)

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  @Option(
    help: ArgumentHelp(
      "Columns to draw in (\(WireframeRenderer.columnRange.lowerBound)–\(WireframeRenderer.columnRange.upperBound)).",
      valueName: "columns"))
  var width: Int?

  @Option(
    help: ArgumentHelp(
      "Rows to draw in at most (1–\(WireframeRenderer.maximumRows)).", valueName: "rows"))
  var height: Int?

  @Flag(
    name: .customLong("a11y"),
    help: "Draw what a screen reader reads: each element's box, numbered in reading order, with its role and name.")
  var accessibility = false

  func validate() throws {
    if let width, !WireframeRenderer.columnRange.contains(width) {
      throw ValidationError(
        "--width must be between \(WireframeRenderer.columnRange.lowerBound) and "
          + "\(WireframeRenderer.columnRange.upperBound) columns")
    }
    if let height, !(1...WireframeRenderer.maximumRows).contains(height) {
      throw ValidationError("--height must be between 1 and \(WireframeRenderer.maximumRows) rows")
    }
  }

  func run() throws {
    let result = try options.call(method: "scene.layout", params: ["scene": .string(scene)])
    let columns = min(
      max(width ?? TerminalWidth.current(), WireframeRenderer.columnRange.lowerBound),
      WireframeRenderer.columnRange.upperBound)
    let render = accessibility ? WireframeRenderer.renderAccessibility : WireframeRenderer.render
    let drawing = render(result["root"] ?? .null, columns, height ?? TerminalHeight.current())
    if options.json {
      let object: JSONObject = [
        "scene": result["scene"] ?? .string(scene), "revision": result["revision"] ?? .null,
        "columns": .int(Int64(drawing.columns)), "rows": .int(Int64(drawing.rows)),
        "tooSmall": .int(Int64(drawing.tooSmall)), "drawing": .string(drawing.text),
      ]
      print(JSON.object(object).serialized())
    } else if drawing.text.isEmpty {
      print("(nothing to draw: the root view has no size)")
    } else {
      print(drawing.text)
      if drawing.tooSmall > 0 {
        let views = drawing.tooSmall == 1 ? "1 view was" : "\(drawing.tooSmall) views were"
        print("(\(views) too small to draw at this size; a larger --width or --height shows them)")
      }
    }
  }
}
