/// A linear relation between two layout attributes, as `NSLayoutConstraint`:
/// `first (relation) second × multiplier + constant`, held with a priority.
///
/// Activating a constraint installs it on the nearest common ancestor of its items; items
/// with no common ancestor are reported (``LayoutDiagnostics``) and the constraint stays
/// inactive, where UIKit raises an exception.
@MainActor
public final class LayoutConstraint: @MainActor CustomStringConvertible {
  /// The relation of a constraint, as `NSLayoutConstraint.Relation`.
  public enum Relation: String, Sendable, Hashable, CaseIterable {
    /// `<=`.
    case lessThanOrEqual
    /// `==`.
    case equal
    /// `>=`.
    case greaterThanOrEqual

    var symbol: String {
      switch self {
      case .lessThanOrEqual: "<="
      case .equal: "=="
      case .greaterThanOrEqual: ">="
      }
    }
  }

  /// The first item (held weakly, as UIKit).
  public var firstItem: (any LayoutItem)? { firstReference?.item }
  let firstReference: LayoutItemReference?
  /// The first item's attribute.
  public let firstAttribute: LayoutAttribute
  /// The relation.
  public let relation: Relation
  /// The second item, `nil` for a constant dimension (held weakly).
  public var secondItem: (any LayoutItem)? { secondReference?.item }
  let secondReference: LayoutItemReference?
  /// The second item's attribute, `nil` for a constant dimension.
  public let secondAttribute: LayoutAttribute?
  /// The multiplier of the second attribute.
  public let multiplier: Double
  /// The constant added to the second attribute; changing it relayouts.
  @exclusivity(unchecked) public var constant: Double {
    didSet { if constant != oldValue { installedView?.setNeedsLayoutWithSuperview() } }
  }
  /// The priority; changing it relayouts.
  @exclusivity(unchecked) public var priority: LayoutPriority = .required {
    didSet {
      guard priority != oldValue, let installedView else { return }
      ConstraintScope.constraintsOrHierarchyChanged()
      installedView.setNeedsLayoutWithSuperview()
    }
  }
  /// A name shown in descriptions and unsatisfiable-constraint reports.
  public var identifier: String?
  /// The view the constraint is installed on while active.
  var installedView: View? {
    get { installedReference?.view }
    set { installedReference = newValue?.layoutItemReference }
  }
  @exclusivity(unchecked) private var installedReference: LayoutItemReference?
  /// Whether the constraint is made by ScreenKit (stack views, content sizes).
  let isGenerated: Bool

  /// `item.attribute (relation) toItem.attribute × multiplier + constant`, as UIKit's
  /// designated initialiser.
  public convenience init(
    item: (any LayoutItem)?, attribute: LayoutAttribute, relatedBy relation: Relation,
    toItem: (any LayoutItem)?, attribute secondAttribute: LayoutAttribute?,
    multiplier: Double, constant: Double
  ) {
    self.init(
      item: item, attribute: attribute, relation: relation, toItem: toItem,
      attribute: secondAttribute, multiplier: multiplier, constant: constant)
  }

  convenience init(
    item: (any LayoutItem)?, attribute: LayoutAttribute, relation: Relation,
    toItem: (any LayoutItem)?, attribute secondAttribute: LayoutAttribute?,
    multiplier: Double, constant: Double, generated: Bool = false
  ) {
    self.init(
      first: item.map(LayoutItemReference.to), attribute: attribute, relation: relation,
      second: toItem.map(LayoutItemReference.to), attribute: secondAttribute,
      multiplier: multiplier, constant: constant, generated: generated)
  }

  init(
    first: LayoutItemReference?, attribute: LayoutAttribute, relation: Relation,
    second: LayoutItemReference?, attribute secondAttribute: LayoutAttribute?,
    multiplier: Double, constant: Double, generated: Bool = false
  ) {
    firstReference = first
    firstAttribute = attribute
    self.relation = relation
    secondReference = second
    self.secondAttribute = second == nil ? nil : secondAttribute
    self.multiplier = multiplier
    self.constant = constant
    isGenerated = generated
  }

  /// Whether `view` is the first item (compared by reference, retaining neither).
  func hasFirstItem(_ view: View) -> Bool {
    firstReference != nil && firstReference === view.layoutState.itemReference
  }

  /// Whether there is no second item (a constant dimension), or it died.
  var lacksSecondItem: Bool { secondReference?.isEmpty ?? true }

  /// Whether the constraint takes part in layout; setting it installs or uninstalls it.
  public var isActive: Bool {
    get { installedView != nil }
    set {
      if newValue { install() } else { uninstall() }
    }
  }

  /// Activates every constraint in `constraints`.
  public static func activate(_ constraints: [LayoutConstraint]) {
    for constraint in constraints { constraint.isActive = true }
  }

  /// Deactivates every constraint in `constraints`.
  public static func deactivate(_ constraints: [LayoutConstraint]) {
    for constraint in constraints { constraint.isActive = false }
  }

  private func install() {
    guard installedView == nil else { return }
    guard let first = firstItem?.owningLayoutView else {
      LayoutDiagnostics.report(.invalidConstraint(self, reason: "its first item is gone"))
      return
    }
    var host = first
    if let second = secondItem {
      guard let secondView = second.owningLayoutView,
        let ancestor = first.nearestCommonAncestor(with: secondView)
      else {
        LayoutDiagnostics.report(
          .invalidConstraint(self, reason: "its items have no common ancestor"))
        return
      }
      host = ancestor
    }
    installedView = host
    host.layoutState.constraints.append(self)
    first.namingConstraintCount += 1
    secondItem?.owningLayoutView?.namingConstraintCount += 1
    ConstraintScope.constraintsOrHierarchyChanged()
    host.setNeedsLayoutWithSuperview()
  }

  private func uninstall() {
    guard let host = installedView else { return }
    host.layoutState.constraints.removeAll { $0 === self }
    installedView = nil
    firstItem?.owningLayoutView?.namingConstraintCount -= 1
    secondItem?.owningLayoutView?.namingConstraintCount -= 1
    ConstraintScope.constraintsOrHierarchyChanged()
    host.setNeedsLayoutWithSuperview()
  }

  /// `label.top == view.safeArea.top + 20 (priority 1000)`, readable in reports.
  public var description: String {
    var text =
      "\(firstItem?.layoutDebugName ?? "nil").\(firstAttribute.rawValue) \(relation.symbol) "
    if let secondItem, let secondAttribute {
      text += "\(secondItem.layoutDebugName).\(secondAttribute.rawValue)"
      if multiplier != 1 { text += " × \(multiplier.compactDescription)" }
      if constant > 0 { text += " + \(constant.compactDescription)" }
      if constant < 0 { text += " - \((-constant).compactDescription)" }
    } else {
      text += constant.compactDescription
    }
    if let identifier { text = "'\(identifier)' " + text }
    return text + " (priority \(priority))"
  }
}
