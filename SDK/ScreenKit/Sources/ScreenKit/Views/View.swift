import Synchronization

/// A rectangular area that manages content, as `UIView`.
///
/// This is the shared core: hierarchy, geometry and appearance. Layout (constraints, margins,
/// safe areas, intrinsic sizes) and input live in their own files as extensions and in the
/// state objects views hold.
@MainActor
open class View: Responder {
  // The fields a layout pass reads for every view come first, to share cache lines.

  /// The view this view is a subview of.
  public var superview: View? { parentPointer?.takeUnretainedValue() }
  // Unowned, not weak, as UIKit's: a weak reference would give every superview a side table
  // and slow down each retain of it. A view clears its subviews' pointers when it dies. An
  // unmanaged pointer, so that walks up the hierarchy (`isDescendant(of:)`, `hierarchyRoot`)
  // compare and follow it without retaining each ancestor; `nonisolated(unsafe)` because a
  // deinit is not isolated (an `isolated deinit` broke subclasses compiled in other modules).
  @exclusivity(unchecked) nonisolated(unsafe) private var parentPointer: Unmanaged<View>?
  /// The subviews, back to front.
  @exclusivity(unchecked) public private(set) var subviews: [View] = []
  /// The layout state: constraints, margins, safe area, priorities, caches.
  let layoutState = ViewLayoutState()
  /// Whether the view is hidden; a hidden arranged view collapses in its stack.
  @exclusivity(unchecked) public var isHidden = false {
    didSet {
      if oldValue != isHidden {
        superview?.setNeedsLayout()
        setNeedsDisplay()
        ViewAnimations.hiddenChanged(self)
      }
    }
  }
  // Whether a controller set itself as this view's owner; views so marked are counted so
  // that layout passes of plain view trees skip looking for controllers.
  @exclusivity(unchecked) private(set) var isControllerRootView = false {
    didSet {
      if isControllerRootView != oldValue {
        View.controllerRootViews.add(isControllerRootView ? 1 : -1, ordering: .relaxed)
      }
    }
  }
  /// The frame in the superview's coordinate space.
  ///
  /// A new size marks the view and its superview as needing layout. A new position marks
  /// the superview only when a constraint names the view or the engine places it; a view
  /// placed by its frame that nothing refers to moves without a layout pass, as in UIKit.
  @exclusivity(unchecked) public var frame: Rect = .zero {
    didSet {
      if DisplayJournal.isRecording && frame != oldValue { DisplayJournal.record(self) }
      frameDidChange(from: oldValue)
      if frame.size != oldValue.size && !subviews.isEmpty {
        autoresizeSubviews(from: oldValue.size)
      }
    }
  }
  /// How the view resizes when its superview's size changes (see ``AutoresizingMask``);
  /// `[]`, the default, keeps its frame. Applies while it translates its mask into
  /// constraints.
  public var autoresizingMask: AutoresizingMask = []
  /// Whether the view resizes its subviews by their autoresizing masks when its size
  /// changes (true, the default, as UIKit).
  public var autoresizesSubviews = true
  /// How many active constraints name this view as an item, directly or through one of its
  /// layout guides: a view with none that does not translate its mask keeps its frame
  /// (`isPlacedByFrame`). Here rather than in `ViewLayoutState`, which fills its heap chunk.
  @exclusivity(unchecked) var namingConstraintCount = 0

