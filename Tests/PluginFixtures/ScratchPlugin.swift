import ScreenKit

// `fixture.scratch`: a scratch pad whose text is live state and nothing else (it takes no
// part in state restoration), for the tests of what a rebuild of another plugin leaves
// alone: a scene of it that is moved comes back empty; and a forest of as many plain views
// as asked for, for the tests of the scene node limit.

@_cdecl("compd_plugin_entry")
public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
  -> UnsafePointer<CChar>?
{
  PluginEntry.handle(request, registrar, plugin: "fixture.scratch", version: "1.0.0") { plugin in
    plugin.register(
      .viewController("scratch.Pad", summary: "a text field whose text is not restorable") { _ in
        PadController()
      })
    plugin.register(
      .viewController(
        "scratch.Forest",
        summary: "a screen of `views` plain views; its button grow adds `grow` more when tapped",
        params: .object([
          .init("views", .integer(default: 0, minimum: 0, maximum: 1_000_000)),
          .init("grow", .integer(default: 0, minimum: 0, maximum: 1_000_000)),
        ])
      ) { context in
        ForestController(
          views: context.params["views"]?.int ?? 0, grow: context.params["grow"]?.int ?? 0)
      })
  }
}

/// A text field, `pad`, with no restoration identifier anywhere.
final class PadController: ViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    let field = TextField()
    field.placeholder = "Scratch"
    field.accessibilityIdentifier = "pad"
    field.frame = Rect(x: 20, y: 60, width: 300, height: 30)
    view.addSubview(field)
  }
}

/// A button, `grow`, and a `forest` view holding `views` plain views; each tap on `grow`
/// adds `grow` more. Each view is one node on the wire.
final class ForestController: ViewController {
  private let initial: Int
  private let growth: Int
  private let forest = View()

  init(views: Int, grow: Int) {
    initial = views
    growth = grow
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let button = Button(type: .system)
    button.setTitle("Grow", for: .normal)
    button.accessibilityIdentifier = "grow"
    button.frame = Rect(x: 20, y: 60, width: 120, height: 44)
    button.addAction(for: .touchUpInside) { [weak self] _ in
      guard let self else { return }
      self.plant(self.growth)
    }
    forest.accessibilityIdentifier = "forest"
    forest.frame = Rect(x: 0, y: 120, width: 390, height: 600)
    view.addSubview(button)
    view.addSubview(forest)
    plant(initial)
  }

  /// Adds `count` 1×1 views to the forest.
  private func plant(_ count: Int) {
    for index in 0..<count {
      let tree = View(
        frame: Rect(x: Double(index % 390), y: Double(index / 390 % 600), width: 1, height: 1))
      forest.addSubview(tree)
    }
  }
}
