import CompdProtocol
import JSONRPC

extension Scene {
  /// Sends each accessibility notification of a host's report to subscribers as
  /// `scene.announcement`, after the report's `scene.changed` and `scene.emitted`, so that a
  /// `node` it names is in the tree the client already has.
  func publishAnnouncements(_ report: HostAnswer) {
    for announcement in report.announcements {
      publish("scene.announcement", with: announcement)
    }
  }
}
