/// How a finger drags a slider's thumb, as `UISlider` tracks it.
///
/// The thumb's centre travels from half a thumb in from the leading edge (the minimum) to
/// half a thumb in from the trailing edge (the maximum): the left edge in a left-to-right
/// layout, the right edge in a right-to-left one, as UIKit flips its slider. A finger that
/// lands within ``Slider/thumbHitRect`` grabs the thumb where it is; as it moves, the value
/// follows it in proportion to the distance along the track, pinned to the range.
extension Slider {
  /// The side of the square a finger may land in to grab the thumb, centred on the thumb,
  /// in points: the 44 × 44-point minimum hit target of Apple's Human Interface Guidelines
  /// ("Buttons": "a hit region of at least 44x44 pt"), which the 28-point thumb is
  /// widened to.
  nonisolated public static let thumbHitSide: Double = 44

  /// The distance the thumb's centre travels from the minimum to the maximum.
  var thumbTravel: Double { max(bounds.width - Slider.thumbDiameter, 0) }

  /// The thumb centre's distance from the leading edge for `value`.
  func thumbLeadingCenter(for value: Float) -> Double {
    let range = Double(maximumValue - minimumValue)
    let fraction = range > 0 ? Double(value - minimumValue) / range : 0
    return Slider.thumbDiameter / 2 + fraction * thumbTravel
  }

  /// Where a finger may land to grab the thumb, in the slider's coordinates: a
  /// ``thumbHitSide``-point square centred on the thumb.
  public var thumbHitRect: Rect {
    let centerX = leadingOffset(ofX: thumbLeadingCenter(for: value))
    let side = Slider.thumbHitSide
    return Rect(x: centerX - side / 2, y: bounds.height / 2 - side / 2, width: side, height: side)
  }

  /// Whether `touch` is on the thumb (within ``thumbHitRect``).
  func touchLandsOnThumb(_ touch: Touch) -> Bool {
    thumbHitRect.contains(touch.location(in: self))
  }

  /// A finger took the thumb.
  func grabThumb(with touch: Touch) {
    let leading = leadingOffset(ofX: touch.location(in: self).x)
    thumbDrag = SliderThumbDrag(
      grabOffset: leading - thumbLeadingCenter(for: value), valueBefore: value)
  }

  /// The finger holding the thumb is at `touch`: the value follows it; `valueChanged` as
  /// it moves when the slider is continuous.
  func dragThumb(with touch: Touch) {
    guard let drag = thumbDrag else { return }
    let center = leadingOffset(ofX: touch.location(in: self).x) - drag.grabOffset
    let travel = thumbTravel
    let fraction = travel > 0 ? (center - Slider.thumbDiameter / 2) / travel : 0
    let target = minimumValue + Float(min(max(fraction, 0), 1)) * (maximumValue - minimumValue)
    _ = setValueAsUser(target, notifying: isContinuous)
  }

  /// The finger let go of the thumb (or was cancelled): a discontinuous slider reports its
  /// one change now.
  func releaseThumb() {
    guard let drag = thumbDrag else { return }
    thumbDrag = nil
    if !isContinuous, value != drag.valueBefore, isEnabled { sendActions(for: .valueChanged) }
  }
}
