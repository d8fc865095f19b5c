extension Window {
  /// The restorable state of this window's controllers and views; `nil` when the root view
  /// controller has no `restorationIdentifier`.
  ///
  /// Walks from the root controller as UIKit's preservation does: every controller with an
  /// identifier whose parent (or presenting controller) takes part is asked for
  /// `encodeRestorableState(with:)`, and so is every view with an identifier in its view
  /// (not in its children's views). The text of a secure text field is never written: no
  /// saved string, key, identifier or component param contains the text typed in any
  /// secure text field of the window, whoever encodes it (such values, and controllers or
  /// views so named, are left out; a root so named gives no archive). Only the archive's
  /// fixed member names are exempt.
  public func encodeRestorableState() -> RestorationArchive? {
    guard let root = rootViewController, let identifier = root.restorationIdentifier,
      !identifier.isEmpty
    else { return nil }
    let secrets = SecureTexts(window: self, root: root)
    guard !secrets.appear(in: identifier) else { return nil }
    let encoder = RestorationEncoder(secrets: secrets)
    return try? RestorationArchive(rootIdentifier: identifier, root: encoder.node(for: root))
  }

  /// Applies `archive` to the controller tree: call after `rootViewController` is set and
  /// before `makeKeyAndVisible()`, as UIKit restores before the first appearance. Calls
  /// `applicationFinishedRestoringState()` on every restored object when done.
  ///
  /// Controllers are matched by identifier path from the root: each matched controller's
  /// view is loaded, then it decodes its state (a container recreates and installs the
  /// children its state names), then its views decode theirs, then its children and the
  /// controller it presented follow. A controller the archive names that the tree lacks is
  /// recreated by component name and params through the catalog when the catalog made it,
  /// else by the nearest ``ViewController/restorationFactory``. Parts of the archive whose
  /// identifiers no longer exist are ignored; an archive for another root identifier
  /// changes nothing.
  ///
  /// - Throws: ``RestorationError`` when the window has no root view controller.
  public func restoreState(from archive: RestorationArchive) throws(RestorationError) {
    guard let root = rootViewController else {
      throw RestorationError("the window has no root view controller to restore")
    }
    guard root.restorationIdentifier == archive.rootIdentifier else { return }
    let session = RestorationSession()
    session.restore(root, node: archive.root, path: [archive.rootIdentifier])
    session.finish()
  }
}

/// The non-empty texts typed in the secure text fields of a window and of every controller
/// reachable from its root (views of controllers not on screen included).
@MainActor
struct SecureTexts {
  private(set) var texts: [String] = []

  init(window: Window, root: ViewController) {
    var seen: Set<ObjectIdentifier> = []
    var controllers: [ViewController] = []
    root.collectSubtree(into: &controllers)
    for view in [window as View] + controllers.compactMap(\.viewIfLoaded) {
      view.visitPreOrder { candidate in
        guard seen.insert(ObjectIdentifier(candidate)).inserted,
          let field = candidate as? TextField, field.isSecureTextEntry,
          let text = field.text, !text.isEmpty
        else { return }
        texts.append(text)
      }
    }
  }

  /// Whether `string` contains a secure text.
  func appear(in string: String) -> Bool {
    texts.contains { string.contains($0) }
  }

  /// Whether `value` holds a string that contains a secure text.
  func appear(in value: ParamValue) -> Bool {
    switch value {
    case .string(let string): return appear(in: string)
    case .array(let elements): return elements.contains { appear(in: $0) }
    case .object(let members):
      return members.contains { appear(in: $0.key) || appear(in: $0.value) }
    case .null, .bool, .int, .double: return false
    }
  }

  /// `members` without the members whose key or value contains a secure text; nested
  /// objects keep their other members.
  func removed(from members: [String: ParamValue]) -> [String: ParamValue] {
    guard !texts.isEmpty else { return members }
    var kept: [String: ParamValue] = [:]
    for (key, value) in members where !appear(in: key) {
      if case .object(let nested) = value {
        kept[key] = .object(removed(from: nested))
      } else if !appear(in: value) {
        kept[key] = value
      }
    }
    return kept
  }
}

/// Builds the archive's nodes from a controller tree.
@MainActor
struct RestorationEncoder {
  let secrets: SecureTexts

  func node(for controller: ViewController) -> RestorationNode {
    var node = RestorationNode()
    let coder = Coder()
    controller.encodeRestorableState(with: coder)
    node.state = secrets.removed(from: coder.values)
    if let context = controller.componentContext {
      let recipe = ComponentRecipe(name: context.component, params: context.params)
      if !secrets.appear(in: .string(recipe.name)), !secrets.appear(in: recipe.params) {
        node.component = recipe
      }
    }
    for child in controller.children {
      guard let identifier = takingPart(child), node.children[identifier] == nil else { continue }
      node.children[identifier] = self.node(for: child)
    }
    if let presented = controller.presentedViewController, let identifier = takingPart(presented) {
      node.presented = [identifier: self.node(for: presented)]
    }
    for view in controller.restorableViews() {
      guard let identifier = view.restorationIdentifier, !secrets.appear(in: identifier),
        node.views[identifier] == nil
      else { continue }
      let viewCoder = Coder()
      view.encodeRestorableState(with: viewCoder)
      node.views[identifier] = secrets.removed(from: viewCoder.values)
    }
    return node
  }

