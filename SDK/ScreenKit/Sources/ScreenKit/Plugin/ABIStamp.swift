/// The ABI stamp that decides whether a plugin may run in a process: ScreenKit's version,
/// the compiler version and a hash of ScreenKit's interface, as one string such as
/// `ScreenKit 0.1.0; Swift 6.3.1; interface 0123456789abcdef`.
///
/// Swift has no stable ABI on Linux, so a plugin is only safe with the very ScreenKit it
/// was compiled against, built by the same compiler. The plugin answers `compiledIn` (the
/// copy compiled into the plugin); the host compares it with `library` (the copy inside the
/// libScreenKit.so it runs) before calling any of the plugin's Swift code.
public enum ABIStamp {
  /// The stamp of the libScreenKit.so this process runs.
  public static var library: String { compiledIn.description }

  /// Whether a plugin answering `stamp` may be loaded into this process.
  public static func accepts(_ stamp: String) -> Bool { stamp == library }
}
