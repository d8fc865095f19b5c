/// A container that shows a stack of controllers one at a time with a navigation bar, as
/// `UINavigationController`.
///
/// Push and pop follow UIKit's containment and appearance order (observed UIKit traces):
/// push — `willMove(toParent:)` of the new controller, old `viewWillDisappear`, new
/// `viewWillAppear`, new `viewIsAppearing`, layout, old `viewDidDisappear`, new
/// `viewDidAppear`, new `didMove(toParent:)`; pop — old `willMove(toParent: nil)`, old
/// `viewWillDisappear`, new `viewWillAppear`, …, old `viewDidDisappear`, new `viewDidAppear`,
/// old `didMove(toParent: nil)`. The bar takes part in layout and adds its height to the
/// children's safe area. A ``ResponderAction/goBack`` reaching it (the bar's back item, the
/// window's `back` input) pops. An animated push or pop changes the stack at once and
/// carries its transition to clients (see ``ContainerTransition``).
@MainActor
open class NavigationController: ViewController {
  /// The bar above the children.
  public let navigationBar = NavigationBar()

  /// Whether the bar is hidden.
  public var isNavigationBarHidden = false {
    didSet {
      navigationBar.isHidden = isNavigationBarHidden
      layOutBarAndTop()
    }
  }

  /// The back swipe's recognizer and the swipe in progress
  /// (`NavigationController+InteractivePop.swift`).
  let backSwipeRecognizer = InteractivePopGestureRecognizer()
  var backSwipeTransition: InteractivePopTransition?

  /// A navigation controller showing `rootViewController`.
  public init(rootViewController: ViewController) {
    super.init()
    push(rootViewController, animated: false)
  }

  /// An empty navigation controller.
  public override init() {
    super.init()
  }

  /// The stack, bottom first.
  public var viewControllers: [ViewController] {
    get { children }
    set { setViewControllers(newValue, animated: false) }
  }

  /// The controller at the top of the stack.
  public var topViewController: ViewController? { children.last }

  /// The top controller, or what it presents.
  public var visibleViewController: ViewController? {
    var current = topViewController
    while let presented = current?.presentedViewController { current = presented }
    return current
  }

  /// The toolbar at the bottom, shown when `isToolbarHidden` is `false`; it shows the top
  /// controller's `toolbarItems`.
  public let toolbar = Toolbar()

  /// Whether the toolbar is hidden; `true` by default, as UIKit's.
  public var isToolbarHidden = true {
    didSet {
      guard isToolbarHidden != oldValue else { return }
      toolbar.isHidden = isToolbarHidden
      safeAreaChangedForChildren()
    }
  }

  /// Shows or hides the toolbar; ScreenKit is headless, so `animated` changes nothing.
  public func setToolbarHidden(_ hidden: Bool, animated: Bool) { isToolbarHidden = hidden }