  /// The window this view is in, if any.
  open var window: Window? { superview?.window }
  /// The background colour; `nil` is transparent.
  public var backgroundColor: Color? { didSet { setNeedsDisplay() } }
  /// The colour set on this view for tinting, if any; `tintColor` resolves inheritance.
  private var ownTintColor: Color?
  /// The drawing attributes clients render (corner radius, border).
  public var layer: Layer {
    if let layerStorage { return layerStorage }
    let created = Layer(owner: self)
    layerStorage = created
    return created
  }
  // Created on first use: most views never set a corner radius or border.
  var layerStorage: Layer?
  /// The opacity, from 0 to 1.
  public var alpha: Double = 1 { didSet { setNeedsDisplay() } }
  /// An integer that identifies the view in an app.
  public var tag = 0
  /// How the view's content (an image view's image) is placed in its bounds.
  public var contentMode: ContentMode = .scaleToFill { didSet { setNeedsDisplay() } }
  /// The identifier that clients and tests use to find this view (the node's `key`).
  public var accessibilityIdentifier: String? { didSet { setNeedsDisplay() } }
  /// The identifier that makes this view save and restore its state, as UIKit's: `nil`
  /// (the default) leaves it out. Only views of a controller that takes part in restoration
  /// do; they need different identifiers within the controller's view (the first in
  /// subview order wins).
  public var restorationIdentifier: String?
  /// Whether the view receives input.
  public var isUserInteractionEnabled = true { didSet { setNeedsDisplay() } }
  /// Whether the view receives more than one touch at a time (false, as UIKit's: while a
  /// finger is on it, other fingers that land on it are not delivered to it).
  public var isMultipleTouchEnabled = false
  // the gesture recognizers attached to the view (Gestures/View+GestureRecognizers.swift)
  var attachedGestureRecognizers: [GestureRecognizer] = []
  // the controller whose root view this is; set by `ViewController.view`.
  weak var owningViewController: ViewController? {
    didSet { isControllerRootView = owningViewController != nil }
  }
  /// How many live views a controller owns (an upper bound: a controller that died without
  /// clearing its view's owner still counts); atomic, as views may die off the main actor.
  nonisolated static let controllerRootViews = Atomic<Int>(0)
  // bindings that update this view; they die with it (Binding/ViewBinding.swift)
  var attachedBindings: [ViewBinding] = []

  /// The tint colour: the one set on this view, else the superview's, else the system
  /// blue, as UIKit; setting `nil` returns to inheriting.
  public var tintColor: Color! {
    get { ownTintColor ?? superview?.tintColor ?? .systemBlue }
    set {
      ownTintColor = newValue
      // Descendants that inherit the tint draw with it (a system button's title).
      if DisplayJournal.isRecording { markSubtreeForDisplay() }
    }
  }

  // MARK: Accessibility (UIAccessibility; the rest in Accessibility/)

  // The members set in code; `nil` for most views, which keep their type's defaults.
  var accessibilityStorage: AccessibilityStorage?

