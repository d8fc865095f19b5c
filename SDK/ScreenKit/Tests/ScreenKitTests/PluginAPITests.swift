import Testing

@testable import ScreenKit

private struct Refusal: Error, CustomStringConvertible {
  var description: String { "no backend configured" }
}

@MainActor
private final class Greeter: LightweightController {
  let controlledView = View()
}

@Suite("Plugin API") @MainActor struct PluginAPITests {
  let schema = ParamSchema.object([
    .init("title", .string(default: "Sign in", minLength: 1, maxLength: 20)),
    .init("mode", .string(oneOf: ["light", "dark"]), required: true),
    .init("count", .integer(default: 3, minimum: 1, maximum: 10)),
    .init("ratio", .number(minimum: 0, maximum: 1)),
    .init("tags", .array(.string(), maxItems: 2)),
  ])

  @Test func validParamsGetDefaults() throws {
    let params = try schema.validateParams(["mode": "dark", "ratio": 1])
    #expect(params == ["mode": "dark", "ratio": 1, "title": "Sign in", "count": 3])
  }

  nonisolated static let invalidCases: [(ParamValue, String)] = [
    (.object([:]), "mode: is required"),
    (.object(["mode": .string("blue")]), "mode: must be one of \"light\", \"dark\""),
    (
      .object(["mode": .string("dark"), "count": .int(11)]),
      "count: 11 is greater than the maximum 10"
    ),
    (
      .object(["mode": .string("dark"), "count": .string("3")]),
      "count: expected an integer, got string"
    ),
    (
      .object(["mode": .string("dark"), "title": .string("")]),
      "title: is shorter than 1 characters"
    ),
    (
      .object(["mode": .string("dark"), "ratio": .double(-0.5)]),
      "ratio: -0.5 is less than the minimum 0.0"
    ),
    (
      .object(["mode": .string("dark"), "tags": .array([.string("a"), .int(1)])]),
      "tags[1]: expected a string, got integer"
    ),
    (
      .object([
        "mode": .string("dark"), "tags": .array([.string("a"), .string("b"), .string("c")]),
      ]), "tags: has more than 2 items"
    ),
    (.object(["mode": .string("dark"), "colour": .string("red")]), "colour: unknown parameter"),
    (.array([]), "expected an object, got array"),
  ]

  @Test(arguments: invalidCases)
  func invalidParamsAreRejectedWithThePath(value: ParamValue, message: String) {
    #expect(throws: ParamValidationError.self) { try schema.validateParams(value) }
    do {
      _ = try schema.validateParams(value)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func intValuesRoundTrip() {
    let count = 42
    #expect(ParamValue(count) == .int(42))
    #expect(ParamValue(count) == 42)
    #expect(ParamValue(count).int == count)
    #expect(ParamValue.double(3).int == 3)
    #expect(ParamValue.double(3.5).int == nil)
    #expect(ParamValue.string("3").int == nil)
    let payload: ParamValue = ["count": ParamValue(count), "limit": 50]
    #expect(payload["limit"]?.int == 50)
  }

  @Test func stringBoolAndDoubleReadAndMakeAsIntDoes() {
    let name = "ann"
    #expect(ParamValue(name) == .string("ann"))
    #expect(ParamValue(name) == "ann")
    #expect(ParamValue(name).string == name)
    #expect(ParamValue.int(3).string == nil)
    #expect(ParamValue(true) == .bool(true) && ParamValue(true).bool == true)
    #expect(ParamValue.string("true").bool == nil)
    #expect(ParamValue(0.5) == .double(0.5) && ParamValue(0.5).double == 0.5)
    #expect(ParamValue.int(2).double == 2)
    #expect(ParamValue.string("2").double == nil)
    let params: ParamValue = ["username": ParamValue(name), "remember": ParamValue(false)]
    #expect(params["username"]?.string == "ann")
    #expect(params["remember"]?.bool == false)
    #expect(params["missing"]?.string == nil)
  }

  @Test func nullParamsMeanAnEmptyObject() throws {
    #expect(try ParamSchema.empty.validateParams(nil) == .object([:]))
    #expect(try ParamSchema.empty.validateParams(.null) == .object([:]))
  }

  @Test func namesMustBeNamespaced() {
    #expect(ComponentCatalog.isValidName("demo.Login"))
    #expect(ComponentCatalog.isValidName("acme.forms.Address-2"))
    for bad in [
      "Login", "demo.", ".Login", "demo..Login", "demo.1Login", "demo.Lo gin", "démo.Login",
    ] {
      #expect(!ComponentCatalog.isValidName(bad), "\(bad)")
    }
  }

  @Test func catalogOpensComponentsOfEveryKind() throws {
    let catalog = ComponentCatalog()
    try catalog.register(.viewController("t.Controller", summary: "vc") { _ in ViewController() })
    try catalog.register(.view("t.View", summary: "view") { _ in View(frame: .zero) })
    try catalog.register(.controller("t.Light", summary: "light") { _ in Greeter() })
    let hosted = try catalog.instantiate("t.Light", params: nil) { _ in }
    let host = try #require(hosted as? ComponentHostingController)
    #expect(host.owner is Greeter)
    #expect(host.view === (host.owner as? Greeter)?.controlledView)
    #expect(try catalog.instantiate("t.View", params: nil) { _ in } is ComponentHostingController)
    #expect(catalog.names == ["t.Controller", "t.Light", "t.View"])
  }

  @Test func duplicateAndInvalidNamesLeaveTheCatalogUnchanged() throws {
    let catalog = ComponentCatalog()
    try catalog.register(.view("t.A", summary: "first") { _ in View() })
    #expect(throws: ComponentError.duplicateName("t.A")) {
      try catalog.register(.view("t.A", summary: "second") { _ in View() })
    }
    #expect(throws: ComponentError.invalidName("A")) {
      try catalog.register(.view("A", summary: "bad") { _ in View() })
    }
    #expect(catalog.component(named: "t.A")?.summary == "first")
    #expect(catalog.names == ["t.A"])
  }

