/// What a plugin's entry point fills in once the host has accepted its ABI stamp: the
/// plugin's name and version and the components it provides.
///
/// The host makes one for each plugin and passes it to the entry point as an opaque
/// pointer; see `PluginEntry`.
public final class PluginRegistrar {
  /// The plugin's name, such as `demo.login`.
  public internal(set) var name = ""
  /// The plugin's version.
  public internal(set) var version = ""
  /// The components registered so far, in registration order.
  public private(set) var components: [Component] = []

  /// An empty registrar (the host makes these).
  public init() {}

  /// Adds `component` to what the plugin provides. Names are checked by the host, which
  /// rejects the plugin when one is invalid or already taken.
  public func register(_ component: Component) {
    components.append(component)
  }
}
