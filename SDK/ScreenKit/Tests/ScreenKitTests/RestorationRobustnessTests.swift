import Testing

@testable import ScreenKit

/// Damaged archives: whatever an archive's text holds, reading it either fails with a
/// `RestorationError` or gives an archive that restores without trapping, leaving a
/// consistent controller tree.
@Suite("Restoration robustness") @MainActor struct RestorationRobustnessTests {
  /// Tabs of a navigation controller and a stack with child controllers and views, every
  /// part identified; the tabs recreate missing notes.
  private func tree(_ trace: Trace) -> TabBarController {
    let tabs = TabBarController()
    tabs.restorationIdentifier = "tabs"
    let navigation = NavigationController(rootViewController: NoteController("list", trace: trace))
    navigation.restorationIdentifier = "nav"
    let stack = StackViewController()
    stack.restorationIdentifier = "stack"
    let field = TextField()
    field.restorationIdentifier = "field"
    let toggle = Switch()
    toggle.restorationIdentifier = "toggle"
    stack.addStackedViews([field, toggle])
    stack.scrollView.restorationIdentifier = "scroll"
    stack.addStackedViewController(NoteController("a", trace: trace))
    tabs.viewControllers = [navigation, stack]
    tabs.restorationFactory = { path, _ in NoteController(path.last!, trace: trace) }
    return tabs
  }

