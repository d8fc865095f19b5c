extension ViewController {
  /// The controllers whose views are in `root`'s subtree, parents before children: the
  /// ones a layout pass of `root` wraps in `viewWillLayoutSubviews()` (all of them, before
  /// the single solve) and `viewDidLayoutSubviews()` (after the frames are applied).
  ///
  /// Differs from UIKit, which interleaves the two calls per view as it walks the layer
  /// tree; ScreenKit solves a hierarchy at once, so every controller's "will" precedes the
  /// solve and every "did" sees final frames.
  static func controllersLaidOut(under root: View) -> [ViewController] {
    var result: [ViewController] = []
    guard View.controllerRootViews.load(ordering: .relaxed) > 0 else { return result }
    func visit(_ view: View) {
      if let controller = view.owningViewController { result.append(controller) }
      for subview in view.subviews where !subview.isHidden { visit(subview) }
    }
    visit(root)
    return result
  }
}
