extension ScrollView {
  /// How quickly a fling slows down, as `UIScrollView.DecelerationRate`: the factor the
  /// content's speed is multiplied by each millisecond after the finger lifts.
  ///
  /// Apple's documentation names the two rates without their values; 0.998 and 0.99 are
  /// the values UIKit's constants have (quoted, for instance, by the `fk_webview` package's
  /// `IOSUIScrollViewDecelerationRate`: "The default deceleration rate for a scroll view:
  /// 0.998", "A fast deceleration rate …: 0.99").
  public struct DecelerationRate: RawRepresentable, Sendable, Hashable {
    /// The factor per millisecond, between 0 and 1 (exclusive).
    public var rawValue: Double
    /// A rate of `rawValue` per millisecond.
    public init(rawValue: Double) { self.rawValue = rawValue }

    /// The default rate: 0.998 per millisecond.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// A fast rate, for paging-like scrolling: 0.99 per millisecond.
    public static let fast = DecelerationRate(rawValue: 0.99)
  }
}
