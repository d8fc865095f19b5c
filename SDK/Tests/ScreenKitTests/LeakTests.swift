import Testing

@testable import ScreenKit

/// Weak references to everything a scope created.
@MainActor
final class WeakRegistry {
  private var controllers: [() -> AnyObject?] = []

  func track(_ object: AnyObject) {
    controllers.append { [weak object] in object }
  }

  var alive: Int { controllers.filter { $0() != nil }.count }
  var count: Int { controllers.count }
}

@MainActor
final class LeafController: ViewController {
  let model: AlphaViewModel
  var onAction: (() -> Void)?

  init(model: AlphaViewModel) {
    self.model = model
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    let nameView = NameView()
    let control = Control()
    view.addSubview(nameView)
    view.addSubview(control)
    nameView.bind(\.text, to: model, \.name)
    control.addTarget(self, action: LeafController.tapped, for: .touchUpInside)
    control.addAction(for: .valueChanged) { [weak self] _ in self?.onAction?() }
  }

  func tapped() { onAction?() }
}

@MainActor
@Suite struct LeakTests {
  /// Builds nav ⊃ (depth levels of containers each with two leaves), pushes, presents and
  /// tears it all down; returns the registry of every object made.
  func openAndCloseDeepTree(depth: Int, window: Window) -> WeakRegistry {
    let registry = WeakRegistry()
    let model = AlphaViewModel()
    do {
      func container(level: Int) -> ViewController {
        let node = ViewController()
        registry.track(node)
        for _ in 0..<2 {
          let child: ViewController =
            level < depth ? container(level: level + 1) : LeafController(model: model)
          registry.track(child)
          node.addChild(child)
          node.view.addSubview(child.view)
          child.didMove(toParent: node)
          registry.track(child.view)
        }
        registry.track(node.view)
        return node
      }
      let navigation = NavigationController(rootViewController: container(level: 0))
      registry.track(navigation)
      let tabs = TabBarController()
      registry.track(tabs)
      tabs.viewControllers = [navigation, container(level: depth - 1)]
      window.rootViewController = tabs
      navigation.pushViewController(container(level: 1), animated: true)
      let modal = container(level: depth - 1)
      navigation.topViewController?.present(modal, animated: true)
      model.name = "changed"
      BindingUpdates.flush()
      modal.dismiss(animated: true)
      navigation.popToRootViewController(animated: true)
      tabs.selectedIndex = 1
      registry.track(tabs.view)
      window.rootViewController = nil
    }
    BindingUpdates.flush()
    return registry
  }

  @Test func deepControllerTreesAreFreed() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    for _ in 0..<20 {
      let registry = openAndCloseDeepTree(depth: 4, window: window)
      #expect(registry.count > 100)
      #expect(registry.alive == 0)
      if registry.alive != 0 { break }
    }
    #expect(window.subviews.isEmpty)
    #expect(window.firstResponder == nil)
  }

  @Test func aDirtyViewTakenOutOfItsStackIsFreed() {
    // Its stack held it among the children marked since the last layout.
    let stack = StackView()
    stack.frame = Rect(x: 0, y: 0, width: 100, height: 100)
    weak var removed: Label?
    do {
      let label = Label()
      label.text = "a"
      stack.addArrangedSubview(label)
      stack.layoutIfNeeded()
      label.text = "a longer text"
      #expect(stack.layoutState.dirtyChildren.contains { $0 === label })
      label.removeFromSuperview()
      removed = label
    }
    #expect(removed == nil)
    #expect(stack.layoutState.dirtyChildren.isEmpty)
    stack.layoutIfNeeded()
  }

  @Test func presentedControllerIsFreedAfterDismissal() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let root = ViewController()
    window.rootViewController = root
    weak var weakModal: ViewController?
    weak var weakModalView: View?
    do {
      let modal = LeafController(model: AlphaViewModel())
      modal.onAction = { [weak root] in _ = root }
      root.present(modal, animated: false)
      weakModal = modal
      weakModalView = modal.view
      root.dismiss(animated: false)
    }
    #expect(weakModal == nil)
    #expect(weakModalView == nil)
  }

  @Test func seedScreensAreFreedAfterUse() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.makeKeyAndVisible()
    let registry = WeakRegistry()
    for _ in 0..<20 {
      do {
        let form = StackViewController()
        let field = TextField()
        let delegate = DelegateRecorder()
        field.delegate = delegate
        form.addStackedView(field)
        let child = ViewController()
        form.addStackedViewController(child)
        let navigation = NavigationController(rootViewController: form)
        window.rootViewController = navigation
        try window.focus(field)
        try window.setKeyboardHeight(200)
        try window.replaceText(of: field, with: "x")
        try window.setKeyboardHeight(0)
        for object: AnyObject in [
          form, field, delegate, child, navigation, form.view, form.scrollView,
        ] {
          registry.track(object)
        }
        window.rootViewController = nil
      }
      #expect(registry.alive == 0)
    }
  }
}

@MainActor
final class DelegateRecorder: TextFieldDelegate {
  var changes = 0
  func textField(
    _ textField: TextField, shouldChangeCharactersIn range: Range<String.Index>,
    replacementString string: String
  ) -> Bool {
    changes += 1
    return true
  }
}
