import CompdProtocol
import JSONRPC
import ScreenKit

/// The `a11y` prop (docs/protocol.md, "Accessibility"): a node's accessibility where it
/// differs from what a client derives from its type and props.
///
/// The defaults are computed from the props already encoded, by the same table the
/// clients use, and compared with the view's accessibility; most nodes (plain views,
/// labels and controls that keep UIKit's defaults) get no `a11y` prop.
@MainActor
extension NodeEncoding {
  /// The accessibility a client derives for a node from its type and props.
  struct AccessibilityDefault {
    var element = false
    var label: String?
    var value: String?
    var traits: AccessibilityTraits = []
    var modal = false
  }

  /// Whether each view class seen is ScreenKit's own (not a plugin's subclass), by class.
  private static var screenKitClasses: [ObjectIdentifier: Bool] = [:]

  /// Whether `view`'s class is declared in ScreenKit, whose getters give the table's
  /// defaults.
  static func isScreenKitClass(_ view: View) -> Bool {
    let viewClass = Swift.type(of: view)
    let key = ObjectIdentifier(viewClass)
    if let known = screenKitClasses[key] { return known }
    let own = String(reflecting: viewClass).hasPrefix("ScreenKit.")
    screenKitClasses[key] = own
    return own
  }

  /// The node types whose default is no element, no label, value or traits.
  static let containerTypes: Set<String> = [
    "view", "stack", "scroll", "table", "collection", "picker", "navigationBar", "toolbar",
  ]

  /// The node types a cell that holds one is no element for (its content is read element
  /// by element).
  static let accessibilityControlTypes: Set<String> = [
    "button", "switch", "textField", "slider", "stepper", "segmentedControl", "pageControl",
    "datePicker", "searchBar",
  ]

  /// Whether a shown node of a control type is below `view`, as a client finds it in the
  /// node's children.
  static func holdsControlNode(_ view: View) -> Bool {
    for subview in view.subviews where !subview.isHidden {
      if accessibilityControlTypes.contains(type(of: subview)) || holdsControlNode(subview) {
        return true
      }
    }
    return false
  }

  /// The default of a node of `type` with `props` (docs/protocol.md's table). A cell's
  /// element and label come from its content, which `view` gives here (a client reads
  /// them from the node's children).
  static func accessibilityDefault(type: String, props: JSONObject, view: View)
    -> AccessibilityDefault
  {
    var result = AccessibilityDefault()
    // The presented view's style is what its `presentation` prop carries.
    result.modal = view.presentationStyleName != nil
    // Most nodes are containers with no default of their own: no prop is looked up.
    if containerTypes.contains(type) { return result }
    let enabled = props["enabled"]?.boolValue ?? true
    func state(_ own: AccessibilityTraits) -> AccessibilityTraits {
      var traits = own
      if !enabled { traits.insert(.notEnabled) }
      if props["selected"]?.boolValue == true { traits.insert(.selected) }
      return traits
    }
    func nonEmpty(_ name: String) -> String? {
      guard let text = props[name]?.stringValue, !text.isEmpty else { return nil }
      return text
    }
    func percentage(_ fraction: Double) -> String { "\(Int((fraction * 100).rounded()))%" }
    switch type {
    case "label":
      result.element = true
      result.label = props["text"]?.stringValue
      result.traits = state(.staticText)
    case "button":
      result.element = true
      result.label = nonEmpty("title") ?? props["image"]?["name"]?.stringValue
      result.traits = state(.button)
    case "switch":
      result.element = true
      result.value = props["on"]?.boolValue == true ? "1" : "0"
      result.traits = state(.button)
    case "textField":
      result.element = true
      result.label = props["placeholder"]?.stringValue
      if props["secure"]?.boolValue == true {
        let count = Int(props["textLength"]?.intValue ?? 0)
        result.value = count > 0 ? String(repeating: "•", count: count) : nil
      } else {
        result.value = nonEmpty("text")
      }
      result.traits = state([])
    case "datePicker":
      result.element = true
      result.traits = state([])
    case "textView":
      result.element = true
      result.value = nonEmpty("text")
    case "slider":
      let value = props["value"]?.doubleValue ?? 0
      let minimum = props["minimumValue"]?.doubleValue ?? 0
      let maximum = props["maximumValue"]?.doubleValue ?? 1
      result.element = true
      result.value = percentage(maximum > minimum ? (value - minimum) / (maximum - minimum) : 0)
      result.traits = state(.adjustable)
    case "stepper":
      let value = props["value"]?.doubleValue ?? 0
      result.element = true
      result.value =
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
      result.traits = state(.adjustable)
    case "pageControl":
      let page = props["currentPage"]?.intValue ?? 0
      result.element = true
      result.value = "page \(page + 1) of \(props["numberOfPages"]?.intValue ?? 0)"
      result.traits = state(.adjustable)
    case "progress":
      result.element = true
      result.value = percentage(props["progress"]?.doubleValue ?? 0)
      result.traits = .updatesFrequently
    case "activityIndicator":
      result.element = true
      result.label = props["animating"]?.boolValue == true ? "In progress" : "Progress halted"
      result.traits = .updatesFrequently
    case "image":
      result.traits = .image
    case "searchBar":
      result.element = true
      result.label = props["placeholder"]?.stringValue
      result.value = nonEmpty("text")
      result.traits = .searchField
    case "cell":
      result.element = !holdsControlNode(view)
      result.label = view.accessibilityCombinedLabel
      if props["selected"]?.boolValue == true { result.traits = .selected }
    case "tabBar":
      result.traits = .tabBar
    default:
      break
    }
    return result
  }

