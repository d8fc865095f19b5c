/// A containment mistake ScreenKit detected, naming the controllers involved.
///
/// UIKit silently misbehaves on these; ScreenKit reports each once per controller through
/// ``ContainmentReporter`` (a log line by default) and keeps them in
/// ``ViewController/containmentIssues``.
public enum ContainmentIssue: Hashable, Sendable, CustomStringConvertible {
  /// `addChild(_:)` was called but the container never called `didMove(toParent:)`.
  case childNotFinished(parent: String, child: String)
  /// A controller's view was added into `container`'s view without `addChild(_:)`.
  case viewWithoutChild(container: String, controller: String)
  /// A child's view lives in the view of `owner`, a controller that is not its parent.
  case viewInForeignHierarchy(child: String, parent: String, owner: String)
  /// `transition(from:to:…)` was called with controllers that are not both children.
  case transitionBetweenNonChildren(container: String, from: String, to: String)
  /// `endAppearanceTransition()` without a matching `beginAppearanceTransition`.
  case unbalancedAppearanceTransition(controller: String)
  /// A controller was added as its own child.
  case childIsSelf(controller: String)
  /// Adding the child would make a controller its own ancestor.
  case cycle(parent: String, child: String)
  /// A presentation that cannot happen (already presenting, not in a window, …).
  case invalidPresentation(presenter: String, presented: String, reason: String)

  /// A one-line explanation with the fix.
  public var description: String {
    switch self {
    case .childNotFinished(let parent, let child):
      "\(child) was added to \(parent) with addChild(_:) but \(parent) never called didMove(toParent:)"
    case .viewWithoutChild(let container, let controller):
      "the view of \(controller) is in the view of \(container), but \(controller) is not its child: call addChild(_:) first"
    case .viewInForeignHierarchy(let child, let parent, let owner):
      "\(child) is a child of \(parent) but its view is in the view of \(owner)"
    case .transitionBetweenNonChildren(let container, let from, let to):
      "transition(from: \(from), to: \(to)) on \(container): both must be children of \(container)"
    case .unbalancedAppearanceTransition(let controller):
      "endAppearanceTransition() on \(controller) without a matching beginAppearanceTransition(_:animated:)"
    case .childIsSelf(let controller):
      "\(controller) cannot be its own child"
    case .cycle(let parent, let child):
      "adding \(child) to \(parent) would make \(child) its own ancestor"
    case .invalidPresentation(let presenter, let presented, let reason):
      "\(presenter) cannot present \(presented): \(reason)"
    }
  }
}

/// Where containment issues go.
@MainActor
public enum ContainmentReporter {
  /// Called for every new issue; the default writes one line to standard error.
  public static var report: (ContainmentIssue) -> Void = { issue in
    LogLine.write("ScreenKit containment: \(issue)")
  }
}

extension ViewController {
  /// The issues detected on this controller, oldest first.
  public var containmentIssues: [ContainmentIssue] { lifecycle.containmentIssues }

  /// Records `issue` on this controller and reports it unless it was reported already.
  func reportContainmentIssue(_ issue: ContainmentIssue) {
    guard lifecycle.reportedIssues.insert(issue).inserted else { return }
    lifecycle.containmentIssues.append(issue)
    ContainmentReporter.report(issue)
  }

  /// Checks this controller's subtree (children and presented controllers) and reports what
  /// is wrong; returns every issue known on the subtree.
  @discardableResult
  public func checkContainment() -> [ContainmentIssue] {
    var found: [ContainmentIssue] = []
    checkContainment(collecting: &found)
    return found
  }

  private func checkContainment(collecting found: inout [ContainmentIssue]) {
    for child in children {
      if child.lifecycle.awaitingDidMove {
        reportContainmentIssue(.childNotFinished(parent: debugName, child: child.debugName))
      }
      if let childView = child.viewIfLoaded,
        let owner = childView.superview?.enclosingViewController,
        owner !== self
      {
        child.reportContainmentIssue(
          .viewInForeignHierarchy(child: child.debugName, parent: debugName, owner: owner.debugName)
        )
      }
    }
    if let ownView = viewIfLoaded {
      for nested in ownView.nestedControllerViews() {
        guard let controller = nested.owningViewController, controller.parent == nil,
          controller.presentingViewController == nil
        else { continue }
        reportContainmentIssue(
          .viewWithoutChild(container: debugName, controller: controller.debugName))
      }
    }
    found.append(contentsOf: lifecycle.containmentIssues)
    for child in children { child.checkContainment(collecting: &found) }
    lifecycle.presentedViewController?.checkContainment(collecting: &found)
  }

  /// The controller tree, one controller a line, indented by depth, as UIKit's
  /// `_printHierarchy`: class and title, appearance state, view class and whether it is in a
  /// window, and the presented controllers.
  public var hierarchyDescription: String {
    var lines: [String] = []
    describe(depth: 0, prefix: "", into: &lines)
    return lines.joined(separator: "\n")
  }

  private func describe(depth: Int, prefix: String, into lines: inout [String]) {
    let indent = String(repeating: "   | ", count: depth)
    var line = "\(indent)\(prefix)<\(debugName)>, state: \(appearanceState.rawValue), view: "
    if let loaded = viewIfLoaded {
      line += "<\(type(of: loaded))>"
      if loaded.window == nil { line += " not in the window" }
    } else {
      line += "(view not loaded)"
    }
    lines.append(line)
    for child in children { child.describe(depth: depth + 1, prefix: "", into: &lines) }
    lifecycle.presentedViewController?.describe(depth: depth + 1, prefix: "+ ", into: &lines)
  }
}

extension View {
  /// The controller whose view is this view or its nearest ancestor.
  var enclosingViewController: ViewController? {
    var current: View? = self
    while let view = current {
      if let controller = view.owningViewController { return controller }
      current = view.superview
    }
    return nil
  }

  /// The views below this one that are a controller's view, not descending into them.
  func nestedControllerViews() -> [View] {
    var result: [View] = []
    for subview in subviews {
      if subview.owningViewController != nil {
        result.append(subview)
      } else {
        result.append(contentsOf: subview.nestedControllerViews())
      }
    }
    return result
  }
}
