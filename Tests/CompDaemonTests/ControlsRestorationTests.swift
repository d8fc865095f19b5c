import JSONRPC
import ScreenKit
import Testing

@testable import CompdSceneHost

/// demo.Controls through state restoration: the values the user set are its controller's
/// state, so a restored page shows the same tree and reports nothing while restoring.
@Suite("demo.Controls restores its values") @MainActor struct ControlsRestorationTests {
  typealias Bundled = PluginBundledTests

  private func tree(_ window: Window) -> JSON {
    window.layoutIfNeeded()
    let table = NodeTable(scene: "s1")
    _ = table.refresh(root: window)
    return table.rootJSON
  }

  @Test func theValuesComeBack() async throws {
    let host = try await Bundled.loadedHost()
    let controller = try host.catalog.instantiate("demo.Controls", params: nil) { _ in }
    let original = try Bundled.window(showing: controller)
    func view(_ key: String, in window: Window) throws -> View {
      try #require(Bundled.find(key, in: window))
    }
    _ = try original.setValue(12, of: view("slider", in: original))
    _ = try original.setValue(7, of: view("stepper", in: original))
    _ = try original.setValue(2, of: view("segments", in: original))
    _ = try original.setValue(4, of: view("pages", in: original))
    let encoded = try #require(original.encodeRestorableState())
    let archive = try RestorationArchive(json: encoded.json)
    var events: [ComponentEvent] = []
    let fresh = try host.catalog.instantiate("demo.Controls", params: nil) { events.append($0) }
    let restored = try Bundled.window(showing: fresh, restoring: archive)
    #expect((try view("slider", in: restored) as? Slider)?.value == 12)
    #expect((try view("stepper", in: restored) as? Stepper)?.value == 7)
    #expect((try view("segments", in: restored) as? SegmentedControl)?.selectedSegmentIndex == 2)
    #expect((try view("pages", in: restored) as? PageControl)?.currentPage == 4)
    #expect(tree(restored) == tree(original))
    #expect(events.isEmpty)
  }
}
