import Testing

@testable import ScreenKit

/// Encoding a window's controllers and views, then restoring the archive into a freshly
/// built tree, as a host does after a restart; UIKit's order (`decodeRestorableState`
/// after `viewDidLoad` and before `viewWillAppear`, `applicationFinishedRestoringState`
/// after every decode) is checked with lifecycle traces.
@Suite("State restoration") @MainActor struct RestorationTests {
  /// A navigation controller three deep whose top has state; a fresh navigation
  /// controller with only the root gets the pushed two back from a restoration factory.
  @Test func navigationStackDepthAndTopStateAreRestored() throws {
    let trace = Trace()
    trace.isRecording = false
    let navigation = NavigationController(rootViewController: NoteController("list", trace: trace))
    navigation.restorationIdentifier = "nav"
    let window = try restorationWindow(navigation)
    for name in ["detail", "editor"] {
      let pushed = NoteController(name, trace: trace)
      pushed.note = "\(name) note"
      navigation.pushViewController(pushed, animated: false)
    }
    let archive = try #require(window.encodeRestorableState())

    let restoredTrace = Trace()
    let fresh = NavigationController(
      rootViewController: NoteController("list", trace: restoredTrace))
    fresh.restorationIdentifier = "nav"
    var asked: [[String]] = []
    fresh.restorationFactory = { path, coder in
      asked.append(path)
      let made = NoteController(path.last!, trace: restoredTrace)
      made.note = "made with \(coder.decodeString(forKey: "note") ?? "nothing")"
      return made
    }
    let freshWindow = try restorationWindow(fresh, restoring: archive)
    #expect(asked == [["nav", "detail"], ["nav", "editor"]])
    #expect(fresh.viewControllers.map(\.restorationIdentifier) == ["list", "detail", "editor"])
    #expect((fresh.topViewController as? NoteController)?.note == "editor note")
    #expect(fresh.topViewController?.view.window === freshWindow)
    #expect(fresh.navigationBar.subviews.isEmpty == false)
    try restoredTrace.expectMatches(golden: "restoration-navigation")
  }

  @Test func tabSelectionIsRestored() throws {
    let trace = Trace()
    func tabs() -> TabBarController {
      let tabs = TabBarController()
      tabs.restorationIdentifier = "tabs"
      tabs.viewControllers = ["first", "second", "third"].map { NoteController($0, trace: trace) }
      return tabs
    }
    let original = tabs()
    let window = try restorationWindow(original)
    original.selectedIndex = 2
    let archive = try #require(window.encodeRestorableState())
    let fresh = tabs()
    let freshWindow = try restorationWindow(fresh, restoring: archive)
    #expect(fresh.selectedIndex == 2)
    #expect(fresh.selectedViewController?.appearanceState == .appeared)
    #expect(fresh.children[0].appearanceState == .disappeared)

    // A saved selection whose controller no longer exists falls back to the index.
    let renamed = tabs()
    renamed.children[2].restorationIdentifier = "renamed"
    let renamedWindow = try restorationWindow(renamed, restoring: archive)
    #expect(renamed.selectedIndex == 2)
    withExtendedLifetime(freshWindow) {}
    withExtendedLifetime(renamedWindow) {}
  }

