import Foundation
import ScreenKit
import Testing

@testable import CompdBroker

/// The bundled plugins (`Plugins/<Name>` → `lib<Name>.so`, compiled from their sources),
/// vetted and loaded by the host like any other plugin and driven through a window the
/// way a client's events drive a scene.
@Suite("Bundled plugins") @MainActor struct PluginBundledTests {
  typealias Fixtures = PluginFixtureBuilder

  static let bundled = ["Login", "StackedForms", "Destination", "Gallery", "Contacts"]

  /// A host over a directory holding the bundled plugins, all loaded.
  static func loadedHost() async throws -> PluginRegistry {
    let directory = try Fixtures.temporaryDirectory("bundled")
    for name in Self.bundled {
      try Fixtures.install(Fixtures.bundled(name), into: directory, as: "lib\(name).so")
    }
    let host = Fixtures.host([directory], timeout: 5)
    await host.scan()
    for name in Self.bundled {
      let record = try #require(host.record(path: "\(directory)/lib\(name).so"))
      #expect(record.state == .loaded, "\(name): \(record.error ?? "")")
    }
    return host
  }

  /// The view whose accessibility identifier is `identifier` in `view`'s subtree.
  static func find(_ identifier: String, in view: View) -> View? {
    if view.accessibilityIdentifier == identifier { return view }
    for subview in view.subviews {
      if let found = find(identifier, in: subview) { return found }
    }
    return nil
  }

  /// A phone-sized window showing `controller` as a scene does, restored from `archive`
  /// first when there is one (between setting the root and showing the window).
  static func window(
    showing controller: ViewController, restoring archive: RestorationArchive? = nil
  )
    throws -> Window
  {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
    window.rootViewController = controller
    if let archive { try window.restoreState(from: archive) }
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    return window
  }

