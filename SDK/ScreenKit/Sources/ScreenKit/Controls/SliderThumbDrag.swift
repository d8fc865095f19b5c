/// A finger holding a slider's thumb: where on the thumb it holds it, and the value when
/// the drag began (a discontinuous slider reports one change when the drag ends).
struct SliderThumbDrag {
  /// The finger's leading offset minus the thumb centre's, so the thumb does not jump to
  /// the finger when it is grabbed off-centre.
  var grabOffset: Double
  /// The value when the drag began.
  var valueBefore: Float
}
