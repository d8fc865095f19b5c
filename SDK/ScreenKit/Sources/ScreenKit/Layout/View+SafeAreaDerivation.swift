/// How a view's safe-area insets and effective layout margins follow from its frame, shared
/// by everything that derives them (a simplex pass collecting its views with the insets it
/// assumes, applying its solution, and an island's views below it) so that they derive
/// them identically.
extension View {
  /// What a pass derives for this view once its frame is known: the safe-area insets, the
  /// safe rectangle its subviews measure their overlap against, and the effective margins.
  struct DerivedInsets {
    /// The safe-area insets.
    var safeAreaInsets: EdgeInsets
    /// The safe rectangle, absolute in the pass.
    var safeRect: Rect
    /// The margins the margins guide uses.
    var effectiveMargins: EdgeInsets
  }

  /// The superview's share in the derivation: its absolute frame, safe rectangle and
  /// effective margins.
  struct ParentInsetsContext {
    /// The superview's frame, absolute in the pass.
    var frame: Rect
    /// The superview's safe rectangle, absolute in the pass.
    var safeRect: Rect
    /// The superview's effective margins.
    var effectiveMargins: EdgeInsets
  }

  /// Derives the safe area and margins of the view at absolute `frame` (its `frame`
  /// property must already hold the new size: a controller's root view reads its width for
  /// the system minimum margins). A controller's view takes `viewSafeAreaInsets`, a window
  /// that roots the pass its host's insets, any other view the overlap of its frame with the
  /// superview's safe rectangle. `parent` is `nil` for the pass root.
  func deriveInsets(frame: Rect, isPassRoot: Bool, parent: ParentInsetsContext?) -> DerivedInsets {
    let insets: EdgeInsets
    var safeRect: Rect
    if let controller = owningViewController {
      insets = controller.viewSafeAreaInsets
      safeRect = frame.inset(by: insets)
    } else if let window = self as? Window, isPassRoot {
      insets = window.hostSafeAreaInsets
      safeRect = frame.inset(by: insets)
    } else if let parent {
      safeRect = parent.safeRect
      insets = frame.overlapInsets(with: safeRect)
    } else {
      insets = .zero
      safeRect = frame
    }
    if let scrollView = self as? ScrollView {
      safeRect = scrollView.contentSafeRect(safeRect, frame: frame)
    }
    var margins = layoutMargins
    if insetsLayoutMarginsFromSafeArea {
      margins = EdgeInsets(
        top: margins.top + insets.top, left: margins.left + insets.left,
        bottom: margins.bottom + insets.bottom, right: margins.right + insets.right)
    }
    if preservesSuperviewLayoutMargins, let parent {
      let outer = parent.effectiveMargins
      let parentFrame = parent.frame
      margins.left = max(margins.left, outer.left - (frame.minX - parentFrame.minX))
      margins.top = max(margins.top, outer.top - (frame.minY - parentFrame.minY))
      margins.right = max(margins.right, outer.right - (parentFrame.maxX - frame.maxX))
      margins.bottom = max(margins.bottom, outer.bottom - (parentFrame.maxY - frame.maxY))
    }
    return DerivedInsets(safeAreaInsets: insets, safeRect: safeRect, effectiveMargins: margins)
  }
  /// Derives the safe area and margins of every view below this one, whose absolute frame
  /// and derivation are `absolute` and `derived`, from their frames: for an island that a
  /// constraint pass placed and direct evaluation arranged with zero insets, where the safe
  /// area reaches it.
  func deriveInsetsBelow(absolute: Rect, derived: DerivedInsets) {
    let parent = ParentInsetsContext(
      frame: absolute, safeRect: derived.safeRect, effectiveMargins: derived.effectiveMargins)
    for child in subviews {
      let frame = child.frame
      let childAbsolute = Rect(
        x: absolute.minX + frame.minX, y: absolute.minY + frame.minY, width: frame.width,
        height: frame.height)
      let childDerived = child.deriveInsets(
        frame: childAbsolute, isPassRoot: false, parent: parent)
      child.layoutState.safeAreaInsets = childDerived.safeAreaInsets
      child.layoutState.effectiveLayoutMargins = childDerived.effectiveMargins
      child.deriveInsetsBelow(absolute: childAbsolute, derived: childDerived)
    }
  }
}

extension ScrollView {
  /// The safe rectangle the scroll view's content measures its overlap against: `safeRect`
  /// opened out to beyond any content on the axes where the safe area became content inset
  /// (`safeAreaAdjustedAxes`), so that content gets no safe area there wherever it scrolls.
  func contentSafeRect(_ safeRect: Rect, frame: Rect) -> Rect {
    let axes = safeAreaAdjustedAxes
    // Far enough that no content reaches it, finite so that overlap arithmetic stays exact.
    let beyond = 1e9
    var open = safeRect
    if axes.vertical {
      open.origin.y = frame.minY - beyond
      open.size.height = frame.height + 2 * beyond
    }
    if axes.horizontal {
      open.origin.x = frame.minX - beyond
      open.size.width = frame.width + 2 * beyond
    }
    return open
  }
}
