/// An object that manages a view hierarchy, as `UIViewController`.
///
/// The view is loaded lazily by `loadView()` then `viewDidLoad()`. Appearance callbacks are
/// driven by the view entering or leaving a visible ``Window`` and by containers through
/// ``beginAppearanceTransition(_:animated:)``; child controllers receive them from their
/// parent (see `docs/controllers.md`).
///
/// ScreenKit differs from UIKit in having a single designated `init()` (no nibs or coders).
@MainActor
open class ViewController: Responder {
  private var loadedView: View?
  private var isLoadingView = false

  /// The controller's state in the appearance cycle and in containment.
  let lifecycle = ViewControllerLifecycle()

  /// A controller with no view loaded yet.
  public override init() {
    super.init()
  }

  /// A controller with no view loaded yet, as UIKit's designated
  /// `init(nibName:bundle:)`, so that subclasses written for UIKit can call
  /// `super.init(nibName: nil, bundle: nil)`. ScreenKit has no nibs: the view always comes
  /// from `loadView()`, and both arguments must be `nil` (a nib name is a programming error).
  public init(nibName: String?, bundle: AnyObject?) {
    precondition(nibName == nil, "ScreenKit has no nibs: build the view in loadView()")
    super.init()
  }

  // MARK: Loading

  /// The root view, loaded on first access by `loadView()` then `viewDidLoad()`.
  ///
  /// Assigning `nil` releases the view; the next access loads a new one.
  public var view: View! {
    get {
      loadViewIfNeeded()
      return loadedView
    }
    set {
      if let old = loadedView, old !== newValue, old.owningViewController === self {
        old.owningViewController = nil
      }
      if let old = loadedView, old !== newValue { old.layoutState.isViewControllerRootView = false }
      loadedView = newValue
      newValue?.owningViewController = self
      newValue?.layoutState.isViewControllerRootView = true
    }
  }

  /// Loads the view if it is not loaded yet, calling `loadView()` then `viewDidLoad()`.
  public func loadViewIfNeeded() {
    guard loadedView == nil, !isLoadingView else { return }
    isLoadingView = true
    loadView()
    if loadedView == nil { view = View() }
    isLoadingView = false
    viewDidLoad()
  }

  /// Whether the view is loaded.
  public var isViewLoaded: Bool { loadedView != nil }

  /// The view if it is loaded; never loads it.
  public var viewIfLoaded: View? { loadedView }

  /// Creates the view. Override to assign a custom view to `view`; do not call `super`.
  open func loadView() {
    view = View(frame: Self.loadingBounds)
  }

  /// The frame `loadView()` gives a plain root view: the window's bounds while a window
  /// installs its root controller (UIKit's `loadView` uses the screen's bounds), else zero.
  static var loadingBounds = Rect.zero

  /// Called once after each load of the view.
  open func viewDidLoad() {}

  /// Whether the controller is in editing mode (a list shows its rows' edit controls).
  public private(set) var isEditing = false

  /// Enters or leaves editing mode; subclasses that show editing call `super`. The
  /// ``editButtonItem`` follows: Edit while not editing, Done (bold) while editing.
  open func setEditing(_ editing: Bool, animated: Bool) {
    isEditing = editing
    updateEditButtonItem()
  }

  // MARK: Identity

  /// A localized string that names the controller's content; a navigation bar shows it.
  open var title: String? {
    didSet {
      navigationItem.title = title
      // As UIKit's: the title also names the controller's tab.
      barState.tabBarItem?.title = title
    }
  }

  /// The item a navigation bar shows for this controller, created on first use.
  public private(set) lazy var navigationItem: NavigationItem = NavigationItem(title: title)

  /// The controller's bar items (toolbar items, tab bar item, edit item).
  let barState = ViewControllerBarState()
  /// How the controller is presented (style, presentation controller).
  let presentationState = ViewControllerPresentationState()

  /// The name containment reports and hierarchy descriptions use: the class name, and the
  /// title when there is one.
  open var debugName: String {
    let typeName = String(describing: type(of: self))
    if let title, !title.isEmpty { return "\(typeName) \"\(title)\"" }
    return typeName
  }

  // MARK: Appearance

  /// Whether the controller forwards appearance callbacks to its children (default `true`).
  ///
  /// A container that returns `false` calls `beginAppearanceTransition(_:animated:)` and
  /// `endAppearanceTransition()` on its children itself.
  open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

  /// Called before the view is added to a visible window.
  open func viewWillAppear(_ animated: Bool) {}
  /// Called after the view was added to the window and has its traits and safe area, before
  /// layout.
  open func viewIsAppearing(_ animated: Bool) {}
  /// Called after the view appeared.
  open func viewDidAppear(_ animated: Bool) {}
  /// Called before the view leaves the visible window.
  open func viewWillDisappear(_ animated: Bool) {}
  /// Called after the view left the visible window.
  open func viewDidDisappear(_ animated: Bool) {}

  // MARK: Containment

  /// Called by `addChild(_:)` (with the new parent) and by a container before it removes the
  /// child (with `nil`). Overrides call `super`.
  open func willMove(toParent parent: ViewController?) {
    if parent == nil, self.parent != nil { lifecycle.isMovingFromParent = true }
  }

  /// Called by the container after adding the child (with the parent) and by
  /// `removeFromParent()` (with `nil`). Overrides call `super`.
  open func didMove(toParent parent: ViewController?) {
    if parent != nil, parent === self.parent {
      lifecycle.awaitingDidMove = false
      if lifecycle.transitionDepth == 0 { lifecycle.isMovingToParent = false }
    }
  }

  // MARK: Traits

