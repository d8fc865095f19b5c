extension View {
  func defaultHitTest(_ point: Point, with event: Event?) -> View? {
    guard isUserInteractionEnabled, !isHidden, alpha >= 0.01,
      self.point(inside: point, with: event)
    else { return nil }
    for subview in subviews.reversed() {
      let local = convertToSubview(point, subview)
      if let hit = subview.hitTest(local, with: event) { return hit }
    }
    return self
  }

  /// Whether `point`, relative to the view's top-left corner (as `convertToSubview` gives
  /// it), lies inside the view. A scroll view's bounds origin is its content offset, which
  /// applies to its subviews' positions, not to where the view itself is.
  func defaultPointInside(_ point: Point) -> Bool {
    let size = frame.size
    return point.x >= 0 && point.y >= 0 && point.x < size.width && point.y < size.height
  }

  /// `point` in this view's coordinates converted to `subview`'s.
  func convertToSubview(_ point: Point, _ subview: View) -> Point {
    let origin = contentOriginForSubviews
    return Point(
      x: point.x + origin.x - subview.frame.minX, y: point.y + origin.y - subview.frame.minY)
  }

  /// The point of the view's own coordinate space at its top left (a scroll view's content
  /// offset), zero for plain views.
  var contentOriginForSubviews: Point { bounds.origin }

  /// `point` in this view's coordinates converted to the window's.
  func convertToWindow(_ point: Point) -> Point {
    var result = point
    var current: View = self
    while let parent = current.superview {
      let origin = parent.contentOriginForSubviews
      result = Point(
        x: result.x + current.frame.minX - origin.x, y: result.y + current.frame.minY - origin.y)
      current = parent
    }
    return result
  }
}
