import ScreenKit

// `fixture.scratch`: a scratch pad whose text is live state and nothing else (it takes no
// part in state restoration), for the tests of what a rebuild of another plugin leaves
// alone: a scene of it that is moved comes back empty.

@_cdecl("compd_plugin_entry")
public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
  -> UnsafePointer<CChar>?
{
  PluginEntry.handle(request, registrar, plugin: "fixture.scratch", version: "1.0.0") { plugin in
    plugin.register(
      .viewController("scratch.Pad", summary: "a text field whose text is not restorable") { _ in
        PadController()
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
