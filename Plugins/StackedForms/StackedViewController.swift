import ScreenKit

/// A base class for forms: a view controller whose content is a vertical stack view in a
/// scroll view, with methods to add, insert and remove stacked views. Open, with no
/// business logic, so that forms subclass it. Its scroll view keeps its position through
/// state restoration when the subclass sets a `restorationIdentifier`.
open class StackedViewController: ViewController {
  /// The scroll view filling the controller's view.
  public private(set) var scrollView: ScrollView = {
    let view = ScrollView()
    view.translatesAutoresizingMaskIntoConstraints = false
    return view
  }()

  /// The vertical stack holding the stacked views.
  public private(set) var stackView: StackView = {
    let view = StackView()
    view.translatesAutoresizingMaskIntoConstraints = false
    view.distribution = .fill
    view.alignment = .fill
    view.axis = .vertical
    return view
  }()

  /// A controller with an empty stack.
  public override init() {
    super.init()
  }

  open override func loadView() {
    scrollView.restorationIdentifier = "scroll"
    let view = View()
    view.backgroundColor = .white
    view.addSubview(scrollView)
    scrollView.addSubview(stackView)
    let top = stackView.topAnchor.constraint(equalTo: scrollView.topAnchor)
    let bottom = stackView.bottomAnchor.constraint(lessThanOrEqualTo: scrollView.bottomAnchor)
    top.priority = .required
    bottom.priority = .defaultLow
    LayoutConstraint.activate([
      scrollView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
      scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
      scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
      scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
      top, bottom,
      stackView.leadingAnchor.constraint(equalTo: scrollView.leadingAnchor),
      stackView.trailingAnchor.constraint(equalTo: scrollView.trailingAnchor),
      stackView.widthAnchor.constraint(equalTo: scrollView.widthAnchor),
    ])
    self.view = view
  }

  /// Appends `view` to the stack.
  public func addStackedView(_ view: View) {
    stackView.addArrangedSubview(view)
  }

  /// Appends `views` to the stack, in order.
  public func addStackedViews(_ views: [View]) {
    for view in views { addStackedView(view) }
  }

  /// Removes `view` from the stack and from the view hierarchy.
  public func removeStackedView(_ view: View) {
    stackView.removeArrangedSubview(view)
    view.removeFromSuperview()
  }

  /// Inserts `view` into the stack at `index`.
  public func insertStackedView(_ view: View, at index: Int) {
    stackView.insertArrangedSubview(view, at: index)
  }
}
