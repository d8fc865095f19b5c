import JSONRPC
import ScreenKit
import Testing

@testable import CompdBroker
@testable import CompdSceneHost

/// Every bundled component through state restoration as compd uses it: the real plugins
/// loaded by the host, changed through window input as a client's events change them, the
/// archive read back from its JSON text, a fresh instance made through the catalog, then
/// restored before it is shown. The restored node tree (what clients see) must equal the
/// original's, and no archive may hold a typed password.
@Suite("Bundled plugins restore their state") @MainActor struct PluginRestorationTests {
  typealias Bundled = PluginBundledTests

  /// The original and the restored screens after one round trip of component `name`.
  private struct RoundTrip {
    var original: Window
    var restored: Window
    var restoredRoot: ViewController
    var archive: RestorationArchive
    var eventsDuringRestoration: [ComponentEvent]
  }

  private func roundTrip(
    _ name: String, params: ParamValue? = nil, host: PluginRegistry,
    change: (Window) throws -> Void
  ) throws -> RoundTrip {
    let controller = try host.catalog.instantiate(name, params: params) { _ in }
    let original = try Bundled.window(showing: controller)
    try change(original)
    // The first responder is not restorable state (as in UIKit): compare unfocused screens.
    if let focused = original.firstResponder as? View { _ = try original.blur(focused) }
    original.layoutIfNeeded()
    let encoded = try #require(original.encodeRestorableState(), "\(name) takes part")
    let archive = try RestorationArchive(json: encoded.json)
    var events: [ComponentEvent] = []
    let fresh = try host.catalog.instantiate(name, params: params) { events.append($0) }
    let restored = try Bundled.window(showing: fresh, restoring: archive)
    return RoundTrip(
      original: original, restored: restored, restoredRoot: fresh, archive: archive,
      eventsDuringRestoration: events)
  }

  /// The node tree clients are sent for `window`.
  private func tree(_ window: Window) -> JSON {
    window.layoutIfNeeded()
    let table = NodeTable(scene: "s1")
    _ = table.refresh(root: window)
    return table.rootJSON
  }

  private func field(_ key: String, in window: Window) throws -> TextField {
    try #require(Bundled.find(key, in: window) as? TextField)
  }

  @Test func loginKeepsTheUserNameAndNeverThePassword() async throws {
    let host = try await Bundled.loadedHost()
    let trip = try roundTrip("demo.Login", params: ["username": "ann"], host: host) { window in
      _ = try window.replaceText(of: field("username", in: window), with: "grace")
      _ = try window.replaceText(of: field("password", in: window), with: "s3cret-pw")
    }
    #expect(!trip.archive.json.contains("s3cret-pw"))
    #expect(trip.archive.json.contains("grace"))
    #expect(try field("username", in: trip.restored).text == "grace")
    #expect(try field("password", in: trip.restored).text == "")
    // The restored screen is the original one with its password cleared.
    try clearPassword(in: trip.original)
    #expect(tree(trip.restored) == tree(trip.original))
    #expect(trip.eventsDuringRestoration.isEmpty)
  }

