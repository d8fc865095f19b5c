import ScreenKit

/// The gallery's root: a button per registered component (but the gallery itself); a tap
/// makes that component through the registry and pushes it on the navigation stack.
///
/// State restoration keeps the pushed screens: each is named in the stack by its component
/// name, so the navigation controller recreates it through the registry, and restores its
/// own state when the component takes part.
final class GalleryListViewController: ViewController {
  private let components: [(name: String, summary: String)]
  private let open: (String) throws -> ViewController
  private let emit: (String, ParamValue) -> Void

  init(
    components: [(name: String, summary: String)],
    open: @escaping (String) throws -> ViewController,
    emit: @escaping (String, ParamValue) -> Void
  ) {
    self.components = components
    self.open = open
    self.emit = emit
    super.init()
    title = "Gallery"
    restorationIdentifier = "list"
  }

  override func viewDidLoad() {
    view.backgroundColor = .systemBackground
    let stack = StackView()
    stack.axis = .vertical
    stack.spacing = 8
    stack.translatesAutoresizingMaskIntoConstraints = false
    for component in components {
      let button = Button(type: .system)
      button.setTitle(component.name, for: .normal)
      button.accessibilityIdentifier = component.name
      button.addAction(for: .touchUpInside) { [weak self] _ in self?.show(component.name) }
      let summary = Label()
      summary.text = component.summary
      summary.font = .systemFont(ofSize: 13)
      summary.textColor = .secondaryLabel
      summary.numberOfLines = 0
      stack.addArrangedSubview(button)
      stack.addArrangedSubview(summary)
    }
    view.addSubview(stack)
    LayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 16),
      stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
    ])
  }

  /// The nearest navigation controller above this one (ScreenKit has no
  /// `navigationController` property yet).
  private var navigation: NavigationController? {
    var ancestor = parent
    while let current = ancestor {
      if let navigation = current as? NavigationController { return navigation }
      ancestor = current.parent
    }
    return nil
  }

  /// Gives the pushed screens recreated by a restoration the title a tap gives them.
  override func applicationFinishedRestoringState() {
    super.applicationFinishedRestoringState()
    for controller in navigation?.viewControllers ?? [] where controller !== self {
      if let name = controller.restorationIdentifier { prepare(controller, component: name) }
    }
  }

  /// Names `controller` by its component in the stack, and titles it so when it has none.
  private func prepare(_ controller: ViewController, component name: String) {
    controller.restorationIdentifier = name
    if controller.title == nil { controller.title = name }
  }

  private func show(_ name: String) {
    do {
      let controller = try open(name)
      prepare(controller, component: name)
      navigation?.pushViewController(controller, animated: false)
      emit("opened", ["component": .string(name)])
    } catch {
      emit("openFailed", ["component": .string(name), "error": .string("\(error)")])
    }
  }
}
