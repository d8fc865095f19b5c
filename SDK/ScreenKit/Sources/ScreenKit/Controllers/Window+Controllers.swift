import Foundation

/// The controller side of a window: root controller, visibility, traits, size and safe
/// area set by the host (the daemon's scene), presentation and memory warnings.
@MainActor
final class WindowControllerState {
  var rootViewController: ViewController?
  var isKeyWindow = false
  var traitCollection = TraitCollection()
  var locale = Locale(identifier: "en")
  var hostSafeAreaInsets: EdgeInsets = .zero
  var listOverscan: Double = 0
  weak var firstResponder: Responder?
  var keyboardHeight: Double = 0
  var keyboardObservers: [KeyboardObserver] = []
  /// The focus engine and key state, made on first use (Focus/FocusSystem.swift).
  var focusSystem: FocusSystem?
}

extension Window {
  /// The controller whose view fills the window.
  ///
  /// Setting it replaces the previous root's view (which disappears if the window is
  /// visible) with the new root's view sized to the window (which appears if it is). A
  /// controller that is another's child is refused and reported.
  public var rootViewController: ViewController? {
    get { controllerState.rootViewController }
    set {
      let old = controllerState.rootViewController
      guard old !== newValue else { return }
      if let newValue, let parent = newValue.parent {
        newValue.reportContainmentIssue(
          .invalidPresentation(
            presenter: "Window", presented: newValue.debugName,
            reason: "it is a child of \(parent.debugName); remove it from its parent first"))
        return
      }
      if let old {
        old.dismissPresentedChainWithoutAnimation()
        if let oldView = old.viewIfLoaded, oldView.superview === self {
          oldView.removeFromSuperview()
        }
      }
      controllerState.rootViewController = newValue
      if let newValue {
        // A root view loaded now starts at the window's size, as UIKit's starts at the
        // screen's: what its viewDidLoad lays out by frame is not resized from zero.
        let outerBounds = ViewController.loadingBounds
        ViewController.loadingBounds = Rect(origin: .zero, size: frame.size)
        let rootView = newValue.view!
        ViewController.loadingBounds = outerBounds
        rootView.frame = Rect(origin: .zero, size: frame.size)
        addSubview(rootView)
      }
    }
  }

  /// The responder that receives text and the return key, if any.
  public internal(set) var firstResponder: Responder? {
    get { controllerState.firstResponder }
    set {
      let old = controllerState.firstResponder
      controllerState.firstResponder = newValue
      // A text field draws its focus.
      (old as? View)?.setNeedsDisplay()
      (newValue as? View)?.setNeedsDisplay()
    }
  }

  /// Whether this is the key window.
  public var isKeyWindow: Bool { controllerState.isKeyWindow }

  /// Shows the window and makes it key; the root controller's view appears.
  public func makeKeyAndVisible() {
    controllerState.isKeyWindow = true
    Window.active = self
    isHidden = false
  }

  /// Whether the window counts as on screen for appearance callbacks.
  var isVisibleForAppearance: Bool { !isHidden }

  /// The traits the host gives the scene; setting them tells every controller
  /// (`traitCollectionDidChange(_:)`, parents before children) when they differ.
  public var traitCollection: TraitCollection {
    get { controllerState.traitCollection }
    set {
      let previous = controllerState.traitCollection
      guard previous != newValue else { return }
      controllerState.traitCollection = newValue
      applyTraitChange(from: previous)  // fonts and directions first, as UIKit's views
      for controller in topLevelControllers { controller.propagateTraitChange(from: previous) }
    }
  }

  /// The insets the host's screen reserves (notches, system bars); containers add their
  /// bars to them for their children. Setting it tells the controllers
  /// (`viewSafeAreaInsetsDidChange()`) and lays the window out.
  public var hostSafeAreaInsets: EdgeInsets {
    get { controllerState.hostSafeAreaInsets }
    set {
      guard controllerState.hostSafeAreaInsets != newValue else { return }
      controllerState.hostSafeAreaInsets = newValue
      setNeedsLayout()  // safe areas and margins derive from these insets
      for controller in topLevelControllers { controller.propagateSafeAreaChange() }
      layoutControllerViews()
    }
  }

