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

  /// The objective weight of a non-required priority in the simplex: 10^(p/100), so each
  /// priority step outweighs the one below it by a constant factor.
  var solverWeight: Double {
    let clamped = min(max(rawValue, 1), 999)
    // Whole priorities (nearly all) from a table: every constraint of a pass asks.
    if clamped == clamped.rounded(.towardZero) { return Self.wholeWeights[Int(clamped)] }
    return Self.weight(clamped)
  }

  private static func weight(_ priority: Float) -> Double {
    var result = 1.0
    var exponent = Double(priority) / 100
    while exponent >= 1 {
      result *= 10
      exponent -= 1
    }
    return result * _pow10(exponent)
  }

  private static let wholeWeights: [Double] = (0...999).map { weight(Float($0)) }

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

/// 10^x for 0 ≤ x < 1 without Foundation: exp(x·ln 10) by its series.
private func _pow10(_ x: Double) -> Double {
  let y = x * 2.302585092994046
  var term = 1.0
  var sum = 1.0
  for n in 1..<30 {
    term *= y / Double(n)
    sum += term
  }
  return sum
}

/// An axis of a layout, as `NSLayoutConstraint.Axis`.
public enum LayoutAxis: Int, Sendable, Hashable, CaseIterable {
  /// Left to right.
  case horizontal
  /// Top to bottom.
  case vertical
}
