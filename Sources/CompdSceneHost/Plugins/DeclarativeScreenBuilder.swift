import CompdProtocol
import JSONRPC
import ScreenKit

extension DeclarativeScreen {
  /// The component that opens this screen: a view-controller component that requires
  /// every component the screen names.
  var component: Component {
    let root = root
    return .viewController(
      name, version: version, summary: summary, requires: requiredComponents
    ) { context in try DeclarativeScreen.build(root, context: context) }
  }

  /// Builds a node: a registered component (through the registry, so its params are
  /// validated and its events reach the scene) or a container of built children.
  ///
  /// Containers take part in state restoration, named by their kind; each child's
  /// restoration identifier gets its position as a prefix (`1.settings`), so that equal
  /// siblings stay apart. A component without an identifier stays out, as it chose.
  @MainActor
  static func build(_ node: Node, context: ComponentContext) throws -> ViewController {
    switch node {
    case .component(let name, let params, let title):
      let controller = try context.makeComponent(name, params: ParamValue(params))
      if let title { controller.title = title }
      return controller
    case .container(let kind, let children, let options, let title):
      let built = try children.map { try build($0, context: context) }
      for (index, child) in built.enumerated() {
        child.restorationIdentifier = child.restorationIdentifier.map { "\(index).\($0)" }
      }
      let container: ViewController
      switch kind {
      case .navigation:
        container = NavigationController(rootViewController: built[0])
      case .tabs:
        let tabs = TabBarController()
        tabs.viewControllers = built
        container = tabs
      case .stack:
        container = DeclarativeStackController(
          children: built, vertical: options.vertical, spacing: options.spacing)
      }
      if let title { container.title = title }
      container.restorationIdentifier = kind.rawValue
      return container
    }
  }
}

/// The container of a declarative `stack`: its children's views side by side along the
/// axis with `spacing` between them, each given an equal share of the length (as a stack
/// view with the `fillEqually` distribution) and the full cross-axis size.
@MainActor
final class DeclarativeStackController: ViewController {
  private let items: [ViewController]
  private let vertical: Bool
  private let spacing: Double

  init(children: [ViewController], vertical: Bool, spacing: Double) {
    self.items = children
    self.vertical = vertical
    self.spacing = spacing
    super.init()
    // Children from the start, as UIKit's containers (and ScreenKit's navigation controller
    // before its view loads): containment completes now, their views join on load, so a
    // stack in a tab not shown yet is whole.
    for child in children {
      addChild(child)
      child.didMove(toParent: self)
    }
  }

  override func viewDidLoad() {
    for child in items { view.addSubview(child.view) }
  }

  override func viewWillLayoutSubviews() {
    let size = view.frame.size
    let count = Double(items.count)
    let available = (vertical ? size.height : size.width) - spacing * (count - 1)
    let length = max(0, available / count)
    for (index, child) in items.enumerated() {
      let offset = Double(index) * (length + spacing)
      child.view.frame =
        vertical
        ? Rect(x: 0, y: offset, width: size.width, height: length)
        : Rect(x: offset, y: 0, width: length, height: size.height)
    }
  }
}