  /// Adds `a11y` to `props` (those of a `type` node for `view`, whose subviews are the
  /// nodes `children`) with the members that differ from the type's default.
  static func addAccessibility(
    of view: View, type: String, children: [String], to props: inout JSONObject
  ) {
    // A ScreenKit view with nothing set has its type's defaults, which are the table's by
    // construction (AccessibilityTests checks the bundled screens): nothing to compare. A
    // cell's default depends on the node types below it, which a plugin's control subclass
    // may change, so cells are compared; so is every plugin subclass, which may override
    // the getters.
    if !view.hasSetAccessibility, type != "cell", isScreenKitClass(view) { return }
    let fallback = accessibilityDefault(type: type, props: props, view: view)
    var a11y = JSONObject()
    let element = view.isAccessibilityElement
    if element != fallback.element { a11y["element"] = .bool(element) }
    if let label = view.accessibilityLabel, label != fallback.label {
      a11y["label"] = .string(label)
    } else if view.accessibilityLabel == nil, fallback.label != nil {
      a11y["label"] = ""
    }
    if let hint = view.accessibilityHint { a11y["hint"] = .string(hint) }
    if let value = view.accessibilityValue, value != fallback.value {
      a11y["value"] = .string(value)
    } else if view.accessibilityValue == nil, fallback.value != nil {
      a11y["value"] = ""
    }
    let traits = view.accessibilityTraits
    if traits != fallback.traits { a11y["traits"] = .array(traits.names.map(JSON.string)) }
    if view.accessibilityElementsHidden { a11y["hidden"] = true }
    let modal = view.accessibilityViewIsModal
    if modal != fallback.modal { a11y["modal"] = .bool(modal) }
    if view.shouldGroupAccessibilityChildren { a11y["group"] = true }
    if let language = view.accessibilityLanguage { a11y["language"] = .string(language) }
    if let actions = view.accessibilityCustomActions, !actions.isEmpty {
      a11y["actions"] = .array(actions.map { .string($0.name) })
    }
    if let listed = view.accessibilityElements, !children.isEmpty {
      var order: [JSON] = []
      for entry in listed {
        guard let child = entry as? View,
          let index = view.subviews.firstIndex(where: { $0 === child }), index < children.count
        else { continue }
        order.append(.string(children[index]))
      }
      if !order.isEmpty { a11y["order"] = .array(order) }
    }
    if !a11y.isEmpty { props["a11y"] = .object(a11y) }
  }
}