  @Test func stackedChildrenAreRestoredInOrder() throws {
    let trace = Trace()
    let stack = StackViewController()
    stack.restorationIdentifier = "stack"
    stack.addStackedView(Label())
    for name in ["a", "b", "c"] {
      let child = NoteController(name, trace: trace)
      child.note = name.uppercased()
      stack.addStackedViewController(child)
    }
    stack.removeStackedViewController(stack.children[0])
    let window = try restorationWindow(stack)
    let archive = try #require(window.encodeRestorableState())

    // The fresh form starts with "a" and "x"; the restoration removes both (they were
    // not saved) and recreates "b" and "c" after the label.
    let fresh = StackViewController()
    fresh.restorationIdentifier = "stack"
    let label = Label()
    fresh.addStackedView(label)
    fresh.addStackedViewController(NoteController("a", trace: trace))
    fresh.addStackedViewController(NoteController("x", trace: trace))
    fresh.restorationFactory = { path, _ in NoteController(path.last!, trace: trace) }
    let freshWindow = try restorationWindow(fresh, restoring: archive)
    #expect(fresh.children.map(\.restorationIdentifier) == ["b", "c"])
    #expect(fresh.children.allSatisfy { $0.view.window === freshWindow })
    #expect(fresh.stackedViews.first === label)
    #expect(
      fresh.stackedViews.dropFirst().map { $0.owningViewController?.restorationIdentifier } == [
        "b", "c",
      ])
    #expect(fresh.children.map { ($0 as? NoteController)?.note } == ["B", "C"])
  }

  @Test func aPresentedControllerIsPresentedAgainBeforeItAppears() throws {
    let trace = Trace()
    trace.isRecording = false
    let root = NoteController("root", trace: trace)
    let originalWindow = try restorationWindow(root)
    let sheet = NoteController("sheet", trace: trace)
    sheet.note = "draft"
    sheet.modalPresentationStyle = .fullScreen
    root.present(sheet, animated: false)
    let archive = try #require(originalWindow.encodeRestorableState())
    #expect(archive.json.contains(#""presented":{"sheet":"#))

    let restoredTrace = Trace()
    let fresh = NoteController("root", trace: restoredTrace)
    fresh.restorationFactory = { path, _ in
      guard path == ["root", "sheet"] else { return nil }
      let sheet = NoteController("sheet", trace: restoredTrace)
      sheet.modalPresentationStyle = .fullScreen
      return sheet
    }
    let window = try restorationWindow(fresh, restoring: archive)
    let presented = try #require(fresh.presentedViewController as? NoteController)
    #expect(presented.note == "draft")
    #expect(presented.presentingViewController === fresh)
    #expect(presented.view.superview === window && fresh.view.superview == nil)
    #expect(presented.appearanceState == .appeared && fresh.appearanceState == .disappeared)
    try restoredTrace.expectMatches(golden: "restoration-presented")
    fresh.dismiss(animated: false)
    #expect(fresh.view.superview === window && fresh.appearanceState == .appeared)
  }

  /// A text field, a switch and a scroll view with identifiers save what the user changed;
  /// views without one, and views of a controller without one, do not.
  @Test func viewsSaveTheirUserStateByDefault() throws {
    final class FormController: ViewController {
      let field = TextField()
      let unnamedField = TextField()
      let toggle = Switch()
      let scroll = ScrollView()
      override func loadView() {
        let root = View()
        field.restorationIdentifier = "field"
        toggle.restorationIdentifier = "toggle"
        scroll.restorationIdentifier = "scroll"
        scroll.translatesAutoresizingMaskIntoConstraints = false
        let content = View()
        content.translatesAutoresizingMaskIntoConstraints = false
        scroll.addSubview(content)
        for view in [field, unnamedField, toggle, scroll] as [View] { root.addSubview(view) }
        scroll.frame = Rect(x: 0, y: 100, width: 390, height: 300)
        LayoutConstraint.activate([
          scroll.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
          scroll.leadingAnchor.constraint(equalTo: root.leadingAnchor),
          scroll.widthAnchor.constraint(equalToConstant: 390),
          scroll.heightAnchor.constraint(equalToConstant: 300),
          content.topAnchor.constraint(equalTo: scroll.topAnchor),
          content.bottomAnchor.constraint(equalTo: scroll.bottomAnchor),
          content.leadingAnchor.constraint(equalTo: scroll.leadingAnchor),
          content.widthAnchor.constraint(equalToConstant: 390),
          content.heightAnchor.constraint(equalToConstant: 2000),
        ])
        view = root
      }
    }
    let original = FormController()
    original.restorationIdentifier = "form"
    let window = try restorationWindow(original)
    original.field.text = "typed"
    original.unnamedField.text = "not saved"
    original.toggle.isOn = true
    original.scroll.contentOffset = Point(x: 0, y: 640)
    #expect(original.scroll.contentOffset.y == 640)
    let archive = try #require(window.encodeRestorableState())
    #expect(!archive.json.contains("not saved"))

    let fresh = FormController()
    fresh.restorationIdentifier = "form"
    let freshWindow = try restorationWindow(fresh, restoring: archive)
    #expect(fresh.field.text == "typed")
    #expect(fresh.unnamedField.text == "")
    #expect(fresh.toggle.isOn)
    #expect(fresh.scroll.contentOffset == Point(x: 0, y: 640))

    let unnamed = FormController()
    let unnamedWindow = try restorationWindow(unnamed)
    unnamed.field.text = "typed"
    #expect(unnamedWindow.encodeRestorableState() == nil, "no root identifier, no archive")
    withExtendedLifetime(freshWindow) {}
  }

  @Test func onlyIdentifiedControllersUnderIdentifiedParentsTakePart() throws {
    let trace = Trace()
    let root = NoteController("root", trace: trace)
    let named = NoteController("named", trace: trace)
    let unnamed = NoteController("unnamed", trace: trace)
    unnamed.restorationIdentifier = nil
    let belowUnnamed = NoteController("belowUnnamed", trace: trace)
    embed(named, in: root)
    embed(unnamed, in: root)
    embed(belowUnnamed, in: unnamed)
    for controller in [root, named, unnamed, belowUnnamed] { controller.note = "saved" }
    let window = try restorationWindow(root)
    let archive = try #require(window.encodeRestorableState())
    #expect(
      archive.json
        == #"{"format":"screenkit.restoration","root":{"root":{"children":{"named":{"state":{"note":"saved"}}},"state":{"note":"saved"}}},"version":1}"#
    )
  }

  /// The archive keeps nothing typed into a secure field, even when a controller writes
  /// the field's text itself, inside a longer string, as a key or through `encodeValue`.
  @Test func secureTextIsNeverEncoded() throws {
    final class LeakyController: ViewController {
      let password = TextField()
      let user = TextField()
      override func viewDidLoad() {
        password.isSecureTextEntry = true
        password.restorationIdentifier = "password"
        user.restorationIdentifier = "user"
        view.addSubview(user)
        view.addSubview(password)
      }
      override func encodeRestorableState(with coder: Coder) {
        let typed = password.text ?? ""
        coder.encode(typed, forKey: "password")
        coder.encode("prefix \(typed) suffix", forKey: "sentence")
        coder.encode(1, forKey: typed)
        coder.encode([typed, "x"], forKey: "array")
        coder.encodeValue(["deep": ["deeper": .string(typed)]], forKey: "value")
        let nested = Coder()
        nested.encode(typed, forKey: "inner")
        nested.encode("kept", forKey: "other")
        coder.encode(nested, forKey: "nested")
        coder.encode(user.text, forKey: "user")
      }
    }
    let controller = LeakyController()
    controller.restorationIdentifier = "leaky"
    let window = try restorationWindow(controller)
    controller.password.text = "hunter2!"
    controller.user.text = "ann"
    let archive = try #require(window.encodeRestorableState())
    #expect(!archive.json.contains("hunter2"), "\(archive.json)")
    #expect(archive.json.contains(#""other":"kept""#) && archive.json.contains(#""user":"ann""#))
    #expect(archive.json.contains(#""user":{"state":{"TextField.text":"ann"}}"#))
    #expect(archive.json.contains(#""password":{"state":{}}"#))

    // A password that is the root's identifier gives no archive at all.
    controller.password.text = "leaky"
    #expect(window.encodeRestorableState() == nil)

    // The field's own default never writes it, even when nothing else would catch it.
    let coder = Coder()
    controller.password.encodeRestorableState(with: coder)
    #expect(coder.allKeys.isEmpty)
  }

  @Test func partsWhoseIdentifiersNoLongerExistAreIgnored() throws {
    let trace = Trace()
    let root = NoteController("root", trace: trace)
    let child = NoteController("child", trace: trace)
    embed(child, in: root)
    root.note = "root note"
    child.note = "child note"
    let window = try restorationWindow(root)
    let archive = try #require(window.encodeRestorableState())

    let other = NoteController("other", trace: trace)
    let otherWindow = try restorationWindow(other, restoring: archive)
    #expect(other.note == "", "another root identifier changes nothing")

    let renamed = NoteController("root", trace: trace)
    let newChild = NoteController("newChild", trace: trace)
    embed(newChild, in: renamed)
    let renamedWindow = try restorationWindow(renamed, restoring: archive)
    #expect(renamed.note == "root note" && newChild.note == "")
    withExtendedLifetime(otherWindow) {}
    withExtendedLifetime(renamedWindow) {}
    #expect(renamed.children.count == 1)

    #expect(throws: RestorationError("the window has no root view controller to restore")) {
      try Window(frame: .zero).restoreState(from: archive)
    }
  }

  /// A child made through `ComponentContext.makeComponent` is recreated by component name
  /// and params through the catalog, with no factory.
  @Test func componentChildrenAreRecreatedThroughTheCatalog() throws {
    let catalog = ComponentCatalog()
    let trace = Trace()
    trace.isRecording = false
    try catalog.register(
      .viewController(
        "test.Note", summary: "a note",
        params: .object([.init("name", .string(default: "note"))])
      ) { context in
        let note = NoteController(context.params["name"]?.stringValue ?? "", trace: trace)
        note.restorationIdentifier = "note"
        return note
      })
    try catalog.register(
      .viewController("test.Shell", summary: "a navigation shell", requires: ["test.Note"]) {
        context in
        let shell = NavigationController(
          rootViewController: try context.makeComponent("test.Note", params: ["name": "first"]))
        shell.restorationIdentifier = "shell"
        shell.title = "shell"
        return shell
      })
    var events: [ComponentEvent] = []
    let shell = try #require(
      try catalog.instantiate("test.Shell", params: nil) { events.append($0) }
        as? NavigationController)
    let window = try restorationWindow(shell)
    let pushed = try catalog.instantiate("test.Note", params: ["name": "second"]) { _ in }
    pushed.restorationIdentifier = "pushed"
    (pushed as? NoteController)?.note = "kept"
    shell.pushViewController(pushed, animated: false)
    let archive = try #require(window.encodeRestorableState())
    #expect(archive.json.contains(#""component":{"name":"test.Note","params":{"name":"second"}}"#))

    let fresh = try #require(
      try catalog.instantiate("test.Shell", params: nil) { _ in } as? NavigationController)
    let freshWindow = try restorationWindow(fresh, restoring: archive)
    #expect(fresh.viewControllers.count == 2)
    #expect(recreatedIsShown(fresh, in: freshWindow))
    let recreated = try #require(fresh.topViewController as? NoteController)
    #expect(recreated.name == "second" && recreated.note == "kept")
    #expect(recreated.restorationIdentifier == "pushed", "the saved identifier is given back")
  }

  /// A `.view` component's hosting controller takes part under the component's name, so
  /// the component's identified views keep their state.
  @Test func viewComponentsRestoreTheirIdentifiedViews() throws {
    let catalog = ComponentCatalog()
    try catalog.register(
      .view("test.Field", summary: "a field") { _ in
        let root = View()
        let field = TextField()
        field.restorationIdentifier = "field"
        field.accessibilityIdentifier = "field"
        root.addSubview(field)
        return root
      })
    func field(_ controller: ViewController) -> TextField? {
      controller.view.subviews.first as? TextField
    }
    let original = try catalog.instantiate("test.Field", params: nil) { _ in }
    #expect(original.restorationIdentifier == "test.Field")
    let window = try restorationWindow(original)
    field(original)?.text = "kept"
    let archive = try #require(window.encodeRestorableState())
    let fresh = try catalog.instantiate("test.Field", params: nil) { _ in }
    let freshWindow = try restorationWindow(fresh, restoring: archive)
    #expect(field(fresh)?.text == "kept")
    withExtendedLifetime(freshWindow) {}
  }

  private func recreatedIsShown(_ navigation: NavigationController, in window: Window) -> Bool {
    navigation.topViewController?.viewIfLoaded?.window === window
  }
}