  /// How far beyond each edge of a list's bounds the host's client wants rows ready, in
  /// points (0: each list's own `preparedMargin`). A client that scrolls natively and
  /// hears of new rows a few frames late asks for more; lists take the larger of the two.
  public var listOverscan: Double {
    get { controllerState.listOverscan }
    set {
      let value = newValue.isFinite ? max(0, newValue) : 0
      guard controllerState.listOverscan != value else { return }
      controllerState.listOverscan = value
      markListsForLayout(in: self)
    }
  }

  private func markListsForLayout(in view: View) {
    if view.layoutAlgorithm == .list { view.setNeedsLayout() }
    for subview in view.subviews { markListsForLayout(in: subview) }
  }

  /// Resizes the window as a host does when its screen changes: every controller hears
  /// `viewWillTransition(to:with:)` (from the root down), then the window and the root and
  /// presented views take the new size and are laid out, then the coordinator's completions
  /// run. A size that is negative or not finite is refused; the same size does nothing.
  public func resize(to size: Size) throws(InputError) {
    guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
      throw .invalidValue("the window size must be finite and not negative, not \(size)")
    }
    guard size != frame.size else { return }
    let coordinator = TransitionCoordinator()
    for controller in topLevelControllers {
      controller.viewWillTransition(to: size, with: coordinator)
    }
    frame.size = size
    for controller in topLevelControllers {
      if let rootView = controller.viewIfLoaded, rootView.superview === self {
        if let kind = controller.presentationState.controller?.kind,
          controller.presentingViewController != nil
        {
          rootView.frame = controller.presentedFrame(kind: kind, in: self, size: size)
          controller.presentationState.controller?.dimmingView?.frame = Rect(
            origin: .zero, size: size)
        } else {
          rootView.frame = Rect(origin: .zero, size: size)
        }
      }
    }
    coordinator.runAlongside()
    layoutControllerViews()
    coordinator.runCompletions()
  }

  /// Sends `didReceiveMemoryWarning()` to every controller reachable from the root (children
  /// and presented controllers), parents first.
  public func receiveMemoryWarning() {
    var all: [ViewController] = []
    controllerState.rootViewController?.collectSubtree(into: &all)
    for controller in all { controller.didReceiveMemoryWarning() }
  }

  /// The root controller and the controllers it presents, bottom to top.
  var topLevelControllers: [ViewController] {
    var result: [ViewController] = []
    var current = controllerState.rootViewController
    while let controller = current {
      result.append(controller)
      current = controller.presentedViewController
    }
    return result
  }

  /// Lays out the window now; the engine wraps the pass in the controllers'
  /// `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()`.
  func layoutControllerViews() {
    setNeedsLayout()
    layoutIfNeeded()
  }
}

extension ViewController {
  /// This controller, its children and presented controllers, parents first.
  func collectSubtree(into list: inout [ViewController]) {
    list.append(self)
    for child in children { child.collectSubtree(into: &list) }
    presentedViewController?.collectSubtree(into: &list)
  }

  /// Tells this controller and its descendants that the safe area changed.
  func propagateSafeAreaChange() {
    viewSafeAreaInsetsDidChange()
    for child in children { child.propagateSafeAreaChange() }
    presentedViewController?.propagateSafeAreaChange()
  }
}

extension Window {
  /// Ends editing when the first responder is in `subtree`, which is leaving the window: it
  /// stops being first responder without being asked (UIKit's delegate documentation: the
  /// end-editing message "may be called if forced ... (e.g. view removed from window)").
  func subtreeWillLeave(_ subtree: View) {
    guard let first = controllerState.firstResponder as? View, first.isDescendant(of: subtree)
    else { return }
    controllerState.firstResponder = nil
    (first as? FirstResponderEditing)?.didEndEditing()
  }
}