  @Test func loginLaysOutAsTheSeedAndEmitsTheUserName() async throws {
    let host = try await Self.loadedHost()
    #expect(host.describeComponentResult(name: "demo.Login")?["events"] == ["login"])
    var events: [ComponentEvent] = []
    let controller = try host.catalog.instantiate("demo.Login", params: ["username": "ada"]) {
      events.append($0)
    }
    let window = try Self.window(showing: controller)
    let username = try #require(Self.find("username", in: window) as? TextField)
    let password = try #require(Self.find("password", in: window) as? TextField)
    let login = try #require(Self.find("login", in: window) as? Button)
    #expect(
      username.convert(username.bounds, to: nil) == Rect(x: 16, y: 67, width: 358, height: 30))
    #expect(
      password.convert(password.bounds, to: nil) == Rect(x: 16, y: 107, width: 358, height: 30))
    #expect(login.convert(login.bounds, to: nil) == Rect(x: 16, y: 157, width: 358, height: 40))
    #expect(username.text == "ada")
    #expect(password.isSecureTextEntry)

    // Typing as the user would; TextField does not take window text events yet (layout
    // and controllers branches), so the fields are set as a text event would.
    username.text = "grace"
    password.text = "secret"
    #expect(events.isEmpty)
    _ = try window.tap(login)
    #expect(
      events == [
        ComponentEvent(
          component: "demo.Login", name: "login",
          payload: ["username": "grace", "hasPassword": true])
      ])
    #expect(throws: ComponentError.self) {
      try host.catalog.instantiate("demo.Login", params: ["username": .int(3)]) { _ in }
    }
  }

  @Test func theBundledComponentsAreRegisteredUnderTheirFixedNames() async throws {
    let host = try await Self.loadedHost()
    #expect(
      host.catalog.names == [
        "demo.BarsAndAlerts", "demo.Contacts", "demo.Controls", "demo.Destination",
        "demo.Favorites", "demo.Gallery", "demo.Images", "demo.Login", "demo.Pages",
        "demo.Playground",
        "demo.Settings",
        "demo.StackedForm", "demo.TextControls",
      ])
  }

  @Test func theStackedFormAddsAndRemovesRows() async throws {
    let host = try await Self.loadedHost()
    var events: [ComponentEvent] = []
    let controller = try host.catalog.instantiate("demo.StackedForm", params: ["rows": 1]) {
      events.append($0)
    }
    let window = try Self.window(showing: controller)
    #expect(Self.find("row1", in: window) != nil && Self.find("row2", in: window) == nil)
    let add = try #require(Self.find("addRow", in: window))
    let remove = try #require(Self.find("removeRow", in: window))
    _ = try window.tap(add)
    _ = try window.tap(add)
    window.layoutIfNeeded()
    let row3 = try #require(Self.find("row3", in: window))
    let row1 = try #require(Self.find("row1", in: window))
    #expect(row3.convert(row3.bounds, to: nil).minY > row1.convert(row1.bounds, to: nil).maxY)
    _ = try window.tap(remove)
    window.layoutIfNeeded()
    #expect(Self.find("row3", in: window) == nil && Self.find("row2", in: window) != nil)
    #expect(events.map(\.payload) == [["count": 2], ["count": 3], ["count": 2]])
    #expect(throws: ComponentError.self) {
      try host.catalog.instantiate("demo.StackedForm", params: ["rows": 51]) { _ in }
    }
  }

  @Test func settingsReportEachSwitch() async throws {
    let host = try await Self.loadedHost()
    var events: [ComponentEvent] = []
    let controller = try host.catalog.instantiate("demo.Settings", params: ["darkMode": true]) {
      events.append($0)
    }
    let window = try Self.window(showing: controller)
    let notifications = try #require(Self.find("notifications", in: window) as? Switch)
    let darkMode = try #require(Self.find("darkMode", in: window) as? Switch)
    #expect(notifications.isOn && darkMode.isOn)
    // As a toggle event would: Switch does not take window toggle events yet (layout and
    // controllers branches).
    darkMode.setOn(false, animated: false)
    darkMode.sendActions(for: .valueChanged)
    #expect(events.map(\.payload) == [["key": "darkMode", "on": false]])
  }

  @Test func destinationEmbedsTheLightweightController() async throws {
    let host = try await Self.loadedHost()
    var events: [ComponentEvent] = []
    let controller = try host.catalog.instantiate(
      "demo.Destination", params: ["destination": "Oslo"]
    ) {
      events.append($0)
    }
    let window = try Self.window(showing: controller)
    let field = try #require(Self.find("destination", in: window) as? TextField)
    #expect(field.text == "Oslo")
    let title = try #require(Self.find("title", in: window))
    #expect(field.convert(field.bounds, to: nil).minY > title.convert(title.bounds, to: nil).maxY)
    // As a text event would (see loginLaysOutAsTheSeedAndEmitsTheUserName).
    field.text = "Bergen"
    field.sendActions(for: .editingChanged)
    field.text = ""
    field.sendActions(for: .editingChanged)
    #expect(events.map(\.payload) == [["destination": "Bergen"], ["destination": nil]])
  }

  @Test func theGalleryPushesTheChosenComponent() async throws {
    let host = try await Self.loadedHost()
    var events: [ComponentEvent] = []
    let controller = try host.catalog.instantiate("demo.Gallery", params: nil) { events.append($0) }
    let navigation = try #require(controller as? NavigationController)
    let window = try Self.window(showing: controller)
    #expect(Self.find("demo.Gallery", in: window) == nil)
    let login = try #require(Self.find("demo.Login", in: window))
    _ = try window.tap(login)
    window.layoutIfNeeded()
    #expect(navigation.viewControllers.count == 2)
    #expect(navigation.topViewController?.title == "demo.Login")
    #expect(Self.find("username", in: window) != nil)
    #expect(
      events.first
        == ComponentEvent(
          component: "demo.Gallery", name: "opened", payload: ["component": "demo.Login"]))
    #expect(window.back())
    #expect(navigation.viewControllers.count == 1)
  }
}
