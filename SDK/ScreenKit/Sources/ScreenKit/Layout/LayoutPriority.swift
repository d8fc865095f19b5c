/// The priority of a layout constraint or of content hugging and compression resistance, as
/// `UILayoutPriority`: 1 to 1000, where 1000 is required.
public struct LayoutPriority: RawRepresentable, Sendable, Hashable, Comparable,
  ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, CustomStringConvertible
{
  /// The value, 1 to 1000.
  public var rawValue: Float
  /// A priority with the given value.
  public init(rawValue: Float) { self.rawValue = rawValue }
  /// A priority with the given value.
  public init(_ rawValue: Float) { self.rawValue = rawValue }
  /// A priority from a literal.
  public init(floatLiteral value: Float) { rawValue = value }
  /// A priority from a literal.
  public init(integerLiteral value: Int) { rawValue = Float(value) }

  /// A required constraint (1000).
  public static let required = LayoutPriority(1000)
  /// The priority of a button's compression resistance (750).
  public static let defaultHigh = LayoutPriority(750)
  /// The priority of a button's content hugging (250).
  public static let defaultLow = LayoutPriority(250)
  /// The priority with which a view tries to fit its target size in
  /// `systemLayoutSizeFitting(_:)` (50).
  public static let fittingSizeLevel = LayoutPriority(50)
  /// The priority of a window's drag-resizing (510), as UIKit.
  public static let dragThatCanResizeScene = LayoutPriority(510)

  /// Whether the priority is required.
  public var isRequired: Bool { rawValue >= 1000 }

  /// The simplex's priority level of a non-required priority: levels are compared in
  /// order, never weighed against each other (`SymbolicWeight`).
  var solverLevel: Double { Double(rawValue) }

  public static func < (lhs: LayoutPriority, rhs: LayoutPriority) -> Bool {
    lhs.rawValue < rhs.rawValue
  }

  /// A priority raised by `value`.
  public static func + (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
    LayoutPriority(lhs.rawValue + rhs)
  }

  /// A priority lowered by `value`.
  public static func - (lhs: LayoutPriority, rhs: Float) -> LayoutPriority {
    LayoutPriority(lhs.rawValue - rhs)
  }

  public var description: String { Double(rawValue).compactDescription }
}

/// An axis of a layout, as `NSLayoutConstraint.Axis`.
public enum LayoutAxis: Int, Sendable, Hashable, CaseIterable {
  /// Left to right.
  case horizontal
  /// Top to bottom.
  case vertical
}
