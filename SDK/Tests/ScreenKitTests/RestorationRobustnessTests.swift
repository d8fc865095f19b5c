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

  @Test func archivesWithNonsenseStateRestoreSafely() throws {
    let trace = Trace()
    trace.isRecording = false
    let (archive, window) = try originalArchive(trace)
    let value = try ArchiveJSON.parse(archive.json)
    var generator = SplitMix(seed: 0x57A7E)
    for _ in 0..<150 {
      var damaged = value
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        damaged = Self.damageState(damaged, &generator)
      }
      let text = ArchiveJSON.print(damaged)
      let read = try RestorationArchive(json: text)
      let fresh = tree(trace)
      let freshWindow = try restorationWindow(fresh, restoring: read)
      #expect(fresh.view.window === freshWindow, "\(text)")
      #expect(fresh.children.count == 2, "\(text)")
      var controllers: [ViewController] = []
      fresh.collectSubtree(into: &controllers)
      for controller in controllers {
        #expect(controller.checkContainment().isEmpty, "\(text)")
      }
    }
    withExtendedLifetime(window) {}
  }

  @Test func randomlyDamagedArchivesFailClearlyOrRestoreSafely() throws {
    let trace = Trace()
    trace.isRecording = false
    let (archive, window) = try originalArchive(trace)
    let value = try ArchiveJSON.parse(archive.json)
    var generator = SplitMix(seed: 0xA5C1_1ED)
    var restored = 0
    for _ in 0..<150 {
      var damaged = value
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        damaged = Self.mutate(damaged, &generator)
      }
      let text = ArchiveJSON.print(damaged)
      let read: RestorationArchive
      do {
        read = try RestorationArchive(json: text)
      } catch {
        #expect(!error.description.isEmpty)
        continue
      }
      restored += 1
      let fresh = tree(trace)
      let freshWindow = try restorationWindow(fresh, restoring: read)
      #expect(fresh.view.window === freshWindow || fresh.presentedViewController != nil, "\(text)")
      #expect(fresh.checkContainment().isEmpty, "\(text)")
      for child in fresh.children { #expect(child.checkContainment().isEmpty, "\(text)") }
    }
    #expect(restored > 0, "some damage still reads as an archive")
    withExtendedLifetime(window) {}
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
