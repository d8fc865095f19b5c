import Testing

@testable import ScreenKit

@MainActor
final class NamedController: ViewController {
  let name: String
  init(_ name: String) {
    self.name = name
    super.init()
  }
  override var debugName: String { name }
}

@MainActor
@Suite(.serialized) struct ContainmentTests {
  @Test func addChildMovesFromPreviousParent() {
    let trace = Trace()
    let first = NamedController("first")
    let second = NamedController("second")
    let child = TracingViewController("child", trace: trace)
    embed(child, in: first)
    trace.lines = []
    second.addChild(child)
    #expect(first.children.isEmpty)
    #expect(second.children.map { $0 === child } == [true])
    #expect(child.parent === second)
    // removed from the old container first (didMove nil), then willMove to the new one
    #expect(trace.lines == ["child didMove toParent=nil", "child willMove toParent=second"])
    #expect(child.isMovingToParent)
    child.didMove(toParent: second)
    #expect(!child.isMovingToParent)
  }

  @Test func reportsChildWithoutDidMove() {
    var reported: [String] = []
    let saved = ContainmentReporter.report
    ContainmentReporter.report = { reported.append("\($0)") }
    defer { ContainmentReporter.report = saved }
    let parent = NamedController("Parent")
    let child = NamedController("Child")
    parent.addChild(child)
    parent.view.addSubview(child.view)
    let issues = parent.checkContainment()
    #expect(issues == [.childNotFinished(parent: "Parent", child: "Child")])
    #expect(
      reported == [
        "Child was added to Parent with addChild(_:) but Parent never called didMove(toParent:)"
      ])
    parent.checkContainment()
    #expect(reported.count == 1)  // reported once
    child.didMove(toParent: parent)
  }

  @Test func reportsViewAddedWithoutAddChild() {
    var reported: [ContainmentIssue] = []
    let saved = ContainmentReporter.report
    ContainmentReporter.report = { reported.append($0) }
    defer { ContainmentReporter.report = saved }
    let parent = NamedController("Container")
    let stray = NamedController("Stray")
    let wrapper = View()
    parent.view.addSubview(wrapper)
    wrapper.addSubview(stray.view)
    parent.checkContainment()
    #expect(reported == [.viewWithoutChild(container: "Container", controller: "Stray")])
  }

  @Test func reportsChildViewInAnotherControllersHierarchy() {
    var reported: [ContainmentIssue] = []
    let saved = ContainmentReporter.report
    ContainmentReporter.report = { reported.append($0) }
    defer { ContainmentReporter.report = saved }
    let parent = NamedController("Parent")
    let other = NamedController("Other")
    let child = NamedController("Child")
    parent.addChild(child)
    other.view.addSubview(child.view)
    child.didMove(toParent: parent)
    parent.checkContainment()
    #expect(
      reported.contains(.viewInForeignHierarchy(child: "Child", parent: "Parent", owner: "Other")))
    #expect(child.containmentIssues.count == 1)
  }

  @Test func rejectsCyclesAndSelf() {
    let saved = ContainmentReporter.report
    ContainmentReporter.report = { _ in }
    defer { ContainmentReporter.report = saved }
    let a = NamedController("A")
    let b = NamedController("B")
    a.addChild(a)
    #expect(a.children.isEmpty)
    embed(b, in: a)
    b.addChild(a)
    #expect(b.children.isEmpty && a.parent == nil)
    #expect(b.containmentIssues == [.cycle(parent: "B", child: "A")])
    let stranger = NamedController("Stranger")
    a.transition(from: b, to: stranger, animations: nil) { finished in #expect(!finished) }
    #expect(
      a.containmentIssues.contains(
        .transitionBetweenNonChildren(container: "A", from: "B", to: "Stranger")))
  }

  @Test func hierarchyDescriptionPrintsTree() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let root = NamedController("Root")
    let left = NamedController("Left")
    let right = NamedController("Right")
    embed(left, in: root)
    root.addChild(right)
    right.didMove(toParent: root)
    window.rootViewController = root
    window.makeKeyAndVisible()
    let modal = NamedController("Modal")
    modal.modalPresentationStyle = .fullScreen
    root.present(modal, animated: false)
    #expect(
      root.hierarchyDescription == """
        <Root>, state: disappeared, view: <View> not in the window
           | <Left>, state: disappeared, view: <View> not in the window
           | <Right>, state: disappeared, view: (view not loaded)
           | + <Modal>, state: appeared, view: <View>
        """)
  }

  @Test func viewLoadingOncePerLoadedView() {
    final class CustomView: View {}
    final class Counting: ViewController {
      var loads = 0
      var didLoads = 0
      override func loadView() {
        loads += 1
        view = CustomView()
      }
      override func viewDidLoad() { didLoads += 1 }
    }
    let controller = Counting()
    #expect(!controller.isViewLoaded && controller.viewIfLoaded == nil)
    #expect(controller.loads == 0)
    controller.loadViewIfNeeded()
    _ = controller.view
    #expect(controller.loads == 1 && controller.didLoads == 1)
    #expect(controller.view is CustomView)
    controller.didReceiveMemoryWarning()  // not in a window: released
    #expect(!controller.isViewLoaded)
    _ = controller.view
    #expect(controller.loads == 2 && controller.didLoads == 2)
  }

  @Test func nestedAppearanceTransitions() {
    let trace = Trace()
    let controller = TracingViewController("c", trace: trace)
    controller.beginAppearanceTransition(true, animated: false)
    controller.beginAppearanceTransition(true, animated: false)
    controller.endAppearanceTransition()
    #expect(controller.appearanceState == .appearing)
    controller.endAppearanceTransition()
    #expect(controller.appearanceState == .appeared)
    // interrupted: appearing then asked to disappear
    controller.beginAppearanceTransition(false, animated: true)
    controller.beginAppearanceTransition(true, animated: true)
    controller.endAppearanceTransition()
    controller.endAppearanceTransition()
    #expect(
      trace.lines == [
        "c loadView", "c viewDidLoad",
        "c viewWillAppear animated=false movingToParent=false beingPresented=false",
        "c viewIsAppearing inWindow=false",
        "c viewDidAppear animated=false",
        "c viewWillDisappear animated=true movingFromParent=false beingDismissed=false",
        "c viewWillAppear animated=true movingToParent=false beingPresented=false",
        "c viewIsAppearing inWindow=false",
        "c viewDidAppear animated=true",
      ])
  }

  @Test func containerThatDoesNotForwardAppearance() {
    final class ManualContainer: ViewController {
      override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
    }
    let trace = Trace()
    let window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let container = ManualContainer()
    let child = TracingViewController("child", trace: trace)
    embed(child, in: container)
    window.rootViewController = container
    trace.lines = []
    window.makeKeyAndVisible()
    #expect(trace.lines.filter { $0.contains("Appear") }.isEmpty)
    child.beginAppearanceTransition(true, animated: false)
    child.endAppearanceTransition()
    #expect(child.appearanceState == .appeared)
  }

  @Test func hidingTheWindowMakesControllersDisappear() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let root = NamedController("Root")
    let child = NamedController("Child")
    embed(child, in: root)
    window.rootViewController = root
    #expect(root.appearanceState == .disappeared)
    window.makeKeyAndVisible()
    #expect(child.appearanceState == .appeared)
    window.isHidden = true
    #expect(root.appearanceState == .disappeared && child.appearanceState == .disappeared)
    let replacement = NamedController("Replacement")
    window.isHidden = false
    window.rootViewController = replacement
    #expect(root.appearanceState == .disappeared && replacement.appearanceState == .appeared)
    #expect(root.view.superview == nil)
  }

  @Test func memoryWarningKeepsChildViewsInsideAKeptParentView() {
    let parent = NamedController("Parent")
    let child = NamedController("Child")
    embed(child, in: parent)
    let holder = View()
    holder.addSubview(parent.view)  // the parent's view is held elsewhere, off screen
    parent.didReceiveMemoryWarning()
    child.didReceiveMemoryWarning()
    #expect(parent.isViewLoaded && child.isViewLoaded)
    #expect(child.view.superview === parent.view)
  }

  @Test func aChildCannotBecomeAWindowRoot() {
    var reported: [ContainmentIssue] = []
    let saved = ContainmentReporter.report
    ContainmentReporter.report = { reported.append($0) }
    defer { ContainmentReporter.report = saved }
    let window = Window(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let parent = NamedController("Parent")
    let child = NamedController("Child")
    embed(child, in: parent)
    window.rootViewController = child
    #expect(window.rootViewController == nil)
    #expect(
      reported == [
        .invalidPresentation(
          presenter: "Window", presented: "Child",
          reason: "it is a child of Parent; remove it from its parent first")
      ])
  }
}
