/// How the layout engine measures and lays out a view: the one thing a `View` subclass tells
/// the engine about itself (`View.layoutAlgorithm`), as a Yoga node's measure function and a
/// Taffy node's display mode tell theirs which algorithm computes the node. The engine
/// dispatches on it; a class overrides nothing else of the engine.
///
/// Whether a view is the root of a constraint scope (a subtree whose constraints stay inside
/// it, which its own simplex session can solve) does not depend on its class but on its
/// constraints: the engine finds scopes among `content` views (`ConstraintScope.rooted(at:)`).
@MainActor
enum LayoutAlgorithm: UInt8 {
  /// Measured by its intrinsic content size (or constant width and height constraints);
  /// its subviews keep their frames or are placed by constraints.
  case content
  /// Content whose height follows the width it is given when it wraps (a `Label`): a solve
  /// that gives it a width other than the one it was measured at solves again, at most
  /// `LayoutEngine.maximumIterations` times.
  case text
  /// A `StackView`, arranged natively (`DirectStackLayout`), measuring its arranged views
  /// through their own measure; in a simplex pass it adds the constraints `UIStackView`
  /// generates for them (`StackView.addArrangementConstraints(to:)`).
  case stack
  /// A `ScrollView`: its subviews in content coordinates, its content guide pinned to its
  /// top-left and sized by the content's constraints
  /// (`ScrollView.addContentGuideConstraints(to:)`), whose solved size it takes as its
  /// content size (`ScrollView.contentGuideWasResolved(size:)`). Only simplex passes lay
  /// it out.
  case scroll
  /// A `Window`: content whose safe area is the host's insets.
  case window
  /// A list (`TableView`): a leaf to the passes around it, which place only its frame. It
  /// arranges its own subviews (cells, headers) in `layoutSubviews()` and lays each out as a
  /// root of its own, so that the rows it adds and reuses as it scrolls never make the
  /// hierarchy around it lay out again.
  case list
}

extension LayoutPass {
  /// Adds the constraints that `view`'s algorithm generates to this pass.
  func addGeneratedConstraints(of view: View) {
    switch view.layoutAlgorithm {
    case .stack: unsafeDowncast(view, to: StackView.self).addArrangementConstraints(to: self)
    case .scroll: unsafeDowncast(view, to: ScrollView.self).addContentGuideConstraints(to: self)
    case .content, .text, .window, .list: break
    }
  }

  /// Hands `view` what its algorithm reads from this solved pass (a scroll view's content
  /// size, a wrapping label's width); returns whether that changed an input of the view's
  /// own measure, so that the pass must solve again.
  func deliverSolution(to view: View) -> Bool {
    switch view.layoutAlgorithm {
    case .text:
      return unsafeDowncast(view, to: Label.self).takeSolvedWidth(from: self)
    case .scroll:
      let scroll = unsafeDowncast(view, to: ScrollView.self)
      scroll.contentGuideWasResolved(size: solvedFrame(of: scroll.contentLayoutGuide)?.size)
      return false
    case .content, .stack, .window, .list: return false
    }
  }
}