  private func originalArchive(_ trace: Trace) throws -> (RestorationArchive, Window) {
    let tabs = tree(trace)
    let window = try restorationWindow(tabs)
    let navigation = try #require(tabs.viewControllers[0] as? NavigationController)
    navigation.pushViewController(NoteController("detail", trace: trace), animated: false)
    let stack = try #require(tabs.viewControllers[1] as? StackViewController)
    stack.addStackedViewController(NoteController("b", trace: trace))
    (stack.stackedViews[0] as? TextField)?.text = "typed"
    tabs.selectedIndex = 1
    return (try #require(window.encodeRestorableState()), window)
  }

  private static let replacements: [ParamValue] = [
    .null, true, 0, -1, 1e308, "", "a", "b", "detail", "list", "nav", "stack", [], ["a", "a"],
    ["detail", "list", "nav", "tabs"], [:], ["state": [:]], ["x": ["state": [:]]],
    ["name": "test.Missing", "params": [:]], [1e9, -1e9], 2_000_000_000,
  ]

  /// `value` with one random change somewhere inside it.
  private static func mutate(_ value: ParamValue, _ generator: inout SplitMix) -> ParamValue {
    let descend = Int.random(in: 0..<4, using: &generator) != 0
    switch value {
    case .object(var members) where !members.isEmpty && descend:
      let key = ArchiveJSON.sortedKeys(members).randomElement(using: &generator)!
      members[key] = mutate(members[key]!, &generator)
      return .object(members)
    case .array(var elements) where !elements.isEmpty && descend:
      let index = Int.random(in: 0..<elements.count, using: &generator)
      elements[index] = mutate(elements[index], &generator)
      return .array(elements)
    case .object(var members) where !members.isEmpty && Bool.random(using: &generator):
      let key = ArchiveJSON.sortedKeys(members).randomElement(using: &generator)!
      if Bool.random(using: &generator) {
        members[key] = nil
      } else {
        members[["detail", "a", "b", "zz", key + "2"].randomElement(using: &generator)!] =
          members[key]
      }
      return .object(members)
    default:
      return replacements.randomElement(using: &generator)!
    }
  }

  private static let stateKeys = [
    "NavigationController.viewControllers", "TabBarController.selectedIndex",
    "TabBarController.selectedViewController", "StackViewController.stackedViewControllers",
    "TextField.text", "Switch.isOn", "ScrollView.contentOffset", "note",
  ]

  /// `value` (an archive or a node) with one saved state changed: a known or existing key
  /// set to a value of any kind, so that the containers and views decode nonsense.
  private static func damageState(_ value: ParamValue, _ generator: inout SplitMix) -> ParamValue {
    guard var members = value.objectValue else { return value }
    let nested =
      ["root", "children", "presented", "views"].filter { members[$0] != nil }
      + ArchiveJSON.sortedKeys(members).filter { members[$0]?["state"] != nil }
    if let state = members["state"]?.objectValue,
      nested.isEmpty || Int.random(in: 0..<3, using: &generator) == 0
    {
      var changed = state
      let key = (stateKeys + changed.keys).randomElement(using: &generator)!
      changed[key] = replacements.randomElement(using: &generator)!
      members["state"] = .object(changed)
    } else if let key = nested.randomElement(using: &generator) {
      members[key] = damageState(members[key]!, &generator)
    }
    return .object(members)
  }

  /// The original archive's text damaged `count` times (one to `changes` times each) by
  /// `damage`, seeded with `seed`.
  private func damagedTexts(
    seed: UInt64, count: Int, changes: Int,
    _ damage: (ParamValue, inout SplitMix) -> ParamValue
  ) throws -> [String] {
    let trace = Trace()
    trace.isRecording = false
    let (archive, window) = try originalArchive(trace)
    defer { withExtendedLifetime(window) {} }
    let value = try ArchiveJSON.parse(archive.json)
    var generator = SplitMix(seed: seed)
    return (0..<count).map { _ in
      var damaged = value
      for _ in 0..<Int.random(in: 1...changes, using: &generator) {
        damaged = damage(damaged, &generator)
      }
      return ArchiveJSON.print(damaged)
    }
  }

  /// Restores `archive` into a fresh tree and checks the tree is whole and consistent.
  private func expectSafeRestoration(of archive: RestorationArchive, text: String) throws {
    let trace = Trace()
    trace.isRecording = false
    let fresh = tree(trace)
    let window = try restorationWindow(fresh, restoring: archive)
    #expect(fresh.view.window === window || fresh.presentedViewController != nil, "\(text)")
    #expect(fresh.children.count == 2, "\(text)")
    var controllers: [ViewController] = []
    fresh.collectSubtree(into: &controllers)
    for controller in controllers {
      #expect(controller.checkContainment().isEmpty, "\(text)")
    }
  }

  @Test func archivesWithNonsenseStateRestoreSafely() throws {
    for text in try damagedTexts(seed: 0x57A7E, count: 150, changes: 4, Self.damageState) {
      try expectSafeRestoration(of: RestorationArchive(json: text), text: text)
    }
  }

  @Test func randomlyDamagedArchivesFailClearlyOrRestoreSafely() throws {
    var restored = 0
    for text in try damagedTexts(seed: 0xA5C1_1ED, count: 150, changes: 3, Self.mutate) {
      let read: RestorationArchive
      do {
        read = try RestorationArchive(json: text)
      } catch {
        #expect(!error.description.isEmpty)
        continue
      }
      restored += 1
      try expectSafeRestoration(of: read, text: text)
    }
    #expect(restored > 0, "some damage still reads as an archive")
  }

  @Test func randomlyDamagedTextFailsClearlyOrReads() throws {
    let trace = Trace()
    trace.isRecording = false
    let (archive, window) = try originalArchive(trace)
    var generator = SplitMix(seed: 0x7E27)
    let noise = Array("{}[],:\"\\0123456789.eE-+tfnul ab".utf8)
    for _ in 0..<200 {
      var bytes = Array(archive.json.utf8)
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes.remove(at: index)
        case 1: bytes.insert(noise.randomElement(using: &generator)!, at: index)
        default: bytes[index] = noise.randomElement(using: &generator)!
        }
      }
      let text = String(decoding: bytes, as: UTF8.self)
      let read: RestorationArchive
      do {
        read = try RestorationArchive(json: text)
      } catch {
        #expect(!error.description.isEmpty)
        continue
      }
      _ = try restorationWindow(tree(trace), restoring: read)
    }
    withExtendedLifetime(window) {}
  }
}
