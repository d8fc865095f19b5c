/// One thing assistive technologies read: a view that is an accessibility element, or an
/// ``AccessibilityElement`` a container lists. The reading order
/// (``View/accessibilityReadingOrder``) is a list of these.
@MainActor
public enum AccessibilityItem {
  /// A view whose ``View/isAccessibilityElement`` is `true`.
  case view(View)
  /// A non-view element of a container.
  case element(AccessibilityElement)

  /// The view, when it is one.
  public var view: View? {
    if case .view(let view) = self { return view }
    return nil
  }
  /// Its label.
  public var label: String? {
    switch self {
    case .view(let view): view.accessibilityLabel
    case .element(let element): element.accessibilityLabel
    }
  }
  /// Its value.
  public var value: String? {
    switch self {
    case .view(let view): view.accessibilityValue
    case .element(let element): element.accessibilityValue
    }
  }
  /// Its hint.
  public var hint: String? {
    switch self {
    case .view(let view): view.accessibilityHint
    case .element(let element): element.accessibilityHint
    }
  }
  /// Its traits.
  public var traits: AccessibilityTraits {
    switch self {
    case .view(let view): view.accessibilityTraits
    case .element(let element): element.accessibilityTraits
    }
  }
  /// Its frame in window coordinates.
  public var frame: Rect {
    switch self {
    case .view(let view): view.accessibilityFrame
    case .element(let element): element.accessibilityFrame
    }
  }
  /// Whether both are the same view or element.
  public func isSame(as other: AccessibilityItem) -> Bool {
    switch (self, other) {
    case (.view(let a), .view(let b)): a === b
    case (.element(let a), .element(let b)): a === b
    default: false
    }
  }
}
