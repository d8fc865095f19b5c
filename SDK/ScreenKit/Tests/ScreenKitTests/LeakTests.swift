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

/// Anchors, constraints, guides and a button's title label refer to views without keeping
/// them alive or giving them side tables (`LayoutItemReference`): once the item died, they
/// read nil, as through `weak`.
@MainActor
@Suite struct LayoutReferenceLifetimeTests {
  @Test func constraintsAndAnchorsReadNilOnceTheirViewsDied() {
    let registry = WeakRegistry()
    let constraint: LayoutConstraint
    let anchor: LayoutDimension
    do {
      let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
      let child = View()
      child.translatesAutoresizingMaskIntoConstraints = false
      container.addSubview(child)
      anchor = child.widthAnchor
      constraint = anchor.constraint(equalTo: container.widthAnchor, multiplier: 0.5)
      constraint.isActive = true
      container.layoutIfNeeded()
      #expect(child.frame.width == 100)
      #expect(constraint.firstItem === child && constraint.secondItem === container)
      #expect(constraint.isActive && constraint.installedView === container)
      registry.track(container)
      registry.track(child)
    }
    #expect(registry.alive == 0)
    #expect(constraint.firstItem == nil && constraint.secondItem == nil)
    #expect(!constraint.isActive && constraint.installedView == nil)
    #expect(anchor.item == nil)
    // Still describable.
    #expect(constraint.description.hasPrefix("nil.width == "))
  }

  @Test func aGuideOutlivingItsViewHasNoOwner() {
    let registry = WeakRegistry()
    let guide: LayoutGuide
    let constraint: LayoutConstraint
    do {
      let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
      let label = Label()
      label.translatesAutoresizingMaskIntoConstraints = false
      view.addSubview(label)
      guide = view.layoutMarginsGuide
      constraint = label.leadingAnchor.constraint(equalTo: guide.leadingAnchor)
      constraint.isActive = true
      view.layoutIfNeeded()
      #expect(label.frame.minX == 8)
      #expect(guide.owningView === view)
      registry.track(view)
      registry.track(label)
    }
    #expect(registry.alive == 0)
    #expect(guide.owningView == nil && guide.owningLayoutView == nil)
    #expect(constraint.firstItem == nil && constraint.secondItem === guide)
  }

  @Test func aConstraintOutlivingItsGuideLosesThatItem() {
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let constraint: LayoutConstraint
    do {
      let guide = LayoutGuide()
      view.addLayoutGuide(guide)
      constraint = guide.widthAnchor.constraint(equalTo: view.widthAnchor)
      constraint.isActive = true
      view.layoutIfNeeded()
      #expect(guide.layoutFrame.width == 100)
      constraint.isActive = false
      view.removeLayoutGuide(guide)
    }
    #expect(constraint.firstItem == nil && constraint.secondItem === view)
    // Activating it again reports the freed item and leaves it inactive, without a crash.
    constraint.isActive = true
    #expect(!constraint.isActive)
  }

  @Test func aTitleLabelOutlivingItsButtonNoLongerResizesIt() {
    let registry = WeakRegistry()
    let label: Label
    do {
      let button = Button(type: .system)
      button.setTitle("Go", for: .normal)
      label = button.titleLabel
      registry.track(button)
    }
    #expect(registry.alive == 0)
    label.text = "Go"
    label.font = .systemFont(ofSize: 30)
    #expect(label.intrinsicContentSize.height > 30)
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
