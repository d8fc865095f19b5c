extension View {
  /// How a view resizes when its superview's bounds change, as `UIView.AutoresizingMask`.
  ///
  /// Each flag makes one part of the view's frame flexible along one axis: its left,
  /// right, top or bottom margin in the superview, or its width or height. When the
  /// superview's size changes by some amount along an axis, that amount is shared among the
  /// flexible parts in proportion to their sizes before the change (equally when they are
  /// all zero); the other parts keep their lengths. With no flexible part the view keeps
  /// its frame, as `[]` (the default) does.
  public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    /// The raw bits (UIKit's values).
    public let rawValue: UInt
    /// A mask from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The left margin grows or shrinks.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width grows or shrinks.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The right margin grows or shrinks.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The top margin grows or shrinks.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height grows or shrinks.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The bottom margin grows or shrinks.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
  }

  /// Views whose subviews autoresizing moved while the engine wrote frames; laid out again
  /// when it is done (see `LayoutEngine.isApplyingFrames`).
  static var autoresizedWhileApplying: [View] = []

  /// Resizes the subviews that translate their autoresizing mask after this view's size
  /// changed from `old`, as UIKit's `resizeSubviews(withOldSize:)`.
  func autoresizeSubviews(from old: Size) {
    guard autoresizesSubviews else { return }
    let new = frame.size
    var moved = false
    for subview in subviews
    where !subview.autoresizingMask.isEmpty
      && subview.layoutState.translatesAutoresizingMaskIntoConstraints
    {
      let mask = subview.autoresizingMask
      let frame = subview.frame
      let (x, width) = Self.share(
        new.width - old.width, start: frame.minX, length: frame.width,
        end: old.width - frame.maxX,
        flexible: (
          mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth),
          mask.contains(.flexibleRightMargin)
        ))
      let (y, height) = Self.share(
        new.height - old.height, start: frame.minY, length: frame.height,
        end: old.height - frame.maxY,
        flexible: (
          mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight),
          mask.contains(.flexibleBottomMargin)
        ))
      let resized = Rect(x: x, y: y, width: max(0, width), height: max(0, height))
      if resized != frame {
        subview.frame = resized
        moved = true
      }
    }
    if moved && LayoutEngine.isApplyingFrames { View.autoresizedWhileApplying.append(self) }
  }

  /// The new start and length along one axis when the superview grows by `delta`: the
  /// delta is shared among the flexible parts (start margin, length, end margin) in
  /// proportion to their sizes, equally when those are all zero.
  private static func share(
    _ delta: Double, start: Double, length: Double, end: Double,
    flexible: (start: Bool, length: Bool, end: Bool)
  ) -> (start: Double, length: Double) {
    guard delta != 0, flexible.start || flexible.length || flexible.end else {
      return (start, length)
    }
    let parts = [
      flexible.start ? max(0, start) : 0, flexible.length ? max(0, length) : 0,
      flexible.end ? max(0, end) : 0,
    ]
    let total = parts.reduce(0, +)
    let count = Double([flexible.start, flexible.length, flexible.end].filter { $0 }.count)
    func portion(_ index: Int, _ isFlexible: Bool) -> Double {
      guard isFlexible else { return 0 }
      return total > 0 ? delta * parts[index] / total : delta / count
    }
    return (start + portion(0, flexible.start), length + portion(1, flexible.length))
  }
}