  /// Whether assistive technologies see this view as one element (UIKit's
  /// `isAccessibilityElement`). `false` for a plain view, `true` for a control and for the
  /// views UIKit makes elements (a label, a text view, a cell); an element's subviews are
  /// not elements of their own.
  open var isAccessibilityElement: Bool {
    get { accessibilityStorage?.isElement ?? false }
    set { accessibility.isElement = newValue }
  }
  /// What the element is called, read first (`nil` by default; a label's text, a button's
  /// title or image name, a cell's combined labels).
  open var accessibilityLabel: String? {
    get { accessibilityStorage?.label }
    set { accessibility.label = newValue }
  }
  /// What activating the element does, read after a pause (`nil` by default).
  open var accessibilityHint: String? {
    get { accessibilityStorage?.hint }
    set { accessibility.hint = newValue }
  }
  /// The element's value as text (`nil` by default; a switch's "1"/"0", a slider's
  /// percentage, a text field's text).
  open var accessibilityValue: String? {
    get { accessibilityStorage?.value }
    set { accessibility.value = newValue }
  }
  /// What the element is and its state (none by default; each view type its own, a
  /// control's `notEnabled` and `selected` following its state).
  open var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? [] }
    set { accessibility.traits = newValue }
  }
  /// Whether this view's subtree (the view included) is hidden from assistive
  /// technologies (`false` by default).
  open var accessibilityElementsHidden: Bool {
    get { accessibilityStorage?.elementsHidden ?? false }
    set { accessibility.elementsHidden = newValue }
  }
  /// Whether assistive technologies ignore this view's siblings (and their subtrees) while
  /// it shows: `false` by default, `true` for the view of a presented controller (an alert,
  /// an action sheet, a menu, a sheet), as UIKit's presentations confine VoiceOver.
  open var accessibilityViewIsModal: Bool {
    get {
      accessibilityStorage?.viewIsModal
        ?? (owningViewController != nil && presentationStyleName != nil)
    }
    set { accessibility.viewIsModal = newValue }
  }
  /// Whether this view's elements are read together, before or after the elements around
  /// it, rather than sorted among them by position (`false` by default).
  open var shouldGroupAccessibilityChildren: Bool {
    get { accessibilityStorage?.groupsChildren ?? false }
    set { accessibility.groupsChildren = newValue }
  }
  /// The elements of this container in reading order, overriding the order of their frames
  /// (`nil` by default): views and ``AccessibilityElement``s; a view listed that is no
  /// element contributes its own elements.
  open var accessibilityElements: [Any]? {
    get { accessibilityStorage?.elements }
    set { accessibility.elements = newValue }
  }
  /// The BCP 47 language the element's label, value and hint are spoken in (`nil`: the
  /// scene's).
  open var accessibilityLanguage: String? {
    get { accessibilityStorage?.language }
    set { accessibility.language = newValue }
  }
  /// The actions offered besides activation (`nil` by default).
  open var accessibilityCustomActions: [AccessibilityCustomAction]? {
    get { accessibilityStorage?.customActions }
    set { accessibility.customActions = newValue }
  }
  /// The element's frame in window coordinates (by default its bounds converted to the
  /// window, as UIKit's screen coordinates).
  open var accessibilityFrame: Rect {
    get { accessibilityStorage?.frame ?? convert(bounds, to: nil) }
    set { accessibility.frame = newValue }
  }
  /// Where activation taps, in window coordinates (by default the centre of
  /// ``accessibilityFrame``).
  open var accessibilityActivationPoint: Point {
    get {
      if let point = accessibilityStorage?.activationPoint { return point }
      let frame = accessibilityFrame
      return Point(x: frame.midX, y: frame.midY)
    }
    set { accessibility.activationPoint = newValue }
  }

  /// Activates the element (VoiceOver's double tap); returns whether it handled that. The
  /// default returns `false`, and the window then taps the element at its activation point,
  /// as UIKit does.
  open func accessibilityActivate() -> Bool { false }
  /// Raises an adjustable element's value (VoiceOver's swipe up); nothing by default.
  open func accessibilityIncrement() {}
  /// Lowers an adjustable element's value (VoiceOver's swipe down); nothing by default.
  open func accessibilityDecrement() {}

  /// A view with the given frame.
  public init(frame: Rect) {
    self.frame = frame
    super.init()
  }

  deinit {
    layoutState.itemReference?.view = nil
    for subview in subviews { subview.parentPointer = nil }
    layerStorage?.owner = nil
    if isControllerRootView { View.controllerRootViews.subtract(1, ordering: .relaxed) }
  }

  /// What anchors, constraints and guides hold of this view (made on first use).
  var layoutItemReference: LayoutItemReference {
    if let reference = layoutState.itemReference { return reference }
    let reference = LayoutItemReference(view: self)
    layoutState.itemReference = reference
    return reference
  }

  /// A view with a zero frame.
  public convenience override init() {
    self.init(frame: .zero)
  }

  /// Adds `view` as the frontmost subview, removing it from its previous superview first.
  public func addSubview(_ view: View) {
    insertSubview(view, at: subviews.count)
  }

  /// Inserts `view` at `index` in the subviews, removing it from its previous superview first.
  public func insertSubview(_ view: View, at index: Int) {
    precondition(view !== self, "a view cannot be its own subview")
    if view.superview === self, let current = subviews.firstIndex(where: { $0 === view }) {
      subviews.remove(at: current)
      subviews.insert(view, at: min(max(index, 0), subviews.count))
      setNeedsDisplay()
      return
    }
    let oldWindow = view.window
    view.removeFromSuperview()
    view.willMove(toSuperview: self)
    subviews.insert(view, at: min(max(index, 0), subviews.count))
    view.parentPointer = Unmanaged.passUnretained(self)
    view.hierarchyDidChange()
    setNeedsDisplay()
    view.didMoveToSuperview()
    didAddSubview(view)
    if oldWindow !== window {
      // appearance callbacks around the window change
      let appearance = AppearanceTransaction(moving: view, from: oldWindow, to: window)
      view.propagateWindowChange(to: window)
      appearance?.finish()
    }
  }

  /// Removes the view from its superview.
  public func removeFromSuperview() {
    guard let parent = superview else { return }
    let oldWindow = window
    // appearance callbacks around the window change
    let appearance = AppearanceTransaction(moving: self, from: oldWindow, to: nil)
    parent.willRemoveSubview(self)
    willMove(toSuperview: nil)
    parent.subviews.removeAll { $0 === self }
    parent.layoutState.dirtyChildren.removeAll { $0 === self }
    parentPointer = nil
    parent.setNeedsLayout()
    parent.setNeedsDisplay()
    hierarchyDidChange()
    didMoveToSuperview()
    if oldWindow != nil { propagateWindowChange(to: nil) }
    appearance?.finish()
  }

  /// Marks the view's drawn state as changed, as `UIView.setNeedsDisplay()`: a host that
  /// mirrors the view (see `DisplayJournal`) sends it again. ScreenKit's setters call it;
  /// a subclass calls it when state of its own that a client draws changes.
  public func setNeedsDisplay() {
    if DisplayJournal.isRecording { DisplayJournal.record(self) }
  }

  private func markSubtreeForDisplay() {
    DisplayJournal.record(self)
    for subview in subviews { subview.markSubtreeForDisplay() }
  }

  /// Whether this view is `view` or one of its descendants.
  public func isDescendant(of view: View) -> Bool {
    let target = Unmanaged.passUnretained(view).toOpaque()
    var current = Unmanaged.passUnretained(self)
    while current.toOpaque() != target {
      guard let parent = Self.parent(of: current) else { return false }
      current = parent
    }
    return true
  }

  /// The topmost view of the hierarchy: the view itself when it has no superview.
  var hierarchyRoot: View {
    var current = Unmanaged.passUnretained(self)
    while let parent = Self.parent(of: current) { current = parent }
    return current.takeUnretainedValue()
  }

  /// The superview pointer of the view `view` points to, read without retaining either;
  /// nonisolated so that reading it inside the closure needs no executor check.
  nonisolated private static func parent(of view: Unmanaged<View>) -> Unmanaged<View>? {
    view._withUnsafeGuaranteedRef { $0.parentPointer }
  }

  /// Called before the superview changes.
  open func willMove(toSuperview newSuperview: View?) {}
  /// Called after the superview changed.
  open func didMoveToSuperview() {}
  /// Called after a subview was added.
  open func didAddSubview(_ subview: View) {}
  /// Called before a subview is removed.
  open func willRemoveSubview(_ subview: View) {}
  /// Called before the window changes.
  open func willMove(toWindow newWindow: Window?) {}
  /// Called after the window changed.
  open func didMoveToWindow() {}

  // hit testing, overridable as UIKit's; the logic is in Input/View+HitTesting.swift
  /// The farthest descendant (or this view) that contains `point` (in this view's
  /// coordinates) and takes input; hidden views, views with alpha below 0.01 and views with
  /// `isUserInteractionEnabled` off are skipped with their subviews.
  open func hitTest(_ point: Point, with event: Event?) -> View? {
    defaultHitTest(point, with: event)
  }
  /// Whether `point` (in this view's coordinates) is inside the view's bounds.
  open func point(inside point: Point, with event: Event?) -> Bool { defaultPointInside(point) }
  /// Whether `recognizer` may begin recognizing touches that were hit-tested to this view
  /// or that it is attached to (true). Asked when the recognizer leaves `possible`; "no"
  /// fails it. Controls keep single taps on their ancestors from taking their own taps.
  open func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }

  /// A view with its own tap reaction (``TapReceiving``: a table row, a text view, a
  /// sheet's dimming view) reacts to a touch that ends on it as a tap (within
  /// ``Touch/tapMovementTolerance`` of where it began); other views pass the touches up the
  /// responder chain. Controls track touches themselves.
  open override func touchesEnded(_ touches: Set<Touch>, with event: Event?) {
    if let receiver = self as? TapReceiving, let touch = touches.first, touch.isTap(on: self) {
      _ = receiver.receiveTap()
      return
    }
    super.touchesEnded(touches, with: event)
  }

  // Layout members that subclasses override; the engine is in Layout/.

  /// The natural size of the view's content; `noIntrinsicMetric` in a dimension it does
  /// not have. Views override it; call `invalidateIntrinsicContentSize()` when it changes.
  open var intrinsicContentSize: Size {
    Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
  }

  /// The size that best fits `size`; a plain view returns its current size, as UIKit.
  open func sizeThatFits(_ size: Size) -> Size { frame.size }

  /// Lays out subviews; the constraint engine has positioned them when this runs. Override
  /// to position views by hand.
  open func layoutSubviews() {}

  /// Called when the margins change; override to react.
  open func layoutMarginsDidChange() {}

  /// The bounds: the view's own coordinate space (origin zero; a scroll view's origin is
  /// its content offset).
  open var bounds: Rect { Rect(origin: .zero, size: frame.size) }

  /// Where the first (or last) baseline lies: `top + heightFactor × height + constant`;
  /// `nil` for views without text, whose baseline is their bottom edge.
  func baselineOffset(first: Bool) -> (heightFactor: Double, constant: Double)? { nil }

  /// The view that stands for this one's first or last baseline (a stack view's arranged
  /// view), or `nil` when the view measures its own.
  func baselineView(first: Bool) -> View? { nil }

  /// How the layout engine measures and lays out the view (`LayoutAlgorithm`): a plain view
  /// is content; stack views, scroll views, labels and windows say what they are here, the
  /// one layout member they override.
  var layoutAlgorithm: LayoutAlgorithm { .content }

  /// Saves the view's state into `coder`, as UIKit's. Text fields (unless secure),
  /// switches and scroll views save theirs by default; overrides call `super`.
  open func encodeRestorableState(with coder: Coder) {}

  /// Restores the state `encodeRestorableState(with:)` saved, after the owning controller
  /// decoded its own. Overrides call `super`.
  open func decodeRestorableState(with coder: Coder) {}

  /// Called on every restored view once every object of the window was decoded.
  open func applicationFinishedRestoringState() {}

  private func propagateWindowChange(to newWindow: Window?) {
    willMove(toWindow: newWindow)
    for subview in subviews { subview.propagateWindowChange(to: newWindow) }
    didMoveToWindow()
  }

  // a view's controller comes before its superview in the responder chain
  open override var next: Responder? { owningViewController ?? superview }

  // MARK: Focus (Focus/View+Focus.swift)

  /// Whether the focus engine may focus this view, as `UIView.canBecomeFocused`. The
  /// default is `false` for plain views and `true` for controls, text views that edit,
  /// search bars and cells of lists that allow selection (``defaultCanBecomeFocused``);
  /// hidden, disabled and zero-size views are never focused whatever this says.
  open var canBecomeFocused: Bool { defaultCanBecomeFocused }

  /// The focus group this view belongs to (`nil`: its parent environment's), as
  /// `UIFocusItem.focusGroupIdentifier`. Tab keeps the items of one group together.
  open var focusGroupIdentifier: String?

  /// Where this view prefers focus to go, by priority (default: none, which means the view
  /// itself, else its first focusable subview in reading order).
  open var preferredFocusEnvironments: [FocusEnvironment] { [] }

  /// Asked before focus moves into, out of or within this view (default `true`).
  open func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool { true }

  /// Told after focus moved into, out of or within this view (default does nothing).
  open func didUpdateFocus(
    in context: FocusUpdateContext, with coordinator: FocusAnimationCoordinator
  ) {}
}
