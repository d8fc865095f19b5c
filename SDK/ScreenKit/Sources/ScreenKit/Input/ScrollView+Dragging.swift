import Foundation

/// A drag by touches scrolls the content, as `UIScrollView`'s pan gesture does.
extension ScrollView {
  /// Whether a drag along each axis scrolls: scrolling is on and the content is larger
  /// than the view there, or the scroll view bounces on that axis anyway.
  var draggableAxes: (horizontal: Bool, vertical: Bool) {
    guard isScrollEnabled else { return (false, false) }
    let range = contentOffsetRange
    return (
      range.x.upperBound > range.x.lowerBound || alwaysBounceHorizontal,
      range.y.upperBound > range.y.lowerBound || alwaysBounceVertical
    )
  }

  /// Whether the scroll view's own pan may begin: the finger's first movement beyond the
  /// pan's hysteresis is along an axis that scrolls (a horizontal drag in a table that
  /// scrolls only vertically is left to the row's swipe, a slider or an outer scroll view),
  /// and with ``canCancelContentTouches`` off, no control in the content is tracking the
  /// finger.
  func scrollPanShouldBegin() -> Bool {
    let axes = draggableAxes
    let moved = panGestureRecognizer.translation(in: self)
    let horizontal = abs(moved.x) > abs(moved.y)
    guard horizontal ? axes.horizontal : axes.vertical else { return false }
    if !canCancelContentTouches {
      let tracking = panGestureRecognizer.trackedTouches.contains { touch in
        var view = touch.view
        while let current = view, current !== self {
          if let control = current as? Control, control.isTracking { return true }
          view = current.superview
        }
        return false
      }
      if tracking { return false }
    }
    return true
  }

  /// Follows ``panGestureRecognizer``: scrolls with the finger while it drags and
  /// decelerates when it lifts.
  func handlePan(_ pan: PanGestureRecognizer) {
    switch pan.state {
    case .began:
      stopDecelerating()
      // The content follows the finger from here on, without the hysteresis the pan
      // needed to begin.
      let moved = pan.translation(in: self)
      let length = (moved.x * moved.x + moved.y * moved.y).squareRoot()
      let beyond = max(0, length - PanGestureRecognizer.hysteresis)
      let scale = length > 0 ? beyond / length : 0
      pan.setTranslation(Point(x: moved.x * scale, y: moved.y * scale), in: self)
      dragStartOffset = contentOffset
      isDragging = true
      delegate?.scrollViewWillBeginDragging(self)
      follow(pan)
    case .changed:
      follow(pan)
    case .ended:
      endDragging(velocity: pan.velocity(in: self))
    case .cancelled, .failed:
      guard isDragging else { return }
      isDragging = false
      delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
    case .possible:
      break
    }
  }

  /// Puts the content where the finger has dragged it: the start offset less the
  /// translation, on the axes that scroll, clamped.
  private func follow(_ pan: PanGestureRecognizer) {
    let moved = pan.translation(in: self)
    let axes = draggableAxes
    contentOffset = Point(
      x: axes.horizontal ? dragStartOffset.x - moved.x : contentOffset.x,
      y: axes.vertical ? dragStartOffset.y - moved.y : contentOffset.y)
  }

  /// The finger lifted moving at `fingerVelocity` (points per second): the target is the
  /// fling's projection (snapped to a page when paging), the delegate may move it, and the
  /// content decelerates there.
  private func endDragging(velocity fingerVelocity: Point) {
    let axes = draggableAxes
    let velocity = Point(
      x: axes.horizontal ? -fingerVelocity.x : 0, y: axes.vertical ? -fingerVelocity.y : 0)
    let rate = decelerationRate.rawValue
    let start = contentOffset
    let projection = ScrollDeceleration.projection(of: start, velocity: velocity, rate: rate)
    var target = isPagingEnabled ? pageTarget(for: projection) : clamped(projection)
    delegate?.scrollViewWillEndDragging(
      self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000),
      targetContentOffset: &target)
    target = clamped(target)
    isDragging = false
    let decelerates = target != start
    delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
    guard decelerates else { return }
    let path = ScrollDeceleration(
      from: start, to: target, velocity: velocity, projection: projection,
      clampedProjection: clamped(projection), rate: rate)
    isDecelerating = true
    delegate?.scrollViewWillBeginDecelerating(self)
    contentOffset = target
    deceleration = path
    // The change the clients are sent carries the deceleration; the delegate's reaction to
    // the scroll (above) does not.
    if View.areAnimationsEnabled {
      ViewAnimations.run(path.animation) {
        ViewAnimations.note(self)
        setNeedsDisplay()
      }
    }
    decelerationTimer = Task { @MainActor [weak self] in
      try? await Task.sleep(for: .seconds(path.duration))
      guard !Task.isCancelled, let self, self.deceleration == path else { return }
      self.finishDecelerating()
    }
  }

  /// The deceleration reached its target: the delegate hears of it, and what it changes is
  /// published as any timer's change.
  private func finishDecelerating() {
    decelerationTimer = nil
    deceleration = nil
    isDecelerating = false
    let window = self.window
    if let window { Window.active = window }
    delegate?.scrollViewDidEndDecelerating(self)
    window?.afterInput()
  }

  /// Stops a deceleration under way where the clients show it by now (a finger landed):
  /// the content stays there, and `scrollViewDidEndDecelerating` is not sent, as UIKit's
  /// scroll view caught by a new touch.
  func stopDecelerating() {
    guard let path = deceleration else { return }
    endDecelerationUnannounced()
    contentOffset = path.offset(after: ProcessInfo.processInfo.systemUptime - path.startTime)
  }

  /// Forgets the deceleration under way without telling the delegate.
  func endDecelerationUnannounced() {
    decelerationTimer?.cancel()
    decelerationTimer = nil
    deceleration = nil
    isDecelerating = false
  }

  /// The page a fling ends on when paging: the one nearest its projection, at most one page
  /// from the page the drag began on, on each axis that scrolls.
  private func pageTarget(for projection: Point) -> Point {
    func axis(_ projected: Double, start: Double, page: Double) -> Double {
      guard page > 0 else { return projected }
      let startPage = (start / page).rounded()
      let wanted = (projected / page).rounded()
      return min(max(wanted, startPage - 1), startPage + 1) * page
    }
    return clamped(
      Point(
        x: axis(projection.x, start: dragStartOffset.x, page: frame.width),
        y: axis(projection.y, start: dragStartOffset.y, page: frame.height)))
  }
}
