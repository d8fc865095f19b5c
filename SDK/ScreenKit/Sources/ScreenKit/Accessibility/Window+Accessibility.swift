/// The accessibility actions a client sends (the `accessibility` event), delivered as
/// UIKit delivers VoiceOver's gestures.
extension Window {
  /// Performs `action` on `view` as an assistive technology would; returns whether
  /// anything handled it.
  ///
  /// * `activate`: the element's ``View/accessibilityActivate()``; when that returns
  ///   `false` (the default), a tap at its ``View/accessibilityActivationPoint``, hit-tested
  ///   as a touch there (UIKit's behaviour).
  /// * `increment`/`decrement`: the element's ``View/accessibilityIncrement()`` or
  ///   ``View/accessibilityDecrement()``; it must have the `adjustable` trait.
  /// * `escape`: ``Responder/accessibilityPerformEscape()`` on the view, then on each
  ///   responder up the chain until one returns `true`; any view may be the start.
  /// * a custom action: the handler of the element's custom action of that name.
  ///
  /// Throws ``InputError/notInteractive(view:reason:)`` when the view is not an element
  /// shown to assistive technologies (or does not adjust, for increment and decrement), and
  /// ``InputError/invalidValue(_:)`` for a custom action it does not have.
  @discardableResult
  public func performAccessibilityAction(_ action: AccessibilityAction, on view: View)
    throws(InputError) -> Bool
  {
    try requireInWindow(view)
    if action == .escape {
      defer { afterInput() }
      return performEscape(from: view)
    }
    guard view.isAccessibilityElement, !view.isHiddenFromAccessibility else {
      throw .notInteractive(
        view: view.inputName, reason: "it is not an element assistive technologies see")
    }
    switch action {
    case .activate:
      // As VoiceOver's double tap: a touch at the activation point, wherever it lands (a
      // label's tap reaches what is under it), unless the element activates itself.
      try requireVisible(view)
      defer { afterInput() }
      if view.accessibilityActivate() { return true }
      return tapForAccessibility(at: view.accessibilityActivationPoint)
    case .increment, .decrement:
      guard view.accessibilityTraits.contains(.adjustable) else {
        throw .notInteractive(view: view.inputName, reason: "it is not adjustable")
      }
      try requireInteractive(view)
      defer { afterInput() }
      if action == .increment {
        view.accessibilityIncrement()
      } else {
        view.accessibilityDecrement()
      }
      return true
    case .custom(let name):
      let actions = view.accessibilityCustomActions ?? []
      guard let custom = actions.first(where: { $0.name == name }) else {
        let known = (["activate", "increment", "decrement", "escape"] + actions.map(\.name))
          .map { "\"\($0)\"" }.joined(separator: ", ")
        throw .invalidValue(
          "\(view.inputName) has no accessibility action \"\(name)\"; it takes \(known)")
      }
      try requireVisible(view)
      defer { afterInput() }
      return custom.perform()
    case .escape:
      return false  // handled above
    }
  }

  /// Throws unless `view` and its ancestors are shown (not hidden, not transparent).
  private func requireVisible(_ view: View) throws(InputError) {
    var current: View? = view
    while let candidate = current {
      if candidate.isHidden || candidate.alpha < 0.01 {
        throw .notInteractive(view: view.inputName, reason: "it or an ancestor is hidden")
      }
      current = candidate.superview
    }
  }

  /// A tap where VoiceOver's activation lands: the nearest control or tap-receiving view at
  /// or above the view hit at `point` (window coordinates), as a touch there; `false` when
  /// nothing there reacts to touches.
  private func tapForAccessibility(at point: Point) -> Bool {
    var current = hitTest(point, with: Event(kind: .touches))
    while let candidate = current {
      if candidate is TapReceiving || candidate is PointTapReceiving || candidate is Control {
        let origin = candidate.convert(Rect(x: 0, y: 0, width: 0, height: 0), to: nil).origin
        return deliverTap(to: candidate, at: Point(x: point.x - origin.x, y: point.y - origin.y))
      }
      current = candidate.superview
    }
    return false
  }
}

extension View {
  /// Whether this view or an ancestor hides its subtree from assistive technologies
  /// (``accessibilityElementsHidden``), or it is inside an element (whose subviews are not
  /// elements).
  public var isHiddenFromAccessibility: Bool {
    if accessibilityElementsHidden { return true }
    var current = superview
    while let ancestor = current {
      if ancestor.accessibilityElementsHidden || ancestor.isAccessibilityElement { return true }
      current = ancestor.superview
    }
    return false
  }
}
