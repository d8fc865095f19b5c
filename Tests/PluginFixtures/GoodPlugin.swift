import ScreenKit

@_cdecl("compd_plugin_entry")
public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
  -> UnsafePointer<CChar>?
{
  PluginEntry.handle(request, registrar, plugin: "fixture.good", version: "1.2.3") { plugin in
    #if BAD_NAME
      plugin.register(.view("NoNamespace", summary: "an invalid name") { _ in View() })
    #elseif THROWING_FACTORY
      plugin.register(
        .view("fixture.Throwing", summary: "its factory throws") { _ in
          throw FixtureError()
        })
    #elseif PICKY
      plugin.register(
        .view(
          "fixture.Picky", summary: "its factory throws when asked to",
          params: .object([.init("refuse", .boolean(default: false))]), events: ["pinged"]
        ) { context in
          if context.params["refuse"]?.boolValue == true { throw FixtureError() }
          let view = View()
          view.accessibilityIdentifier = "picky"
          // Tapping "ping" emits its declared event and one it never declared.
          let button = Button(type: .system)
          button.setTitle("Ping", for: .normal)
          button.accessibilityIdentifier = "ping"
          button.frame = Rect(x: 10, y: 10, width: 80, height: 40)
          button.addAction(for: .touchUpInside) { _ in
            context.emit("sneaky", .string("not declared"))
            context.emit("pinged", .int(1))
          }
          view.addSubview(button)
          return view
        })
    #elseif TRAPPING_VIEW_DID_LOAD
      plugin.register(
        .viewController("fixture.Trapping", summary: "traps in viewDidLoad") { _ in
          TrappingController()
        })
    #elseif RENAMED
      plugin.register(.view("fixture.Renamed", summary: "another name") { _ in View() })
    #else
      plugin.register(
        .view(
          "fixture.Hello", version: "2.0.0", summary: "A greeting",
          params: .object([.init("name", .string(default: "world", maxLength: 40))]),
          events: ["greeted"]
        ) { context in
          let view = View()
          view.accessibilityIdentifier = "hello \(context.params["name"]?.stringValue ?? "")"
          context.emit("greeted", context.params["name"] ?? .null)
          return view
        })
    #endif
  }
}

struct FixtureError: Error, CustomStringConvertible {
  var description: String { "the fixture refuses" }
}

final class TrappingController: ViewController {
  override func viewDidLoad() {
    fatalError("viewDidLoad trapped on purpose")
  }
}

/// The address of ScreenKit's `View` class metadata as this plugin sees it.
@_cdecl("fixture_view_class_identity")
public func fixtureViewClassIdentity() -> UInt {
  unsafeBitCast(View.self as AnyClass, to: UInt.self)
}