  @Test func theStackedFormKeepsItsRowsTheirTextAndTheScrollPosition() async throws {
    let host = try await Bundled.loadedHost()
    let trip = try roundTrip("demo.StackedForm", params: ["rows": 1], host: host) { window in
      let add = try #require(Bundled.find("addRow", in: window))
      for _ in 0..<24 { _ = try window.tap(add) }
      _ = try window.tap(try #require(Bundled.find("removeRow", in: window)))
      window.layoutIfNeeded()
      _ = try window.replaceText(of: field("row2", in: window), with: "second")
      _ = try window.replaceText(of: field("row24", in: window), with: "last")
      let scroll = try #require(firstScrollView(in: window))
      _ = try window.scroll(scroll, to: Point(x: 0, y: 250))
    }
    #expect(Bundled.find("row24", in: trip.restored) != nil)
    #expect(Bundled.find("row25", in: trip.restored) == nil)
    #expect(try field("row24", in: trip.restored).text == "last")
    #expect(try field("row2", in: trip.restored).text == "second")
    #expect(try #require(firstScrollView(in: trip.restored)).contentOffset.y == 250)
    #expect(tree(trip.restored) == tree(trip.original))
    #expect(trip.eventsDuringRestoration.isEmpty, "restoring rows is not a client's change")
  }

  @Test func settingsKeepTheirSwitches() async throws {
    let host = try await Bundled.loadedHost()
    let trip = try roundTrip("demo.Settings", params: ["darkMode": true], host: host) { window in
      for (key, isOn) in [("notifications", false), ("darkMode", false), ("autoplay", true)] {
        _ = try window.toggle(try #require(Bundled.find(key, in: window)), isOn: isOn)
      }
    }
    let states = try ["notifications", "darkMode", "autoplay"].map { key in
      try #require(Bundled.find(key, in: trip.restored) as? Switch).isOn
    }
    #expect(states == [false, false, true])
    #expect(tree(trip.restored) == tree(trip.original))
    #expect(trip.eventsDuringRestoration.isEmpty)
  }

  @Test func destinationKeepsItsDestination() async throws {
    let host = try await Bundled.loadedHost()
    let trip = try roundTrip("demo.Destination", params: ["destination": "Oslo"], host: host) {
      window in
      _ = try window.replaceText(of: field("destination", in: window), with: "Bergen")
    }
    #expect(try field("destination", in: trip.restored).text == "Bergen")
    #expect(tree(trip.restored) == tree(trip.original))
    #expect(trip.eventsDuringRestoration.isEmpty)

    let cleared = try roundTrip("demo.Destination", params: ["destination": "Oslo"], host: host) {
      window in
      _ = try window.replaceText(of: field("destination", in: window), with: "")
    }
    #expect(try field("destination", in: cleared.restored).text == "")
  }

  /// The gallery's pushed screen is recreated through the registry by component name and
  /// params, with its own state (the typed user name) and never its password.
  @Test func theGalleryKeepsItsPushedScreenAndItsState() async throws {
    let host = try await Bundled.loadedHost()
    let trip = try roundTrip("demo.Gallery", host: host) { window in
      _ = try window.tap(try #require(Bundled.find("demo.Login", in: window)))
      window.layoutIfNeeded()
      _ = try window.replaceText(of: field("username", in: window), with: "ada")
      _ = try window.replaceText(of: field("password", in: window), with: "gallery-pw")
    }
    #expect(!trip.archive.json.contains("gallery-pw"))
    let navigation = try #require(trip.restoredRoot as? NavigationController)
    #expect(navigation.viewControllers.count == 2)
    #expect(navigation.topViewController?.title == "demo.Login")
    #expect(try field("username", in: trip.restored).text == "ada")
    #expect(try field("password", in: trip.restored).text == "")
    try clearPassword(in: trip.original)
    #expect(tree(trip.restored) == tree(trip.original))
    #expect(trip.restored.back())
    #expect(navigation.viewControllers.count == 1)
  }

  /// An archive from an older gallery stack whose pushed component is no longer
  /// registered restores what it can: the list, without the missing screen.
  @Test func aScreenWhoseComponentIsGoneIsLeftOut() async throws {
    let host = try await Bundled.loadedHost()
    let json = """
      {"format":"screenkit.restoration","version":1,"root":{"gallery":{"state":{
      "NavigationController.viewControllers":["list","demo.Gone"]},"children":{
      "list":{"state":{}},"demo.Gone":{"state":{},"component":{"name":"demo.Gone","params":{}}}}}}}
      """
    let fresh = try host.catalog.instantiate("demo.Gallery", params: nil) { _ in }
    let window = try Bundled.window(showing: fresh, restoring: RestorationArchive(json: json))
    #expect((fresh as? NavigationController)?.viewControllers.count == 1)
    #expect(Bundled.find("demo.Login", in: window) != nil)
  }

  /// A declarative screen of bundled components in tabs, a navigation controller and a
  /// stack keeps the selected tab and every component's state.
  @Test func aDeclarativeScreenKeepsItsTabAndItsComponentsState() async throws {
    typealias Fixtures = PluginFixtureBuilder
    let directory = try Fixtures.temporaryDirectory("restored-screen")
    for name in Bundled.bundled {
      try Fixtures.install(Fixtures.bundled(name), into: directory, as: "lib\(name).so")
    }
    try #"""
    {"component": "demo.Trip", "summary": "Sign in, then plan",
     "root": {"container": "tabs", "children": [
       {"container": "navigation", "title": "Sign in", "children": [{"component": "demo.Login"}]},
       {"container": "stack", "title": "Plan", "children": [
         {"component": "demo.Destination"}, {"component": "demo.Settings"}]}]}}
    """#.write(toFile: "\(directory)/trip.screen.json", atomically: true, encoding: .utf8)
    let host = Fixtures.host([directory], timeout: 5)
    await host.scan()
    let trip = try roundTrip("demo.Trip", host: host) { window in
      _ = try window.replaceText(of: field("username", in: window), with: "lin")
      _ = try window.replaceText(of: field("password", in: window), with: "tab-pw")
      let tabs = try #require(window.rootViewController as? TabBarController)
      tabs.selectedIndex = 1
      window.layoutIfNeeded()
      _ = try window.replaceText(of: field("destination", in: window), with: "Tromsø")
      _ = try window.toggle(try #require(Bundled.find("autoplay", in: window)), isOn: true)
    }
    #expect(!trip.archive.json.contains("tab-pw"))
    #expect(trip.original.rootViewController?.checkContainment() == [])
    #expect(trip.restoredRoot.checkContainment() == [])
    let tabs = try #require(trip.restoredRoot as? TabBarController)
    #expect(tabs.selectedIndex == 1)
    #expect(try field("destination", in: trip.restored).text == "Tromsø")
    #expect(tree(trip.restored) == tree(trip.original))
    tabs.selectedIndex = 0
    trip.restored.layoutIfNeeded()
    #expect(try field("username", in: trip.restored).text == "lin")
    #expect(try field("password", in: trip.restored).text == "")
  }

  private func clearPassword(in window: Window) throws {
    let password = try field("password", in: window)
    _ = try window.replaceText(of: password, with: "")
    _ = try window.blur(password)
  }

  private func firstScrollView(in view: View) -> ScrollView? {
    if let scroll = view as? ScrollView { return scroll }
    return view.subviews.lazy.compactMap { firstScrollView(in: $0) }.first
  }
}
