/// Finds the daemon's socket: `--socket`, then `$COMPD_SOCKET`, then
/// `$XDG_RUNTIME_DIR/compd.sock`, then `/run/compd.sock`.
public enum SocketLocator {
  /// The path to use and where it came from (for messages).
  public static func resolve(flag: String?, environment: [String: String]) -> (
    path: String, source: String
  ) {
    if let flag, !flag.isEmpty { return (flag, "--socket") }
    if let path = environment["COMPD_SOCKET"], !path.isEmpty { return (path, "$COMPD_SOCKET") }
    if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
      let directory = runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime
      return (directory + "/compd.sock", "$XDG_RUNTIME_DIR")
    }
    return ("/run/compd.sock", "default")
  }
}
