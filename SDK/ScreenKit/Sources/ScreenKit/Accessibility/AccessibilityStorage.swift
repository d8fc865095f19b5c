/// The accessibility members set in code on a view or an ``AccessibilityElement``; a
/// member left `nil` keeps its owner's default. Made on first set, so that views that keep
/// their type's defaults (most of them) carry one `nil` reference.
@MainActor
final class AccessibilityStorage {
  var isElement: Bool?
  var label: String?
  var hint: String?
  var value: String?
  var traits: AccessibilityTraits?
  var elementsHidden: Bool?
  var viewIsModal: Bool?
  var groupsChildren: Bool?
  var elements: [Any]?
  var language: String?
  var customActions: [AccessibilityCustomAction]?
  var frame: Rect?
  var activationPoint: Point?
}

extension View {
  /// The storage for a member set in code (made on first use); setting marks the view for
  /// display, since its node's `a11y` prop may change.
  var accessibility: AccessibilityStorage {
    setNeedsDisplay()
    if let accessibilityStorage { return accessibilityStorage }
    let created = AccessibilityStorage()
    accessibilityStorage = created
    return created
  }
}
