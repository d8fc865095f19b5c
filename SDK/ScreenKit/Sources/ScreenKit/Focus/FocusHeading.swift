/// The direction focus moved in, as `UIFocusHeading`: the arrow keys' four directions and
/// Tab's next and previous (in reading order). An update that did not come from a key
/// (initial focus, a `focus` event, a preferred-focus update) has no heading (`[]`).
public struct FocusHeading: OptionSet, Sendable, Hashable {
  /// The raw bits.
  public let rawValue: Int
  /// A heading from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Upwards (the up arrow).
  public static let up = FocusHeading(rawValue: 1 << 0)
  /// Downwards (the down arrow).
  public static let down = FocusHeading(rawValue: 1 << 1)
  /// Leftwards (the left arrow).
  public static let left = FocusHeading(rawValue: 1 << 2)
  /// Rightwards (the right arrow).
  public static let right = FocusHeading(rawValue: 1 << 3)
  /// To the next item in reading order (Tab).
  public static let next = FocusHeading(rawValue: 1 << 4)
  /// To the previous item in reading order (Shift-Tab).
  public static let previous = FocusHeading(rawValue: 1 << 5)
}
