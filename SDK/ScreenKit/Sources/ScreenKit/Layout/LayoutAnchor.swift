/// One attribute of a layout item that constraints relate, as `NSLayoutAnchor`.
///
/// The subclasses keep UIKit's type safety: x-axis anchors relate only to x-axis anchors,
/// y-axis anchors to y-axis anchors, dimensions to dimensions or constants.
@MainActor
public class LayoutAnchor: @MainActor CustomStringConvertible {
  /// The item the anchor belongs to (held weakly, as UIKit).
  public var item: (any LayoutItem)? { itemReference.item }
  let itemReference: LayoutItemReference
  /// The attribute.
  public let attribute: LayoutAttribute

  init(item: any LayoutItem, attribute: LayoutAttribute) {
    itemReference = LayoutItemReference.to(item)
    self.attribute = attribute
  }

  func makeConstraint(
    _ relation: LayoutConstraint.Relation, to other: LayoutAnchor?, multiplier: Double,
    constant: Double
  ) -> LayoutConstraint {
    LayoutConstraint(
      first: itemReference, attribute: attribute, relation: relation,
      second: other?.itemReference, attribute: other?.attribute, multiplier: multiplier,
      constant: constant)
  }

  public var description: String { "\(item?.layoutDebugName ?? "nil").\(attribute.rawValue)" }
}

/// A horizontal position anchor, as `NSLayoutXAxisAnchor`.
@MainActor
public final class LayoutXAxisAnchor: LayoutAnchor {
  /// `self == anchor + constant`.
  public func constraint(equalTo anchor: LayoutXAxisAnchor, constant: Double = 0)
    -> LayoutConstraint
  { makeConstraint(.equal, to: anchor, multiplier: 1, constant: constant) }
  /// `self >= anchor + constant`.
  public func constraint(greaterThanOrEqualTo anchor: LayoutXAxisAnchor, constant: Double = 0)
    -> LayoutConstraint
  { makeConstraint(.greaterThanOrEqual, to: anchor, multiplier: 1, constant: constant) }
  /// `self <= anchor + constant`.
  public func constraint(lessThanOrEqualTo anchor: LayoutXAxisAnchor, constant: Double = 0)
    -> LayoutConstraint
  { makeConstraint(.lessThanOrEqual, to: anchor, multiplier: 1, constant: constant) }
  /// `self == anchor + 8 × multiplier`: the system spacing (8 points in ScreenKit) after
  /// `anchor`.
  public func constraint(equalToSystemSpacingAfter anchor: LayoutXAxisAnchor, multiplier: Double)
    -> LayoutConstraint
  { makeConstraint(.equal, to: anchor, multiplier: 1, constant: 8 * multiplier) }
}

/// A vertical position anchor, as `NSLayoutYAxisAnchor`.
@MainActor
public final class LayoutYAxisAnchor: LayoutAnchor {
  /// `self == anchor + constant`.
  public func constraint(equalTo anchor: LayoutYAxisAnchor, constant: Double = 0)
    -> LayoutConstraint
  { makeConstraint(.equal, to: anchor, multiplier: 1, constant: constant) }
  /// `self >= anchor + constant`.
  public func constraint(greaterThanOrEqualTo anchor: LayoutYAxisAnchor, constant: Double = 0)
    -> LayoutConstraint
  { makeConstraint(.greaterThanOrEqual, to: anchor, multiplier: 1, constant: constant) }
  /// `self <= anchor + constant`.
  public func constraint(lessThanOrEqualTo anchor: LayoutYAxisAnchor, constant: Double = 0)
    -> LayoutConstraint
  { makeConstraint(.lessThanOrEqual, to: anchor, multiplier: 1, constant: constant) }
  /// `self == anchor + 8 × multiplier`: the system spacing (8 points in ScreenKit) below
  /// `anchor`.
  public func constraint(equalToSystemSpacingBelow anchor: LayoutYAxisAnchor, multiplier: Double)
    -> LayoutConstraint
  { makeConstraint(.equal, to: anchor, multiplier: 1, constant: 8 * multiplier) }
}

/// A size anchor, as `NSLayoutDimension`.
@MainActor
public final class LayoutDimension: LayoutAnchor {
  /// `self == constant`.
  public func constraint(equalToConstant constant: Double) -> LayoutConstraint {
    makeConstraint(.equal, to: nil, multiplier: 1, constant: constant)
  }
  /// `self >= constant`.
  public func constraint(greaterThanOrEqualToConstant constant: Double) -> LayoutConstraint {
    makeConstraint(.greaterThanOrEqual, to: nil, multiplier: 1, constant: constant)
  }
  /// `self <= constant`.
  public func constraint(lessThanOrEqualToConstant constant: Double) -> LayoutConstraint {
    makeConstraint(.lessThanOrEqual, to: nil, multiplier: 1, constant: constant)
  }
  /// `self == anchor × multiplier + constant`.
  public func constraint(
    equalTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0
  ) -> LayoutConstraint {
    makeConstraint(.equal, to: anchor, multiplier: multiplier, constant: constant)
  }
  /// `self >= anchor × multiplier + constant`.
  public func constraint(
    greaterThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0
  ) -> LayoutConstraint {
    makeConstraint(.greaterThanOrEqual, to: anchor, multiplier: multiplier, constant: constant)
  }
  /// `self <= anchor × multiplier + constant`.
  public func constraint(
    lessThanOrEqualTo anchor: LayoutDimension, multiplier: Double = 1, constant: Double = 0
  ) -> LayoutConstraint {
    makeConstraint(.lessThanOrEqual, to: anchor, multiplier: multiplier, constant: constant)
  }
}

/// The anchors of views and layout guides alike, as `UIView` and `UILayoutGuide` declare
/// them (a view adds its baselines).
@MainActor
extension LayoutItem {
  /// The leading edge: left, or right where the item's view lays out right to left
  /// (``View/effectiveUserInterfaceLayoutDirection``).
  public var leadingAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .leading) }
  /// The trailing edge: right, or left in a right-to-left layout.
  public var trailingAnchor: LayoutXAxisAnchor {
    LayoutXAxisAnchor(item: self, attribute: .trailing)
  }
  /// The left edge.
  public var leftAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .left) }
  /// The right edge.
  public var rightAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .right) }
  /// The top edge.
  public var topAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .top) }
  /// The bottom edge.
  public var bottomAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .bottom) }
  /// The width.
  public var widthAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .width) }
  /// The height.
  public var heightAnchor: LayoutDimension { LayoutDimension(item: self, attribute: .height) }
  /// The horizontal centre.
  public var centerXAnchor: LayoutXAxisAnchor { LayoutXAxisAnchor(item: self, attribute: .centerX) }
  /// The vertical centre.
  public var centerYAnchor: LayoutYAxisAnchor { LayoutYAxisAnchor(item: self, attribute: .centerY) }
}