  /// Called after the trait collection changed, with the previous one. The new traits were
  /// already delivered to the parent; the children get theirs after this call.
  open func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {}

  // MARK: Layout

  /// Called before the view lays out its subviews.
  open func viewWillLayoutSubviews() {}

  /// Called after the view laid out its subviews.
  open func viewDidLayoutSubviews() {}

  /// The size the controller would like for its view; a container is told when it changes.
  open var preferredContentSize: Size = .zero {
    didSet {
      guard preferredContentSize != oldValue else { return }
      parent?.preferredContentSizeDidChange(forChildContentContainer: self)
    }
  }

  /// Called when a child's `preferredContentSize` changed. The default does nothing.
  open func preferredContentSizeDidChange(forChildContentContainer container: ViewController) {}

  /// Insets added to the safe area the controller's view gets from its ancestors.
  open var additionalSafeAreaInsets: EdgeInsets = .zero {
    didSet {
      guard additionalSafeAreaInsets != oldValue else { return }
      viewIfLoaded?.setNeedsLayout()  // the view's safe area changes
      viewSafeAreaInsetsDidChange()
      viewIfLoaded?.setNeedsLayout()
    }
  }

  /// Called when the safe area of the controller's view changed.
  open func viewSafeAreaInsetsDidChange() {}

  /// The safe area this container gives `child`'s view: by default its own. Containers with
  /// bars (navigation, tab bar) add the bars' extent.
  open func safeAreaInsets(forChild child: ViewController) -> EdgeInsets {
    viewSafeAreaInsets
  }

  /// Called before the controller's view changes size (a window resize), with the new size.
  ///
  /// The default forwards to the children, as UIKit's does; overrides call `super`.
  open func viewWillTransition(to size: Size, with coordinator: TransitionCoordinator) {
    for child in children { child.viewWillTransition(to: size, with: coordinator) }
  }

  // MARK: Memory

  /// Called when the host is low on memory.
  ///
  /// The default releases the view when it is not in any view hierarchy (no window, no
  /// superview) and the controller is not appearing; the next access to `view` loads it
  /// again (`loadView()` and `viewDidLoad()` run again). A child's view still inside its
  /// parent's view is kept. Bindings on the released views are cancelled. Overrides call
  /// `super`.
  open func didReceiveMemoryWarning() {
    guard let loaded = loadedView, loaded.window == nil, loaded.superview == nil,
      lifecycle.appearance == .disappeared, lifecycle.transitionDepth == 0
    else { return }
    // Bindings of the released hierarchy end with it, also on subviews the controller keeps
    // (lazily created subviews): the reloaded view binds them again.
    loaded.visitPreOrder { released in
      for binding in released.attachedBindings { binding.cancel() }
    }
    view = nil
  }

  // MARK: State restoration

  /// The identifier that makes this controller take part in state restoration, as UIKit's:
  /// `nil` (the default) leaves it, its views and its children out. Its parent (or the
  /// controller presenting it) must have one too; siblings need different ones. See
  /// `docs/controllers.md`, "State restoration".
  public var restorationIdentifier: String?

  /// Makes the controllers below this one that a restoration needs and the tree does not
  /// have, when they were not made through the component catalog (those are recreated by
  /// component name and params automatically): ScreenKit's form of UIKit's
  /// `restorationClass` and the app delegate's
  /// `application(_:viewControllerWithRestorationIdentifierPath:coder:)`.
  ///
  /// It gets the missing controller's identifier path (from the root controller's
  /// identifier to its own, last) and its saved state, and returns a new controller or
  /// `nil`. The factory of the nearest controller up the tree (parents, then presenting
  /// controllers) that has one is asked.
  public var restorationFactory:
    (@MainActor (_ identifierPath: [String], _ coder: Coder) -> ViewController?)?

  /// The context of the component this controller is the root of, when the component
  /// catalog made it: its name and params recreate it, its catalog recreates siblings.
  var componentContext: ComponentContext?

  /// Saves the controller's state into `coder`, as UIKit's: called on every controller that
  /// takes part when a window's state is encoded. Overrides call `super`. Its views' state
  /// is saved by the views themselves.
  open func encodeRestorableState(with coder: Coder) {}

  /// Restores the state `encodeRestorableState(with:)` saved, as UIKit's: called after the
  /// view is loaded and before the controller first appears, parents before children (a
  /// container recreates its children here, so they are decoded after it). Overrides call
  /// `super`.
  open func decodeRestorableState(with coder: Coder) {}

  /// Called on every restored controller once every object of the window was decoded.
  open func applicationFinishedRestoringState() {}

  // MARK: Focus (Focus/ViewController+Focus.swift)

  /// Where this controller prefers focus to go, by priority; the default is its view, as
  /// UIKit's.
  open var preferredFocusEnvironments: [FocusEnvironment] { viewIfLoaded.map { [$0] } ?? [] }

  /// Asked before focus moves into, out of or within this controller's view (default
  /// `true`).
  open func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool { true }

  /// Told after focus moved into, out of or within this controller's view.
  open func didUpdateFocus(
    in context: FocusUpdateContext, with coordinator: FocusAnimationCoordinator
  ) {}

  // MARK: Responder chain

  /// Dismisses the controller when it is presented as a sheet (unless it is
  /// ``isModalInPresentation``) or a menu, as VoiceOver's escape gesture does; `false`
  /// otherwise.
  open override func accessibilityPerformEscape() -> Bool { escapePresentation() }

  /// The view's superview, else the parent, else the presenting controller.
  open override var next: Responder? {
    if let superview = loadedView?.superview { return superview }
    if let parent { return parent }
    if let presentingViewController { return presentingViewController }
    return nil
  }
}