  /// Shows or hides the navigation bar.
  public func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
    isNavigationBarHidden = hidden
  }

  /// A plain view holding the navigation bar and the toolbar.
  open override func loadView() {
    let container = View()
    container.addSubview(navigationBar)
    toolbar.isHidden = isToolbarHidden
    container.addSubview(toolbar)
    view = container
  }

  /// Puts the top controller's view under the bar.
  open override func viewDidLoad() {
    super.viewDidLoad()
    installInteractivePopGestureRecognizer()
    if let top = topViewController {
      view.insertSubview(top.view, at: 0)
    }
    updateBar()
  }

  /// Places the bar (over the top safe area) and the top controller's view.
  open override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    layOutBarAndTop()
  }

  /// Pushes `viewController` onto the stack and shows it.
  ///
  /// A controller already in the stack is refused with a containment report.
  open func pushViewController(_ viewController: ViewController, animated: Bool) {
    endBackSwipeBeforeStackChange()
    guard !children.contains(where: { $0 === viewController }) else {
      reportContainmentIssue(
        .invalidPresentation(
          presenter: debugName, presented: viewController.debugName,
          reason: "it is already in the navigation stack"))
      return
    }
    push(viewController, animated: animated)
  }

  private func push(_ viewController: ViewController, animated: Bool) {
    let previous = topViewController
    addChild(viewController)
    updateBar()
    guard isViewLoaded else {
      viewController.didMove(toParent: self)
      return
    }
    viewController.loadViewIfNeeded()
    swapTop(from: previous, to: viewController, animated: animated, operation: .push)
    viewController.didMove(toParent: self)
  }

  /// Pops the top controller and returns it; `nil` when only the root is left.
  @discardableResult
  open func popViewController(animated: Bool) -> ViewController? {
    endBackSwipeBeforeStackChange()
    guard children.count > 1, let top = topViewController else { return nil }
    let below = children[children.count - 2]
    top.willMove(toParent: nil)
    if isViewLoaded {
      swapTop(from: top, to: below, animated: animated, removing: top, operation: .pop)
    } else {
      top.viewIfLoaded?.removeFromSuperview()
      top.removeFromParent()
    }
    updateBar()
    return top
  }

  /// Pops everything above the root; returns the popped controllers, bottom first.
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [ViewController]? {
    guard let root = children.first else { return nil }
    return popToViewController(root, animated: animated)
  }

  /// Pops everything above `viewController`; returns the popped controllers, bottom first,
  /// or `nil` when it is not in the stack.
  @discardableResult
  open func popToViewController(_ viewController: ViewController, animated: Bool)
    -> [ViewController]?
  {
    endBackSwipeBeforeStackChange()
    guard let index = children.firstIndex(where: { $0 === viewController }) else { return nil }
    let popped = Array(children[(index + 1)...])
    guard let top = popped.last else { return [] }
    for hidden in popped.dropLast() {
      hidden.willMove(toParent: nil)
      hidden.viewIfLoaded?.removeFromSuperview()
      hidden.removeFromParent()
    }
    top.willMove(toParent: nil)
    if isViewLoaded {
      swapTop(from: top, to: viewController, animated: animated, removing: top, operation: .pop)
    } else {
      top.viewIfLoaded?.removeFromSuperview()
      top.removeFromParent()
    }
    updateBar()
    return popped
  }

  /// Replaces the stack. Controllers no longer in it are removed (`willMove(toParent: nil)`,
  /// `removeFromParent()`), new ones added (`addChild`, `didMove(toParent:)`), and the top
  /// changes with appearance callbacks when it is a different controller.
  open func setViewControllers(_ viewControllers: [ViewController], animated: Bool) {
    endBackSwipeBeforeStackChange()
    var unique: [ViewController] = []
    for controller in viewControllers where !unique.contains(where: { $0 === controller }) {
      unique.append(controller)
    }
    let oldTop = topViewController
    let newTop = unique.last
    let previousStack = children
    let removed = children.filter { old in !unique.contains { $0 === old } }
    for controller in removed where controller !== oldTop {
      controller.willMove(toParent: nil)
      controller.viewIfLoaded?.removeFromSuperview()
      controller.removeFromParent()
    }
    let added = unique.filter { new in !children.contains { $0 === new } }
    for controller in added { addChild(controller) }
    lifecycle.children = unique + children.filter { old in !unique.contains { $0 === old } }
    let oldTopRemoved = oldTop.map { top in removed.contains { $0 === top } } ?? false
    if oldTopRemoved, let oldTop { oldTop.willMove(toParent: nil) }
    if oldTop !== newTop, isViewLoaded, let newTop {
      newTop.loadViewIfNeeded()
      swapTop(
        from: oldTop, to: newTop, animated: animated, removing: oldTopRemoved ? oldTop : nil,
        operation: operation(settingTop: newTop, previousStack: previousStack))
    } else if oldTopRemoved, let oldTop {
      oldTop.viewIfLoaded?.removeFromSuperview()
      oldTop.removeFromParent()
    }
    for controller in added { controller.didMove(toParent: self) }
    updateBar()
  }

  /// Replaces the shown child's view with `to`'s, with appearance callbacks when visible
  /// and, when animated, the operation's transition.
  private func swapTop(
    from: ViewController?, to: ViewController, animated: Bool, removing: ViewController? = nil,
    operation: Operation
  ) {
    let visible = appearanceState == .appeared
    if visible {
      from?.beginAppearanceTransition(false, animated: animated)
      to.beginAppearanceTransition(true, animated: animated)
    }
    if let fromView = from?.viewIfLoaded, fromView.superview === view {
      fromView.removeFromSuperview()
    }
    to.view.frame = Rect(origin: .zero, size: view.frame.size)
    view.insertSubview(to.view, at: 0)
    runTransition(operation, from: from, to: to, animated: animated)
    if visible {
      from?.endAppearanceTransition()
      to.endAppearanceTransition()
    }
    removing?.removeFromParent()
  }

  /// Shows the top item on the bar and the top controller's toolbar items; when the bar's
  /// height changes, the children's safe area does too.
  func updateBar() {
    let items = children.map(\.navigationItem)
    for item in items { item.onChange = { [weak self] in self?.updateBar() } }
    navigationBar.onNeedsUpdate = { [weak self] in self?.updateBar() }
    let before = navigationBar.contentHeight
    navigationBar.show(top: items.last, below: Array(items.dropLast()))
    toolbar.setItems(topViewController?.toolbarItems ?? [])
    if navigationBar.contentHeight != before {
      safeAreaChangedForChildren()
    } else {
      layOutBarAndTop()
    }
  }

  private func safeAreaChangedForChildren() {
    guard let ownView = viewIfLoaded else { return }
    layOutBarAndTop()
    for child in children { child.propagateSafeAreaChange() }
    ownView.setNeedsLayout()
    topViewController?.viewIfLoaded?.setNeedsLayout()
  }

  private func layOutBarAndTop() {
    guard let ownView = viewIfLoaded else { return }
    let size = ownView.frame.size
    let top = viewSafeAreaInsets.top
    navigationBar.frame = Rect(
      x: 0, y: 0, width: size.width, height: top + navigationBar.contentHeight)
    navigationBar.layOutItems(size: navigationBar.frame.size, topInset: top)
    let bottom = viewSafeAreaInsets.bottom
    let toolbarHeight = Toolbar.standardHeight + bottom
    toolbar.frame = Rect(
      x: 0, y: size.height - toolbarHeight, width: size.width, height: toolbarHeight)
    toolbar.layOutItems(size: toolbar.frame.size)
    placeShownChildViews(in: size)
  }

  /// Saves the stack: references to the controllers in it that have a restoration
  /// identifier, bottom first (key `NavigationController.viewControllers`).
  open override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(viewControllers, forKey: "NavigationController.viewControllers")
  }

  /// Restores the stack: the saved controllers found among the children or recreated (by
  /// component name and params, or a restoration factory), bottom first; the stack is left
  /// alone when none of them can be had. Controllers without an identifier are not saved,
  /// so they are not in the restored stack.
  open override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    guard
      let stack = coder.decodeViewControllers(forKey: "NavigationController.viewControllers")?
        .filter(mayAdoptRestoredChild),
      !stack.isEmpty,
      stack.count != children.count || zip(stack, children).contains(where: { $0 !== $1 })
    else { return }
    setViewControllers(stack, animated: false)
  }

  /// Children get the bar's extent added at the top while the bar shows, and the
  /// toolbar's 44 points at the bottom while it shows.
  open override func safeAreaInsets(forChild child: ViewController) -> EdgeInsets {
    var insets = viewSafeAreaInsets
    if !isNavigationBarHidden { insets.top += navigationBar.contentHeight }
    if !isToolbarHidden { insets.bottom += Toolbar.standardHeight }
    return insets
  }

  /// `goBack` while there is something to pop.
  open override func canPerformAction(_ action: ResponderAction, withSender sender: Any?) -> Bool {
    action == .goBack && children.count > 1
  }

  /// Pops on `goBack`.
  open override func perform(_ action: ResponderAction, withSender sender: Any?) {
    if action == .goBack { popViewController(animated: true) }
  }

  /// Goes back one controller when there is one to go back to, as VoiceOver's escape
  /// gesture does in a navigation stack; at the root, dismisses the stack when it is
  /// presented as a sheet (``ViewController``'s escape).
  open override func accessibilityPerformEscape() -> Bool {
    guard viewControllers.count > 1 else { return super.accessibilityPerformEscape() }
    return popViewController(animated: true) != nil
  }
}

extension ViewController {
  /// The nearest navigation controller above this controller (or this one), as
  /// `UIViewController.navigationController`.
  public var navigationController: NavigationController? {
    var current: ViewController? = parent
    while let controller = current {
      if let navigation = controller as? NavigationController { return navigation }
      current = controller.parent
    }
    return nil
  }
}
