/// The version of compd and compctl, one number for the whole package: `compd --version`,
/// `compctl --version`, `daemon.info` and `rpc.discover` report it.
public enum CompdVersion {
  /// The release, as `MAJOR.MINOR.PATCH`.
  public static let current = "0.1.0"
}
