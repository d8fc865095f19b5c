/// A control whose parts react to taps differently (a stepper's − and + halves, a segmented
/// control's segments, a page control's halves): a tap carries where it landed, in the
/// view's own coordinates. A tap that names the view without a point lands at its centre.
@MainActor
public protocol PointTapReceiving: View {
  /// Handles a completed tap at `point` (in the view's bounds); returns whether it did
  /// something.
  func receiveTap(at point: Point) -> Bool
}
