import CompdProtocol
import ScreenKit

extension SceneNodeLimit {
  /// The error for the tree under `root`, counted in full (views only: no nodes are built).
  @MainActor
  func exceeded(by root: View) -> Exceeded {
    exceeded(nodes: Self.count(root))
  }

  /// The views in the tree under `view`, itself included: the nodes it makes.
  @MainActor
  static func count(_ view: View) -> Int {
    var count = 0
    var pending = [view]
    while let next = pending.popLast() {
      count += 1
      pending.append(contentsOf: next.subviews)
    }
    return count
  }
}
