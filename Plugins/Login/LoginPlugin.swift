import ScreenKit

@_cdecl("compd_plugin_entry")
public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
  -> UnsafePointer<CChar>?
{
  PluginEntry.handle(request, registrar, plugin: "demo.login", version: "1.0.0") { plugin in
    plugin.register(
      .viewController(
        "demo.Login", summary: "A login form; emits login with the user name",
        params: .object([
          .init("username", .string("prefilled user name", default: "", maxLength: 64))
        ]),
        events: ["login"]
      ) { context in
        LoginViewController(username: context.params["username"]?.string ?? "") {
          context.emit($0, $1)
        }
      })
  }
}