  @Test func inconsistentSchemasAreRefusedAtRegistration() {
    let catalog = ComponentCatalog()
    let cases: [(ParamSchema, String)] = [
      (
        .object([.init("n", .integer(default: 20, maximum: 10))]),
        "n: default: 20 is greater than the maximum 10"
      ),
      (
        .object([.init("n", .integer(minimum: 5, maximum: 1))]),
        "n: minimum 5 is greater than maximum 1"
      ),
      (
        .object([.init("s", .string(default: "x", oneOf: ["a"]))]),
        "s: default: must be one of \"a\""
      ),
      (.object([.init("a", .boolean()), .init("a", .boolean())]), "a: is declared twice"),
      (
        .object([.init("l", .array(.string(maxLength: 1), default: ["ab"]))]),
        "l: default: l[0]: is longer than 1 characters"
      ),
    ]
    for (schema, message) in cases {
      #expect(throws: ComponentError.self) {
        try catalog.register(.view("t.Bad", summary: "bad", params: schema) { _ in View() })
      }
      do {
        try catalog.register(.view("t.Bad", summary: "bad", params: schema) { _ in View() })
      } catch {
        #expect(error.description.hasSuffix("inconsistent params schema: \(message)"), "\(error)")
      }
    }
    #expect(catalog.names.isEmpty)
  }

  @Test func compositionByNameAndEventsFromChildren() throws {
    let catalog = ComponentCatalog()
    try catalog.register(
      .view(
        "t.Child", summary: "child", params: .object([.init("n", .integer(default: 1))]),
        events: ["ping"]
      ) { context in
        context.emit("ping", ["n": context.params["n"]!])
        return View()
      })
    try catalog.register(
      .viewController("t.Parent", summary: "parent", requires: ["t.Child"]) { context in
        let parent = ViewController()
        let child = try context.makeComponent("t.Child", params: ["n": 7])
        parent.view.addSubview(child.view)
        return parent
      })
    var events: [ComponentEvent] = []
    let parent = try catalog.instantiate("t.Parent", params: nil) { events.append($0) }
    #expect(parent.view.subviews.count == 1)
    #expect(events == [ComponentEvent(component: "t.Child", name: "ping", payload: ["n": 7])])
  }

  @Test func openTimeErrorsAreClear() throws {
    let catalog = ComponentCatalog()
    try catalog.register(
      .viewController("t.Needy", summary: "needs", requires: ["t.Absent"]) { _ in ViewController() }
    )
    try catalog.register(
      .viewController("t.Lazy", summary: "composes late") { context in
        try context.makeComponent("t.Absent")
      })
    try catalog.register(
      .viewController("t.Failing", summary: "throws") { _ in throw Refusal() })
    try catalog.register(
      .viewController("t.Loop", summary: "cycle") { context in try context.makeComponent("t.Loop") }
    )
    let sink: @MainActor (ComponentEvent) -> Void = { _ in }
    #expect(throws: ComponentError.missingDependency(component: "t.Needy", dependency: "t.Absent"))
    {
      try catalog.instantiate("t.Needy", params: nil, sink: sink)
    }
    #expect(throws: ComponentError.noSuchComponent("t.Absent")) {
      try catalog.instantiate("t.Lazy", params: nil, sink: sink)
    }
    #expect(
      throws: ComponentError.factoryFailed(component: "t.Failing", reason: "no backend configured")
    ) { try catalog.instantiate("t.Failing", params: nil, sink: sink) }
    #expect(throws: ComponentError.compositionTooDeep(component: "t.Loop")) {
      try catalog.instantiate("t.Loop", params: nil, sink: sink)
    }
    #expect(
      throws: ComponentError.invalidParams(
        component: "t.Failing", ParamValidationError(path: "x", message: "unknown parameter"))
    ) { try catalog.instantiate("t.Failing", params: ["x": 1], sink: sink) }
  }

  @Test func instantiationReportsEveryComponentMadeForTheTree() throws {
    let catalog = ComponentCatalog()
    try catalog.register(.view("t.Leaf", summary: "leaf") { _ in View() })
    var later: ComponentContext?
    try catalog.register(
      .viewController("t.Shell", summary: "composes now and later") { context in
        later = context
        let shell = ViewController()
        shell.addChild(try context.makeComponent("t.Leaf"))
        return shell
      })
    var made: [String] = []
    _ = try catalog.instantiate("t.Shell", params: nil, sink: { _ in }) { made.append($0) }
    #expect(made == ["t.Shell", "t.Leaf"])
    _ = try #require(later).makeComponent("t.Leaf")
    #expect(made == ["t.Shell", "t.Leaf", "t.Leaf"])
    // A name that is not registered, or params that do not validate, run no code.
    #expect(throws: ComponentError.noSuchComponent("t.Absent")) {
      try later?.makeComponent("t.Absent")
    }
    #expect(made.count == 3)
  }

  @Test func withdrawnComponentsCannotBeOpenedOrComposed() throws {
    let catalog = ComponentCatalog()
    try catalog.register(.view("t.Old", summary: "old code") { _ in View() })
    try catalog.register(
      .viewController("t.Needs", summary: "requires it", requires: ["t.Old"]) { _ in
        ViewController()
      })
    var composer: ComponentContext?
    try catalog.register(
      .viewController("t.Host", summary: "composes it on demand") { context in
        composer = context
        return ViewController()
      })
    let sink: @MainActor (ComponentEvent) -> Void = { _ in }
    let made = try catalog.instantiate("t.Old", params: nil, sink: sink)
    _ = try catalog.instantiate("t.Host", params: nil, sink: sink)
    #expect(catalog.withdraw(["t.Old", "t.Unknown"]) == ["t.Old"])
    #expect(catalog.names == ["t.Host", "t.Needs"])
    #expect(throws: ComponentError.noSuchComponent("t.Old")) {
      try catalog.instantiate("t.Old", params: nil, sink: sink)
    }
    #expect(throws: ComponentError.noSuchComponent("t.Old")) {
      try composer?.makeComponent("t.Old")
    }
    #expect(throws: ComponentError.missingDependency(component: "t.Needs", dependency: "t.Old")) {
      try catalog.instantiate("t.Needs", params: nil, sink: sink)
    }
    #expect(made.view.superview == nil, "what was made of it lives on")
  }

  @Test func entryPointAnswersTheStampThenRegisters() throws {
    let stamp = PluginEntry.handle(PluginEntry.stampRequest, nil, plugin: "t", version: "1") { _ in
      Issue.record("registration must not run for the stamp request")
    }
    #expect(String(cString: try #require(stamp)) == ABIStamp.library)
    #expect(ABIStamp.accepts(ABIStamp.library))
    #expect(!ABIStamp.accepts(ABIStamp.library + "x"))
    let registrar = PluginRegistrar()
    let opaque = Unmanaged.passUnretained(registrar).toOpaque()
    let answer = PluginEntry.handle(
      PluginEntry.registerRequest, opaque, plugin: "t.p", version: "2"
    ) { plugin in plugin.register(.view("t.V", summary: "v") { _ in View() }) }
    #expect(answer == nil)
    #expect(registrar.name == "t.p" && registrar.version == "2")
    #expect(registrar.components.map(\.name) == ["t.V"])
  }

  @Test func stampNamesVersionCompilerAndInterface() {
    #expect(
      ABIStamp.library
        == "ScreenKit \(screenKitVersion); Swift \(ABIStamp.compilerVersion); interface \(ABIStamp.interfaceHash)"
    )
    #expect(ABIStamp.screenKitVersionLiteral.description == screenKitVersion)
  }
}
