/// Told when a scroll view scrolls and how a user's drag goes, as `UIScrollViewDelegate`.
///
/// A drag by touches calls, in UIKit's order: ``scrollViewWillBeginDragging(_:)`` once the
/// finger has moved far enough to scroll, ``scrollViewDidScroll(_:)`` for each move,
/// ``scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`` when it lifts (the
/// delegate may move the target), ``scrollViewDidEndDragging(_:willDecelerate:)``, and, when
/// the content goes on moving, ``scrollViewWillBeginDecelerating(_:)`` at once and
/// ``scrollViewDidEndDecelerating(_:)`` once the deceleration's duration has passed on the
/// host. Every method has an empty default.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
  /// The content offset changed (a drag's move, a fling's final offset, code setting it).
  func scrollViewDidScroll(_ scrollView: ScrollView)
  /// A drag is about to scroll the content.
  func scrollViewWillBeginDragging(_ scrollView: ScrollView)
  /// The finger lifted: `velocity` is the content's, in points per millisecond (UIKit's
  /// unit; positive when the offset grows), and `targetContentOffset` where it will come to
  /// rest, which the delegate may change (to snap to items, say). ScreenKit clamps what it
  /// sets to the scrollable range.
  func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point,
    targetContentOffset: inout Point)
  /// The drag ended; `decelerate` tells whether the content goes on moving to its target.
  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
  /// The content starts moving to the drag's target on its own.
  func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
  /// The content came to rest at the target (the deceleration's duration has passed).
  func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
  /// Does nothing.
  public func scrollViewDidScroll(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
  /// Leaves the target as it is.
  public func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point,
    targetContentOffset: inout Point
  ) {}
  /// Does nothing.
  public func scrollViewDidEndDragging(
    _ scrollView: ScrollView, willDecelerate decelerate: Bool
  ) {}
  /// Does nothing.
  public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
  /// Does nothing.
  public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
}
