/// A vertical stack view inside a scroll view inside a view controller: the
/// base for forms and any content that must scroll when the keyboard shows.
///
/// Stacked views and stacked child controllers are arranged top to bottom; child
/// controllers are contained the documented way (`addChild`, arranged view, `didMove`).
/// When the keyboard covers the bottom of the window, the scroll view's bottom inset grows
/// by the covered height and the first responder inside is scrolled into view.
@MainActor
open class StackViewController: ViewController {
  /// The scroll view filling the controller's view.
  public private(set) var scrollView: ScrollView = {
    let view = ScrollView()
    view.translatesAutoresizingMaskIntoConstraints = false
    return view
  }()

  /// The vertical stack inside the scroll view.
  public private(set) var stackView: StackView = {
    let view = StackView()
    view.translatesAutoresizingMaskIntoConstraints = false
    view.axis = .vertical
    view.alignment = .fill
    view.distribution = .fill
    return view
  }()

  private var keyboardInset: Double = 0

  /// An empty stack.
  public override init() {
    super.init()
  }

  /// The scroll view pinned to the view's edges, the stack pinned to the content guide and
  /// as wide as the scroll view.
  open override func loadView() {
    let root = View()
    root.addSubview(scrollView)
    scrollView.addSubview(stackView)
    LayoutConstraint.activate([
      scrollView.topAnchor.constraint(equalTo: root.topAnchor),
      scrollView.bottomAnchor.constraint(equalTo: root.bottomAnchor),
      scrollView.leadingAnchor.constraint(equalTo: root.leadingAnchor),
      scrollView.trailingAnchor.constraint(equalTo: root.trailingAnchor),
      stackView.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor),
      stackView.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor),
      stackView.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor),
      stackView.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor),
      stackView.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor),
    ])
    view = root
  }

  /// Starts following the window's keyboard.
  open override func viewIsAppearing(_ animated: Bool) {
    super.viewIsAppearing(animated)
    view.window?.observeKeyboard(owner: self) { [weak self] change in
      self?.keyboardChanged(change)
    }
  }

  // MARK: Stacked views

  /// Adds `view` at the bottom of the stack.
  public func addStackedView(_ view: View) {
    loadViewIfNeeded()
    stackView.addArrangedSubview(view)
  }

  /// Adds `views` at the bottom of the stack, in order.
  public func addStackedViews(_ views: [View]) {
    for view in views { addStackedView(view) }
  }

  /// Inserts `view` at `index` in the stack (clamped to the stack's bounds).
  public func insertStackedView(_ view: View, at index: Int) {
    loadViewIfNeeded()
    stackView.insertArrangedSubview(view, at: min(max(index, 0), stackView.arrangedSubviews.count))
  }

  /// Removes `view` from the stack and from the view hierarchy.
  public func removeStackedView(_ view: View) {
    guard isViewLoaded, view.superview === stackView else { return }
    stackView.removeArrangedSubview(view)
    view.removeFromSuperview()
  }

  /// The stacked views, top to bottom.
  public var stackedViews: [View] { isViewLoaded ? stackView.arrangedSubviews : [] }

  // MARK: Stacked controllers

  /// Adds `child` as a child controller with its view at the bottom of the stack.
  public func addStackedViewController(_ child: ViewController) {
    insertStackedViewController(child, at: stackedViews.count)
  }

  /// Inserts `child` as a child controller with its view at `index` in the stack.
  public func insertStackedViewController(_ child: ViewController, at index: Int) {
    addChild(child)
    insertStackedView(child.view, at: index)
    child.didMove(toParent: self)
  }

  /// Removes the child controller `child` and its view from the stack.
  public func removeStackedViewController(_ child: ViewController) {
    guard child.parent === self else { return }
    child.willMove(toParent: nil)
    if let childView = child.viewIfLoaded { removeStackedView(childView) }
    child.removeFromParent()
  }

  // MARK: State restoration

  /// Saves references to the stacked child controllers that have a restoration
  /// identifier, top to bottom (key `StackViewController.stackedViewControllers`).
  open override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(stackedChildren, forKey: "StackViewController.stackedViewControllers")
  }

  /// Restores the stacked child controllers: saved ones the tree lacks are recreated and
  /// inserted after the saved one above them; stacked children with an identifier that
  /// were not saved are removed. Stacked plain views are the subclass's to restore.
  open override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    guard
      let saved = coder.decodeViewControllers(forKey: "StackViewController.stackedViewControllers")
    else { return }
    for child in stackedChildren where child.restorationIdentifier != nil {
      if !saved.contains(where: { $0 === child }) { removeStackedViewController(child) }
    }
    for (index, controller) in saved.enumerated() where controller.parent !== self {
      guard mayAdoptRestoredChild(controller) else { continue }
      let views = stackedViews
      var position = views.count
      if index > 0, let above = saved[index - 1].viewIfLoaded,
        let aboveIndex = views.firstIndex(where: { $0 === above })
      {
        position = aboveIndex + 1
      } else if let below = saved[(index + 1)...].first(where: { $0.parent === self }),
        let belowIndex = views.firstIndex(where: { $0 === below.viewIfLoaded })
      {
        position = belowIndex
      }
      insertStackedViewController(controller, at: position)
    }
  }

  /// The child controllers whose views are in the stack, top to bottom.
  private var stackedChildren: [ViewController] {
    stackedViews.compactMap { view in children.first { $0.viewIfLoaded === view } }
  }

  // MARK: Spacers and separators

  /// Adds a fixed empty gap of `height` points and returns it.
  @discardableResult
  public func addSpacer(height: Double) -> View {
    let spacer = View()
    spacer.translatesAutoresizingMaskIntoConstraints = false
    spacer.heightAnchor.constraint(equalToConstant: height).isActive = true
    addStackedView(spacer)
    return spacer
  }

  /// Adds a hairline separator of `thickness` points in `color` and returns it.
  @discardableResult
  public func addSeparator(thickness: Double = 1, color: Color = .lightGray) -> View {
    let line = View()
    line.translatesAutoresizingMaskIntoConstraints = false
    line.backgroundColor = color
    line.heightAnchor.constraint(equalToConstant: thickness).isActive = true
    addStackedView(line)
    return line
  }

  // MARK: Keyboard

  private func keyboardChanged(_ change: KeyboardChange) {
    guard let window = view.window else { return }
    let scrollBottom = scrollView.convertToWindow(Point(x: 0, y: scrollView.frame.height)).y
    let covered = max(0, scrollBottom - change.frame.minY)
    var insets = scrollView.contentInset
    insets.bottom += covered - keyboardInset
    keyboardInset = covered
    scrollView.contentInset = insets
    if covered > 0, let focused = window.firstResponder as? View,
      focused.isDescendant(of: stackView)
    {
      scrollToVisible(focused)
    }
  }

  /// Scrolls so that `view` (inside the stack) is fully visible above the keyboard.
  public func scrollToVisible(_ view: View) {
    view.window?.layoutIfNeeded()
    let top = stackView.frame.minY + view.convert(view.bounds, to: stackView).minY
    let bottom = top + view.frame.height
    let visibleHeight = scrollView.frame.height - scrollView.adjustedContentInset.bottom
    var offset = scrollView.contentOffset
    if bottom > offset.y + visibleHeight { offset.y = bottom - visibleHeight }
    if top < offset.y { offset.y = top }
    scrollView.contentOffset = offset
  }
}