  private func takingPart(_ controller: ViewController) -> String? {
    guard let identifier = controller.restorationIdentifier, !identifier.isEmpty,
      !secrets.appear(in: identifier)
    else { return nil }
    return identifier
  }
}

extension ViewController {
  /// The views with a restoration identifier in this controller's loaded view, pre-order,
  /// not entering the views of other controllers (children's root views).
  func restorableViews() -> [View] {
    guard let root = viewIfLoaded else { return [] }
    var result: [View] = []
    func visit(_ view: View) {
      if let owner = view.owningViewController, owner !== self { return }
      if let identifier = view.restorationIdentifier, !identifier.isEmpty { result.append(view) }
      for subview in view.subviews { visit(subview) }
    }
    visit(root)
    return result
  }

  /// Whether a restoration may make `controller` a child of this container: it is one
  /// already, or it has no parent and is not presented (an archive may name anything).
  func mayAdoptRestoredChild(_ controller: ViewController) -> Bool {
    guard controller !== self, controller.lifecycle.presentingViewController == nil else {
      return false
    }
    return controller.parent == nil || controller.parent === self
  }

  /// This controller, then its parents, then the controllers presenting them.
  var restorationAncestry: [ViewController] {
    var result: [ViewController] = []
    var current: ViewController? = self
    while let controller = current, !result.contains(where: { $0 === controller }) {
      result.append(controller)
      current = controller.parent ?? controller.presentingViewController
    }
    return result
  }
}

/// One restoration of a window: what was decoded, in order, and what was recreated.
@MainActor
final class RestorationSession {
  private enum Restored {
    case controller(ViewController)
    case view(View)
  }
  private var restored: [Restored] = []
  private var decoded: Set<ObjectIdentifier> = []
  private var recreated: [[String]: ViewController] = [:]

  /// Decodes `controller` from `node`, then its views, children and presented controller.
  func restore(_ controller: ViewController, node: RestorationNode, path: [String]) {
    guard decoded.insert(ObjectIdentifier(controller)).inserted else { return }
    controller.loadViewIfNeeded()
    let scope = RestorationScope(owner: controller, node: node, path: path, session: self)
    controller.decodeRestorableState(with: Coder(values: node.state, references: scope))
    restored.append(.controller(controller))

    if !node.views.isEmpty {
      var used: Set<String> = []
      for view in controller.restorableViews() {
        guard let identifier = view.restorationIdentifier, used.insert(identifier).inserted,
          let state = node.views[identifier]
        else { continue }
        view.decodeRestorableState(with: Coder(values: state, references: nil))
        restored.append(.view(view))
      }
    }

    var usedChildren: Set<String> = []
    for child in controller.children {
      guard let identifier = child.restorationIdentifier, usedChildren.insert(identifier).inserted,
        let childNode = node.children[identifier]
      else { continue }
      restore(child, node: childNode, path: path + [identifier])
    }

    if let (identifier, presentedNode) = node.presented.first {
      if controller.presentedViewController == nil,
        let made = scope.controller(withIdentifier: identifier)
      {
        controller.installRestoredPresentation(made)
      }
      if let presented = controller.presentedViewController,
        presented.restorationIdentifier == identifier
      {
        restore(presented, node: presentedNode, path: path + [identifier])
      }
    }
  }

  /// The controller at `path` made earlier in this session, or a new one from `node`.
  func recreate(path: [String], node: RestorationNode, under owner: ViewController)
    -> ViewController?
  {
    if let made = recreated[path] { return made }
    var made: ViewController?
    if let recipe = node.component,
      let context = owner.restorationAncestry.lazy.compactMap(\.componentContext).first
    {
      made = try? context.makeComponent(recipe.name, params: recipe.params)
    }
    if made == nil {
      for ancestor in owner.restorationAncestry {
        guard let factory = ancestor.restorationFactory else { continue }
        if let candidate = factory(path, Coder(values: node.state, references: nil)) {
          made = candidate
          break
        }
      }
    }
    // A factory may hand back anything: only a controller outside every tree will do.
    guard let made, made.parent == nil, made.presentingViewController == nil,
      made.viewIfLoaded?.superview == nil,
      !owner.restorationAncestry.contains(where: { $0 === made })
    else { return nil }
    made.restorationIdentifier = path.last
    recreated[path] = made
    return made
  }

  /// Tells every restored object, in decoding order, that restoration finished.
  func finish() {
    for object in restored {
      switch object {
      case .controller(let controller): controller.applicationFinishedRestoringState()
      case .view(let view): view.applicationFinishedRestoringState()
      }
    }
  }
}

/// What a decoding controller's coder resolves references against: its children and
/// presented controller, else the archive's nodes below it.
@MainActor
final class RestorationScope {
  private let owner: ViewController
  private let node: RestorationNode
  private let path: [String]
  private let session: RestorationSession

  init(owner: ViewController, node: RestorationNode, path: [String], session: RestorationSession) {
    self.owner = owner
    self.node = node
    self.path = path
    self.session = session
  }

  /// The controller with `identifier` below the owner, found or recreated.
  func controller(withIdentifier identifier: String) -> ViewController? {
    if let child = owner.children.first(where: { $0.restorationIdentifier == identifier }) {
      return child
    }
    if let presented = owner.presentedViewController,
      presented.restorationIdentifier == identifier
    {
      return presented
    }
    guard let saved = node.children[identifier] ?? node.presented[identifier] else { return nil }
    return session.recreate(path: path + [identifier], node: saved, under: owner)
  }
}
