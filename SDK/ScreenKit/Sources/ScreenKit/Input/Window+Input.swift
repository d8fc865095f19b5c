/// The input-event API the host (compd's scene) calls: each method turns one client event
/// into the control events, responder calls and delegate calls UIKit makes, in UIKit's
/// order, and returns whether anything handled it. A view that cannot take the event throws
/// an ``InputError``. After each event, pending binding updates run and containment is
/// checked.
extension Window {
  /// A tap on `view`: a control gets `touchDown` (highlighted while the touch is down), then
  /// `touchUpInside`; views with their own tap reaction (``TapReceiving``) do that instead.
  /// `point`, in the view's coordinates, is where the tap landed: a ``PointTapReceiving``
  /// control reacts to the part there (its centre when `nil`).
  @discardableResult
  public func tap(_ view: View, at point: Point? = nil) throws(InputError) -> Bool {
    try requireInteractive(view)
    if let point, !(point.x.isFinite && point.y.isFinite) {
      throw .invalidValue("the tap point must be finite")
    }
    defer { afterInput() }
    return deliverTap(to: view, at: point)
  }

  /// A touch at `point` in window coordinates: the point is hit-tested and the nearest
  /// control (or ``TapReceiving`` view) at or above the hit view is tapped. Returns `false`
  /// when nothing there reacts to touches.
  @discardableResult
  public func touch(at point: Point) throws(InputError) -> Bool {
    guard point.x.isFinite, point.y.isFinite else {
      throw .invalidValue("the touch point must be finite")
    }
    defer { afterInput() }
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

  /// Makes `view` first responder (a text field begins editing).
  @discardableResult
  public func focus(_ view: View) throws(InputError) -> Bool {
    try requireInWindow(view)
    guard view.canBecomeFirstResponder else {
      throw .unsupported(event: "focus", view: view.inputName)
    }
    try requireInteractive(view)
    defer { afterInput() }
    return view.becomeFirstResponder()
  }

  /// Asks `view` to resign first responder (a text field ends editing). `false` when it was
  /// not first responder or refused.
  @discardableResult
  public func blur(_ view: View) throws(InputError) -> Bool {
    try requireInWindow(view)
    guard view.canBecomeFirstResponder else {
      throw .unsupported(event: "blur", view: view.inputName)
    }
    defer { afterInput() }
    guard view.isFirstResponder else { return false }
    return view.resignFirstResponder()
  }

  /// Replaces the text of a text field as typing would; the field is focused first when it
  /// is not first responder.
  @discardableResult
  public func replaceText(of view: View, with text: String) throws(InputError) -> Bool {
    try requireInWindow(view)
    guard let field = view as? TextInputReceiving else {
      throw .unsupported(event: "text", view: view.inputName)
    }
    try requireInteractive(view)
    defer { afterInput() }
    if !view.isFirstResponder, !view.becomeFirstResponder() { return false }
    return field.receiveTextReplacement(text)
  }

  /// The return key in a text field (which must be first responder).
  @discardableResult
  public func returnKey(in view: View) throws(InputError) -> Bool {
    try requireInWindow(view)
    guard let field = view as? TextInputReceiving else {
      throw .unsupported(event: "submit", view: view.inputName)
    }
    try requireInteractive(view)
    defer { afterInput() }
    guard view.isFirstResponder else { return false }
    return field.receiveReturnKey()
  }

  /// Sets a switch on or off as the user would.
  @discardableResult
  public func toggle(_ view: View, isOn: Bool) throws(InputError) -> Bool {
    try requireInWindow(view)
    guard let toggle = view as? ToggleReceiving else {
      throw .unsupported(event: "toggle", view: view.inputName)
    }
    try requireInteractive(view)
    defer { afterInput() }
    return toggle.receiveToggle(isOn: isOn)
  }

  /// Sets a control's value as the user would (a slider's drag, a stepper's press, a segment
  /// or a page chosen, a date or a picker's row picked); `component` names a picker's wheel.
  @discardableResult
  public func setValue(_ value: Double, of view: View, component: Int? = nil) throws(InputError)
    -> Bool
  {
    try requireInWindow(view)
    guard let control = view as? ValueInputReceiving else {
      throw .unsupported(event: "value", view: view.inputName)
    }
    guard value.isFinite else { throw .invalidValue("the value must be finite") }
    try requireInteractive(view)
    defer { afterInput() }
    return try control.receiveValue(value, component: component)
  }

  /// Scrolls a scroll view to `offset`.
  @discardableResult
  public func scroll(_ view: View, to offset: Point) throws(InputError) -> Bool {
    try requireInWindow(view)
    guard let scrollable = view as? ScrollReceiving else {
      throw .unsupported(event: "scroll", view: view.inputName)
    }
    guard offset.x.isFinite, offset.y.isFinite else {
      throw .invalidValue("the scroll offset must be finite")
    }
    try requireInteractive(view)
    defer { afterInput() }
    return scrollable.receiveScroll(to: offset)
  }

  /// A swipe across `view` towards `direction`. On a table row (the cell or a view in it) a
  /// swipe towards the leading edge reveals the row's trailing swipe actions and one towards
  /// the trailing edge its leading actions, or closes the ones showing, as a user's swipe
  /// does: left and right in a left-to-right row, right and left in a right-to-left one,
  /// whose leading actions sit on the right (``View/effectiveUserInterfaceLayoutDirection``
  /// of the cell); the actions are buttons
  /// on the cell, tapped as any button. A downward swipe on a presented sheet (or a view
  /// in it) dismisses it as the user's drag does, when its presentation controller allows
  /// (``PresentationController/dismissInteractively()``). Returns whether anything was
  /// revealed, closed or dismissed.
  @discardableResult
  public func swipe(_ view: View, direction: SwipeDirection) throws(InputError) -> Bool {
    try requireInteractive(view)
    if direction == .down, let sheet = presentedSheet(containing: view) {
      defer { afterInput() }
      return sheet.dismissInteractively()
    }
    var current: View? = view
    while let candidate = current, !(candidate is TableViewCell) { current = candidate.superview }
    guard let cell = current as? TableViewCell, let table = cell.tableView,
      let path = table.indexPath(for: cell)
    else {
      throw .unsupported(event: "swipe", view: view.inputName)
    }
    defer { afterInput() }
    let towardsLeading: SwipeDirection = cell.isRightToLeft ? .right : .left
    switch direction {
    case .up, .down: return false
    case towardsLeading: return table.swipe(row: path, revealing: .trailing)
    default: return table.swipe(row: path, revealing: .leading)
    }
  }

  /// The software keyboard now covers the bottom `height` points of the window (0 hides it).
  /// UIKit's keyboard notifications are posted (``Responder/keyboardWillShowNotification``
  /// and the others), then keyboard observers (``observeKeyboard(owner:_:)``) hear it.
  /// Returns whether the event did something: the height changed and at
  /// least one observer heard it. With no observer the height is still recorded (a
  /// controller that appears later sees it) but nothing reacted, so the result is `false`;
  /// UIKit has no such result, since a real keyboard is shown whoever listens.
  @discardableResult
  public func setKeyboardHeight(_ height: Double) throws(InputError) -> Bool {
    guard height.isFinite, height >= 0 else {
      throw .invalidValue("the keyboard height must be a finite number ≥ 0")
    }
    let clamped = min(height, frame.height)
    let previous = controllerState.keyboardHeight
    guard clamped != previous else { return false }
    defer { afterInput() }
    controllerState.keyboardHeight = clamped
    return notifyKeyboardObservers(previousHeight: previous)
  }

  /// Tells the keyboard observers the current keyboard frame (also when the first
  /// responder changes while the keyboard shows, as UIKit posts its keyboard notification
  /// again when focus moves between fields). Returns whether any observer heard it.
  /// UIKit's keyboard notifications are posted first (``Responder/keyboardWillShowNotification``
  /// and the others), from `previousHeight` (the current height when focus moved).
  @discardableResult
  func notifyKeyboardObservers(previousHeight: Double? = nil) -> Bool {
    let height = controllerState.keyboardHeight
    postKeyboardNotifications(previousHeight: previousHeight ?? height)
    let change = KeyboardChange(height: height, frame: keyboardFrame(height: height))
    controllerState.keyboardObservers.removeAll { $0.owner == nil }
    for observer in controllerState.keyboardObservers { observer.handler(change) }
    return !controllerState.keyboardObservers.isEmpty
  }

  /// The keyboard's current height (0 when hidden).
  public var keyboardHeight: Double { controllerState.keyboardHeight }

  /// Calls `handler` on every keyboard change while `owner` lives. One handler per owner:
  /// observing again (a controller that appears again) replaces the previous handler.
  public func observeKeyboard(
    owner: AnyObject, _ handler: @escaping @MainActor (KeyboardChange) -> Void
  ) {
    controllerState.keyboardObservers.removeAll { $0.owner == nil || $0.owner === owner }
    controllerState.keyboardObservers.append(KeyboardObserver(owner: owner, handler: handler))
  }

  /// The back action (a navigation pop): ``ResponderAction/goBack`` is sent up the
  /// responder chain from the first responder, or from the visible top controller's view.
  /// Returns whether a container went back.
  @discardableResult
  public func back() -> Bool {
    defer { afterInput() }
    if let first = firstResponder, first.sendAction(.goBack, sender: self) { return true }
    guard let top = topLevelControllers.last else { return false }
    var deepest: ViewController = top
    while let next = deepest.deepestVisibleChild { deepest = next }
    return deepest.sendAction(.goBack, sender: self)
  }

  // MARK: Helpers

  /// The presentation controller of the topmost presented sheet whose view holds `view`.
  private func presentedSheet(containing view: View) -> PresentationController? {
    for controller in topLevelControllers.reversed() {
      guard let presentation = controller.presentationState.controller,
        presentation.kind?.isSheet == true, let sheetView = controller.viewIfLoaded,
        view.isDescendant(of: sheetView)
      else { continue }
      return presentation
    }
    return nil
  }

  func deliverTap(to view: View, at point: Point?) -> Bool {
    if let receiver = view as? PointTapReceiving {
      return receiver.receiveTap(
        at: point ?? Point(x: view.bounds.midX, y: view.bounds.midY))
    }
    if let receiver = view as? TapReceiving { return receiver.receiveTap() }
    guard let control = view as? Control, control.isEnabled else { return false }
    control.isHighlighted = true
    control.sendActions(for: .touchDown)
    control.isHighlighted = false
    control.sendActions(for: .touchUpInside)
    return true
  }

  func requireInWindow(_ view: View) throws(InputError) {
    guard view.window === self else { throw .notInWindow(view: view.inputName) }
    Window.active = self  // its scene's code runs now (Screen.main)
  }

  func requireInteractive(_ view: View) throws(InputError) {
    try requireInWindow(view)
    guard !isHidden else {
      throw .notInteractive(view: view.inputName, reason: "the window is hidden")
    }
    var current: View? = view
    while let candidate = current {
      if candidate.isHidden {
        throw .notInteractive(view: view.inputName, reason: "it or an ancestor is hidden")
      }
      if candidate.alpha < 0.01 {
        throw .notInteractive(view: view.inputName, reason: "it or an ancestor is transparent")
      }
      if !candidate.isUserInteractionEnabled {
        throw .notInteractive(view: view.inputName, reason: "user interaction is disabled")
      }
      current = candidate.superview
    }
    if let control = view as? Control, !control.isEnabled {
      throw .notInteractive(view: view.inputName, reason: "the control is disabled")
    }
  }

  func afterInput() {
    BindingUpdates.flush()
    rootViewController?.checkContainment()
    controllerState.focusSystem?.updateFocusIfNeeded()  // a modal or removal moves focus
  }
}

/// A keyboard change: its height and the window area it covers.
public struct KeyboardChange: Sendable, Equatable {
  /// The height; 0 when the keyboard hides.
  public var height: Double
  /// The covered area in window coordinates.
  public var frame: Rect
}

@MainActor
struct KeyboardObserver {
  weak var owner: AnyObject?
  let handler: @MainActor (KeyboardChange) -> Void
}

extension View {
  /// How input errors name this view: its accessibility identifier, else its type.
  var inputName: String {
    if let identifier = accessibilityIdentifier { return "\(type(of: self)) \"\(identifier)\"" }
    return "\(type(of: self))"
  }
}

extension ViewController {
  /// The child whose view is shown frontmost in this controller's view, if any.
  var deepestVisibleChild: ViewController? {
    guard let ownView = viewIfLoaded else { return nil }
    return children.last { child in
      guard let childView = child.viewIfLoaded else { return false }
      return childView.isDescendant(of: ownView) && childView.window != nil && !childView.isHidden
    }
  }
}

/// The direction of a swipe, as `UISwipeGestureRecognizer.Direction`.
public enum SwipeDirection: String, Sendable, Hashable, CaseIterable {
  /// Towards the left edge.
  case left
  /// Towards the right edge.
  case right
  /// Towards the top.
  case up
  /// Towards the bottom.
  case down
}
