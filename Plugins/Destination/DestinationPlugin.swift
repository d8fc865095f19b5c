import ScreenKit

@_cdecl("compd_plugin_entry")
public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
  -> UnsafePointer<CChar>?
{
  PluginEntry.handle(request, registrar, plugin: "demo.destination", version: "1.0.0") { plugin in
    plugin.register(
      .viewController(
        "demo.Destination",
        summary: "A trip screen whose text field is driven by a lightweight controller",
        params: .object([
          .init("destination", .string("initial destination", default: "", maxLength: 100))
        ]),
        events: ["destinationChanged"]
      ) { context in
        DestinationViewController(initial: context.params["destination"]?.string ?? "") {
          context.emit($0, $1)
        }
      })
  }
}
