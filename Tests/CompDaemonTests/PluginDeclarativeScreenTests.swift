import Foundation
import JSONRPC
import ScreenKit
import Testing

@testable import CompdBroker
@testable import CompdProtocol

@Suite("Declarative screens") struct PluginDeclarativeScreenTests {
  @Test func aNestedScreenParses() throws {
    let screen = try DeclarativeScreen(
      json: JSONParser.parse(
        """
        {"component": "demo.Welcome", "summary": "Sign in, then settings",
         "root": {"container": "tabs", "children": [
           {"component": "demo.Login", "params": {"title": "Hi"}, "title": "Sign in"},
           {"container": "stack", "axis": "horizontal", "spacing": 8, "title": "More",
            "children": [{"component": "demo.Settings"}, {"component": "demo.Login"}]}]}}
        """))
    #expect(screen.name == "demo.Welcome" && screen.version == "1.0.0")
    #expect(screen.requiredComponents == ["demo.Login", "demo.Settings"])
    guard case .container(.tabs, let children, _, _) = screen.root else {
      Issue.record("root is not tabs")
      return
    }
    #expect(
      children.first == .component(name: "demo.Login", params: ["title": "Hi"], title: "Sign in"))
    #expect(
      children.last
        == .container(
          .stack,
          children: [
            .component(name: "demo.Settings", params: [:], title: nil),
            .component(name: "demo.Login", params: [:], title: nil),
          ], options: .init(vertical: false, spacing: 8), title: "More"))
  }

  static let invalid: [(String, String)] = [
    ("[]", "the screen is not an object"),
    (
      #"{"component": "Welcome", "summary": "s", "root": {}}"#,
      "\"component\" must be a namespaced name"
    ),
    (#"{"component": "d.W", "root": {}}"#, "\"summary\" must be a non-empty string"),
    (#"{"component": "d.W", "summary": "s"}"#, "\"root\" is missing"),
    (#"{"component": "d.W", "summary": "s", "extra": 1, "root": {}}"#, "unknown member \"extra\""),
    (
      #"{"component": "d.W", "summary": "s", "root": {"component": "d.A"}}"#,
      "root: must be a container"
    ),
    (
      #"{"component": "d.W", "summary": "s", "root": {"container": "grid", "children": []}}"#,
      "root.container: must be one of stack, navigation, tabs"
    ),
    (
      #"{"component": "d.W", "summary": "s", "root": {"container": "stack", "children": []}}"#,
      "root.children: must be a non-empty array"
    ),
    (
      #"{"component": "d.W", "summary": "s", "root": {"container": "navigation", "children": [{"component": "d.A"}, {"component": "d.B"}]}}"#,
      "exactly one child"
    ),
    (
      #"{"component": "d.W", "summary": "s", "root": {"container": "tabs", "axis": "vertical", "children": [{"component": "d.A"}]}}"#,
      "root.axis: only a stack has one"
    ),
    (
      #"{"component": "d.W", "summary": "s", "root": {"container": "stack", "spacing": -1, "children": [{"component": "d.A"}]}}"#,
      "root.spacing"
    ),
    (
      #"{"component": "d.W", "summary": "s", "root": {"container": "stack", "children": [{"component": "d.A", "params": 3}]}}"#,
      "root.children[0].params: must be an object"
    ),
    (
      #"{"component": "d.W", "summary": "s", "root": {"container": "stack", "children": [{"title": "x"}]}}"#,
      "root.children[0]: needs \"component\" or \"container\""
    ),
    (
      #"{"component": "d.W", "summary": "s", "root": {"container": "stack", "children": [{"component": "d.W"}]}}"#,
      "contains itself"
    ),
  ]

  @Test(arguments: invalid) func invalidScreensAreRefused(text: String, message: String) throws {
    do {
      _ = try DeclarativeScreen(json: JSONParser.parse(text))
      Issue.record("accepted \(text)")
    } catch {
      #expect("\(error)".contains(message), "\(error)")
    }
  }

  @Test func deepNestingIsRefused() throws {
    var node = #"{"component": "d.A"}"#
    for _ in 0..<20 { node = #"{"container": "stack", "children": [\#(node)]}"# }
    #expect(throws: ManifestError.self) {
      try DeclarativeScreen(
        json: JSONParser.parse(#"{"component": "d.W", "summary": "s", "root": \#(node)}"#))
    }
  }
}

@Suite("Declarative screens in the host") @MainActor struct PluginDeclarativeHostTests {
  typealias Fixtures = PluginFixtureBuilder

  @Test func aScreenComposesPluginComponentsInContainers() async throws {
    let directory = try Fixtures.temporaryDirectory("screens")
    try Fixtures.install(Fixtures.library(.good), into: directory, as: "libgood.so")
    let screen = "\(directory)/welcome.screen.json"
    try #"""
    {"component": "demo.Welcome", "version": "2.1.0", "summary": "Tabs of greetings",
     "root": {"container": "tabs", "children": [
       {"container": "navigation", "title": "First",
        "children": [{"component": "fixture.Hello", "params": {"name": "Ada"}}]},
       {"container": "stack", "spacing": 10, "title": "Both", "children": [
         {"component": "fixture.Hello", "params": {"name": "Bob"}},
         {"component": "fixture.Hello"}]}]}}
    """#.write(toFile: screen, atomically: true, encoding: .utf8)
    try #"{"component": "demo.Broken", "summary": "s", "root": {"container": "grid"}}"#
      .write(toFile: "\(directory)/broken.screen.json", atomically: true, encoding: .utf8)
    try
      #"{"component": "fixture.Hello", "summary": "s", "root": {"container": "stack", "children": [{"component": "demo.Welcome"}]}}"#
      .write(toFile: "\(directory)/clash.screen.json", atomically: true, encoding: .utf8)
    try
      #"{"component": "demo.Lonely", "summary": "s", "root": {"container": "stack", "children": [{"component": "demo.Missing"}]}}"#
      .write(toFile: "\(directory)/lonely.screen.json", atomically: true, encoding: .utf8)
    try "{".write(toFile: "\(directory)/junk.screen.json", atomically: true, encoding: .utf8)

    let host = Fixtures.host([directory])
    await host.scan()
    #expect(host.vettingChildrenStarted == 1)
    let record = try #require(host.record(path: screen))
    #expect(record.state == .loaded && record.name == "demo.Welcome" && record.version == "2.1.0")
    #expect(host.record(path: "\(directory)/broken.screen.json")?.state == .rejected)
    #expect(
      host.record(path: "\(directory)/broken.screen.json")?.error
        == "bad screen: root.container: must be one of stack, navigation, tabs")
    #expect(
      host.record(path: "\(directory)/junk.screen.json")?.error?.hasPrefix("not JSON") == true)
    #expect(
      host.record(path: "\(directory)/clash.screen.json")?.error?.contains(
        "component \"fixture.Hello\" is already registered by \(directory)/libgood.so") == true)
    #expect(host.describeComponentResult(name: "demo.Welcome")?["kind"] == "viewController")

    var events: [ComponentEvent] = []
    let root = try host.catalog.instantiate("demo.Welcome", params: nil) { events.append($0) }
    let tabs = try #require(root as? TabBarController)
    #expect(tabs.viewControllers.map(\.title) == ["First", "Both"])
    let navigation = try #require(tabs.viewControllers.first as? NavigationController)
    let first: View = try #require(navigation.topViewController).view
    #expect(first.accessibilityIdentifier == "hello Ada")
    let stack = tabs.viewControllers[1]
    #expect(stack.children.count == 2)
    let stackView: View = stack.view
    stackView.frame = Rect(x: 0, y: 0, width: 300, height: 410)
    stack.viewWillLayoutSubviews()
    #expect(stack.children.map { $0.view.frame.origin.y } == [0, 210])
    #expect(stack.children.map { $0.view.frame.size.height } == [200, 200])
    #expect(stack.children.map { $0.view.accessibilityIdentifier } == ["hello Bob", "hello world"])
    #expect(events.map(\.payload) == ["Ada", "Bob", "world"])

    // A screen whose component is missing is listed, and fails clearly when opened.
    #expect(host.record(path: "\(directory)/lonely.screen.json")?.state == .loaded)
    #expect(
      throws: ComponentError.missingDependency(component: "demo.Lonely", dependency: "demo.Missing")
    ) {
      try host.catalog.instantiate("demo.Lonely", params: nil) { _ in }
    }
  }
}
