extension Control {
  /// `x` (in the control's coordinates) measured from the control's leading edge: from the
  /// left in a left-to-right layout, from the right in a right-to-left one
  /// (``View/effectiveUserInterfaceLayoutDirection``), as UIKit's system controls flip with
  /// the layout ("system-provided UI components flip automatically in the RTL context",
  /// Human Interface Guidelines, Right to left): a slider's minimum, a stepper's − half, a
  /// page control's previous half and the first segment are on the leading side. The
  /// mapping is its own inverse, so it also turns a leading offset back into an `x`.
  func leadingOffset(ofX x: Double) -> Double {
    isRightToLeft ? bounds.width - x : x
  }

  /// Whether `point` (in the control's coordinates) is in the trailing half: the + half of
  /// a stepper, the next-page half of a page control.
  func isInTrailingHalf(_ point: Point) -> Bool {
    leadingOffset(ofX: point.x) >= bounds.width / 2
  }
}
