import ArgumentParser
import JSONRPC

/// `compctl render SCENE --output FILE`: a picture of the scene as SVG or PNG.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Write a picture of a scene as SVG or PNG.",
    discussion: """
      The file's extension picks the format: .svg is written by compctl, .png is the same
      SVG rasterised by librsvg at --scale pixels per point (default 2). Every node is
      drawn at its frame as docs/drawing.md describes: colours, borders, corner radii,
      text in Inter, switches with their state, images as named placeholders, scroll views
      clipped at their content offset. --output - writes SVG to standard output.
      With --json: {"scene", "revision", "output", "format", "width", "height"} (pixels
      for PNG, points for SVG).
      """)

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  @Option(
    name: [.short, .long],
    help: ArgumentHelp("The file to write (.svg or .png).", valueName: "file"))
  var output: String

  @Option(help: ArgumentHelp("Pixels per point for PNG (0.1–8).", valueName: "scale"))
  var scale: Double = 2

  enum Format: String {
    case svg, png
  }

  var format: Format? {
    if output == "-" { return .svg }
    let lowered = output.lowercased()
    if lowered.hasSuffix(".svg") { return .svg }
    if lowered.hasSuffix(".png") { return .png }
    return nil
  }

  func validate() throws {
    guard format != nil else {
      throw ValidationError("--output must end in .svg or .png (got '\(output)')")
    }
    guard scale.isFinite, (0.1...8).contains(scale) else {
      throw ValidationError("--scale must be between 0.1 and 8")
    }
  }

  func run() throws {
    let result = try options.call(method: "scene.layout", params: ["scene": .string(scene)])
    let root = result["root"] ?? .null
    var images: [String: ScenePicture.ImageBytes] = [:]
    for hash in ScenePicture.imageHashes(in: root) {
      // An image the daemon no longer has (its host restarted) is drawn as a placeholder.
      guard let image = try? options.call(method: "image.get", params: ["hash": .string(hash)]),
        let mime = image["mime"]?.stringValue, let data = image["data"]?.stringValue
      else { continue }
      images[hash] = ScenePicture.ImageBytes(mime: mime, base64: data)
    }
    let picture = ScenePicture(root: root, images: images)
    guard picture.width > 0, picture.height > 0 else {
      printError("nothing to render: the root view of \(scene) has no size")
      throw ExitCode(CompctlExit.daemonError)
    }
    let svg = SVGWriter.document(picture)
    var size = (width: picture.width, height: picture.height)
    switch format ?? .svg {
    case .svg:
      if output == "-" {
        print(svg, terminator: "")
        return
      }
      do {
        try FileOutput.write(svg, to: output)
      } catch {
        printError("cannot write \(output): \(error)")
        throw ExitCode(CompctlExit.usage)
      }
    case .png:
      do {
        try PNGWriter.write(
          svg: svg, width: picture.width, height: picture.height, scale: scale, to: output)
      } catch {
        printError("cannot write \(output): \(error)")
        throw ExitCode(CompctlExit.usage)
      }
      let pixels = PNGWriter.pixelSize(width: picture.width, height: picture.height, scale: scale)
      size = (Double(pixels.width), Double(pixels.height))
    }
    if options.json {
      let object: JSONObject = [
        "scene": result["scene"] ?? .string(scene), "revision": result["revision"] ?? .null,
        "output": .string(output), "format": .string((format ?? .svg).rawValue),
        "width": wireNumber(size.width), "height": wireNumber(size.height),
      ]
      print(JSON.object(object).serialized())
    } else {
      print("wrote \(output)")
    }
  }
}
