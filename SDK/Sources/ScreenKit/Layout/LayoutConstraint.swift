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

  /// The first item.
  public private(set) weak var firstItem: (any LayoutItem)?
  /// The first item's attribute.
  public let firstAttribute: LayoutAttribute
  /// The relation.
  public let relation: Relation
  /// The second item, `nil` for a constant dimension.
  public private(set) weak var secondItem: (any LayoutItem)?
  /// The second item's attribute, `nil` for a constant dimension.
  public let secondAttribute: LayoutAttribute?
  /// The multiplier of the second attribute.
  public let multiplier: Double
  /// The constant added to the second attribute; changing it relayouts.
  public var constant: Double {
    didSet { if constant != oldValue { installedView?.setNeedsLayoutWithSuperview() } }
  }
  /// The priority; changing it relayouts.
  public var priority: LayoutPriority = .required {
    didSet { if priority != oldValue { installedView?.setNeedsLayoutWithSuperview() } }
  }
  /// A name shown in descriptions and unsatisfiable-constraint reports.
  public var identifier: String?
  /// The view the constraint is installed on while active.
  weak var installedView: View?
  /// Whether the constraint is made by ScreenKit (stack views, content sizes).
  let isGenerated: Bool

  /// `item.attribute (relation) toItem.attribute × multiplier + constant`, as UIKit's
  /// designated initialiser.
  public init(
    item: (any LayoutItem)?, attribute: LayoutAttribute, relatedBy relation: Relation,
    toItem: (any LayoutItem)?, attribute secondAttribute: LayoutAttribute?,
    multiplier: Double, constant: Double
  ) {
    firstItem = item
    firstAttribute = attribute
    self.relation = relation
    secondItem = toItem
    self.secondAttribute = toItem == nil ? nil : secondAttribute
    self.multiplier = multiplier
    self.constant = constant
    isGenerated = false
  }

  init(
    item: (any LayoutItem)?, attribute: LayoutAttribute, relation: Relation,
    toItem: (any LayoutItem)?, attribute secondAttribute: LayoutAttribute?,
    multiplier: Double, constant: Double, generated: Bool = false
  ) {
    firstItem = item
    firstAttribute = attribute
    self.relation = relation
    secondItem = toItem
    self.secondAttribute = toItem == nil ? nil : secondAttribute
    self.multiplier = multiplier
    self.constant = constant
    isGenerated = generated
  }

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
    host.setNeedsLayoutWithSuperview()
  }

  private func uninstall() {
    guard let host = installedView else { return }
    host.layoutState.constraints.removeAll { $0 === self }
    installedView = nil
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
