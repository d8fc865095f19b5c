import JSONRPC
import Testing

@testable import CompDaemon

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
