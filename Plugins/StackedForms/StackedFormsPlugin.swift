import ScreenKit

@_cdecl("compd_plugin_entry")
public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
  -> UnsafePointer<CChar>?
{
  PluginEntry.handle(request, registrar, plugin: "demo.stackedforms", version: "1.0.0") {
    plugin in
    plugin.register(
      .viewController(
        "demo.StackedForm", summary: "A scrolling stacked form that adds and removes rows",
        params: .object([
          .init("rows", .integer("initial rows", default: 2, minimum: 0, maximum: 50))
        ]),
        events: ["rowsChanged"]
      ) { context in
        FormViewController(rows: Int(context.params["rows"]?.intValue ?? 0)) {
          context.emit($0, $1)
        }
      })
    plugin.register(
      .viewController(
        "demo.Settings", summary: "Settings as switches in an inset-grouped table",
        params: .object(
          SettingsViewController.settings.map {
            .init($0.key, .boolean(default: $0.key == "notifications"))
          }),
        events: ["settingChanged"]
      ) { context in
        var values: [String: Bool] = [:]
        for setting in SettingsViewController.settings {
          values[setting.key] = context.params[setting.key]?.boolValue
        }
        return SettingsViewController(values: values) { context.emit($0, $1) }
      })
  }
}
