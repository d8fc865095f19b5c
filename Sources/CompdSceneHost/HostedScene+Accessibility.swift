import CompdProtocol
import JSONRPC
import ScreenKit

extension HostedScene {
  /// The accessibility notifications the scene's code posted since the last publication,
  /// as the `scene.announcement` params the broker sends (without `scene`, which it adds):
  /// `kind`, `text` when the argument was a string, `node` when it was a view the tree
  /// has (the container of a non-view element).
  func announcements() -> [JSON] {
    window.takeAccessibilityNotifications().map { posted in
      var params: JSONObject = ["kind": .string(posted.notification.rawValue)]
      if let text = posted.text { params["text"] = .string(text) }
      if let view = posted.view, view.isDescendant(of: window), let id = nodes.id(of: view) {
        params["node"] = .string(id)
      }
      return .object(params)
    }
  }
}
