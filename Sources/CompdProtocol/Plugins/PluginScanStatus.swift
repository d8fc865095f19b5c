/// How the vetting child (`compd --scan-plugin PATH`) ends, as the broker's vetter reads
/// it: 0 with the manifest on stdout accepts the plugin.
package enum PluginScanStatus {
  /// The exit status of a rejected plugin, with `{"error": reason}` on stdout; any other
  /// failure (a crash, a hang, other output) quarantines it.
  package static let rejected: Int32 = 2
}
