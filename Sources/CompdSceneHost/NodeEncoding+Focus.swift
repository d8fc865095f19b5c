import CompdProtocol
import JSONRPC
import ScreenKit

extension NodeEncoding {
  /// Adds the root's `focused` prop: the node id of the view the window's focus engine has
  /// focused, sent only while something is focused (docs/protocol.md, root props). `id`
  /// gives a view's node id as the table knows it.
  static func addFocused(of root: View, to props: inout JSONObject, id: (View) -> String?) {
    guard let window = root as? Window, let focused = window.focusedView,
      focused.window === window, let node = id(focused)
    else { return }
    props["focused"] = .string(node)
  }
}
