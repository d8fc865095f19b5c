/// The C entry point of a plugin, and how the host talks to it.
///
/// Every plugin exports one C symbol, `compd_plugin_entry`, of C type
/// `const char *compd_plugin_entry(int32_t request, void *registrar)`:
///
/// ```swift
/// @_cdecl("compd_plugin_entry")
/// public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
///   -> UnsafePointer<CChar>?
/// {
///   PluginEntry.handle(request, registrar, plugin: "demo.hello", version: "1.0.0") { plugin in
///     plugin.register(
///       .view("demo.Hello", summary: "Says hello") { _ in
///         let label = Label()
///         label.text = "Hello"
///         return label
///       })
///   }
/// }
/// ```
///
/// The host first calls it with `stampRequest`: the answer is the ABI stamp compiled into
/// the plugin, a pointer to constant data, produced without touching any Swift type of the
/// plugin or of ScreenKit. Only when the stamp equals `ABIStamp.library` does the host call
/// it with `registerRequest` and a `PluginRegistrar`.
public enum PluginEntry {
  /// The name of the C symbol every plugin exports.
  public static let symbolName = "compd_plugin_entry"
  /// The request that asks for the plugin's ABI stamp.
  public static let stampRequest: Int32 = 0
  /// The request that asks the plugin to register its components.
  public static let registerRequest: Int32 = 1

  /// Answers the host: the compiled-in stamp for `stampRequest`; for `registerRequest`, runs
  /// `register` with the registrar and returns `nil`. Any other request returns `nil`.
  ///
  /// Emitted into the plugin, so that the stamp is the one the plugin was compiled with.
  @_alwaysEmitIntoClient
  public static func handle(
    _ request: Int32, _ registrar: UnsafeMutableRawPointer?, plugin name: StaticString,
    version: StaticString, _ register: (PluginRegistrar) -> Void
  ) -> UnsafePointer<CChar>? {
    if request == 0 {
      return UnsafeRawPointer(ABIStamp.compiledIn.utf8Start).assumingMemoryBound(to: CChar.self)
    }
    if request == 1, let registrar {
      fill(registrar, name: name.description, version: version.description, register)
    }
    return nil
  }

  /// Runs a plugin's registration against the registrar behind `opaque`.
  public static func fill(
    _ opaque: UnsafeMutableRawPointer, name: String, version: String,
    _ register: (PluginRegistrar) -> Void
  ) {
    let registrar = Unmanaged<PluginRegistrar>.fromOpaque(opaque).takeUnretainedValue()
    registrar.name = name
    registrar.version = version
    register(registrar)
  }
}
