import Testing

@testable import ScreenKit

/// A controller whose view holds a 3×3 grid of 80×40 buttons with 20-point gaps, named
/// "r0c0" … "r2c2", and which records the focus updates it is told of.
@MainActor
final class FocusGridController: ViewController {
  var buttons: [[Button]] = []
  var preferred: [FocusEnvironment]?
  var updates: [(previous: String?, next: String?, heading: FocusHeading)] = []
  var veto: ((FocusUpdateContext) -> Bool)?

  override func viewDidLoad() {
    super.viewDidLoad()
    for row in 0..<3 {
      var line: [Button] = []
      for column in 0..<3 {
        let button = Button(type: .system)
        button.frame = Rect(
          x: 20 + Double(column) * 100, y: 20 + Double(row) * 60, width: 80, height: 40)
        button.accessibilityIdentifier = "r\(row)c\(column)"
        view.addSubview(button)
        line.append(button)
      }
      buttons.append(line)
    }
  }

  override var preferredFocusEnvironments: [FocusEnvironment] {
    preferred ?? super.preferredFocusEnvironments
  }

  override func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool {
    veto?(context) ?? true
  }

  override func didUpdateFocus(
    in context: FocusUpdateContext, with coordinator: FocusAnimationCoordinator
  ) {
    updates.append(
      (
        context.previouslyFocusedView?.accessibilityIdentifier,
        context.nextFocusedView?.accessibilityIdentifier, context.focusHeading
      ))
  }
}

@MainActor
@Suite struct FocusTests {
  func show(_ controller: ViewController) -> Window {
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
    window.rootViewController = controller
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    return window
  }

  func press(_ window: Window, _ name: String, _ modifiers: KeyModifierFlags = []) throws -> Bool {
    try window.pressKey(Key(webKey: name, modifierFlags: modifiers)!)
  }

  var focusedName: (Window) -> String? { { $0.focusedView?.accessibilityIdentifier } }

  @Test func defaultsFollowUIKit() {
    let grid = FocusGridController()
    _ = show(grid)
    #expect(!View().canBecomeFocused)
    #expect(!Label().canBecomeFocused)
    #expect(grid.buttons[0][0].canBecomeFocused)
    #expect(Switch().canBecomeFocused)
    #expect(TextField().canBecomeFocused)
    #expect(grid.preferredFocusEnvironments.first === grid.view)
  }

  @Test func engineIsDormantUntilAKeyThenFocusesThePreferredItem() throws {
    let grid = FocusGridController()
    let window = show(grid)
    #expect(window.focusedView == nil)
    #expect(!window.focusSystem.isActive)
    // No preferences: the first focusable item in reading order.
    #expect(try press(window, "ArrowDown"))
    #expect(focusedName(window) == "r0c0")
    #expect(grid.buttons[0][0].isFocused)
    #expect(grid.updates.last?.previous == nil && grid.updates.last?.next == "r0c0")
  }

  @Test func preferredEnvironmentsChooseTheInitialItem() throws {
    let grid = FocusGridController()
    let window = show(grid)
    grid.preferred = [grid.buttons[1][2]]
    #expect(try press(window, "Tab"))
    #expect(focusedName(window) == "r1c2")
    // A requested update goes to the new preference.
    grid.preferred = [grid.buttons[2][0]]
    grid.setNeedsFocusUpdate()
    grid.updateFocusIfNeeded()
    #expect(focusedName(window) == "r2c0")
    // A preferred environment that is not focusable is searched in turn.
    let disabled = grid.buttons[0][1]
    disabled.isEnabled = false
    grid.preferred = [disabled, grid.buttons[0][2]]
    grid.setNeedsFocusUpdate()
    grid.updateFocusIfNeeded()
    #expect(focusedName(window) == "r0c2")
  }

  @Test func tabAndShiftTabFollowReadingOrderAndWrap() throws {
    let grid = FocusGridController()
    let window = show(grid)
    _ = try press(window, "Tab")
    var order: [String] = [focusedName(window)!]
    for _ in 0..<9 {
      _ = try press(window, "Tab")
      order.append(focusedName(window)!)
    }
    #expect(
      order == ["r0c0", "r0c1", "r0c2", "r1c0", "r1c1", "r1c2", "r2c0", "r2c1", "r2c2", "r0c0"])
    _ = try press(window, "Tab", .shift)
    #expect(focusedName(window) == "r2c2")
    #expect(grid.updates.last?.heading == .previous)
  }

  @Test func tabKeepsAFocusGroupTogether() throws {
    let grid = FocusGridController()
    let window = show(grid)
    // The left column is a group: Tab takes all of it before moving on.
    for row in 0..<3 { grid.buttons[row][0].focusGroupIdentifier = "left" }
    _ = try press(window, "Tab")
    var order: [String] = [focusedName(window)!]
    for _ in 0..<4 {
      _ = try press(window, "Tab")
      order.append(focusedName(window)!)
    }
    #expect(order == ["r0c0", "r1c0", "r2c0", "r0c1", "r0c2"])
  }

  @Test func arrowsMoveGeometricallyOnAGrid() throws {
    let grid = FocusGridController()
    let window = show(grid)
    grid.preferred = [grid.buttons[1][1]]
    _ = try press(window, "ArrowUp")  // the first move key focuses the preferred item
    #expect(focusedName(window) == "r1c1")
    #expect(try press(window, "ArrowRight"))
    #expect(focusedName(window) == "r1c2")
    #expect(grid.updates.last?.heading == .right)
    #expect(try !press(window, "ArrowRight"))  // nothing further right
    #expect(focusedName(window) == "r1c2")
    #expect(try press(window, "ArrowDown"))
    #expect(focusedName(window) == "r2c2")
    #expect(try press(window, "ArrowLeft"))
    #expect(focusedName(window) == "r2c1")
    #expect(try press(window, "ArrowUp"))
    #expect(focusedName(window) == "r1c1")
  }

  @Test func alignedItemsComeBeforeNearerDiagonalOnes() throws {
    let grid = FocusGridController()
    let window = show(grid)
    // With the middle item hidden, right of r1c0 lie r1c2 (aligned, 120 points away) and
    // the diagonal r0c1 and r2c1 (20 points away): the aligned one wins.
    grid.buttons[1][1].isHidden = true
    grid.preferred = [grid.buttons[1][0]]
    _ = try press(window, "ArrowRight")
    #expect(focusedName(window) == "r1c0")
    _ = try press(window, "ArrowRight")
    #expect(focusedName(window) == "r1c2")  // aligned, though r0c1 and r2c1 are nearer
  }

  @Test func hiddenDisabledAndZeroSizeViewsAreSkipped() throws {
    let grid = FocusGridController()
    let window = show(grid)
    grid.buttons[0][1].isHidden = true
    grid.buttons[0][2].isEnabled = false
    grid.buttons[1][0].frame.size = Size(width: 0, height: 0)
    _ = try press(window, "Tab")
    _ = try press(window, "Tab")
    #expect(focusedName(window) == "r1c1")
    // A focused view that gets disabled loses focus to the preferred item.
    grid.buttons[1][1].isEnabled = false
    window.focusSystem.updateFocusIfNeeded()
    #expect(focusedName(window) == "r0c0")
  }

  @Test func focusGuideRedirectsTheSearch() throws {
    let grid = FocusGridController()
    let window = show(grid)
    // With r2c1 and r2c2 hidden, a guide where r2c1 was sends focus from r2c0 to r0c2
    // (the guide is aligned, so it wins over the diagonal r1c1).
    grid.buttons[2][1].isHidden = true
    grid.buttons[2][2].isHidden = true
    let guide = FocusGuide()
    grid.view.addLayoutGuide(guide)
    guide.leadingAnchor.constraint(equalTo: grid.buttons[2][0].trailingAnchor, constant: 20)
      .isActive = true
    guide.topAnchor.constraint(equalTo: grid.buttons[2][0].topAnchor).isActive = true
    guide.widthAnchor.constraint(equalToConstant: 80).isActive = true
    guide.heightAnchor.constraint(equalToConstant: 40).isActive = true
    guide.preferredFocusEnvironments = [grid.buttons[0][2]]
    window.layoutIfNeeded()
    grid.preferred = [grid.buttons[2][0]]
    _ = try press(window, "ArrowRight")
    #expect(focusedName(window) == "r2c0")
    #expect(try press(window, "ArrowRight"))
    #expect(focusedName(window) == "r0c2")
    // A disabled guide is passed over: the diagonal r1c1 is the nearest then.
    guide.isEnabled = false
    grid.preferred = [grid.buttons[2][0]]
    grid.setNeedsFocusUpdate()
    grid.updateFocusIfNeeded()
    #expect(focusedName(window) == "r2c0")
    #expect(try press(window, "ArrowRight"))
    #expect(focusedName(window) == "r1c1")
  }

  @Test func didUpdateFocusGetsTheContextAndShouldUpdateFocusCanRefuse() throws {
    let grid = FocusGridController()
    let window = show(grid)
    _ = try press(window, "Tab")
    _ = try press(window, "Tab")
    let last = try #require(grid.updates.last)
    #expect(last.previous == "r0c0" && last.next == "r0c1" && last.heading == .next)
    grid.veto = { context in context.nextFocusedView?.accessibilityIdentifier != "r0c2" }
    let count = grid.updates.count
    #expect(try !press(window, "ArrowRight"))
    #expect(focusedName(window) == "r0c1")
    #expect(grid.updates.count == count)
  }

  @Test func viewsBehindAPresentedControllerAreNotCandidates() throws {
    let grid = FocusGridController()
    let window = show(grid)
    _ = try press(window, "Tab")
    #expect(focusedName(window) == "r0c0")
    let sheet = FocusGridController()
    grid.present(sheet, animated: false)
    window.layoutIfNeeded()
    window.focusSystem.updateFocusIfNeeded()
    let focused = try #require(window.focusedView)
    #expect(focused.isDescendant(of: sheet.view))
    for _ in 0..<12 {
      _ = try press(window, "Tab")
      #expect(window.focusedView?.isDescendant(of: sheet.view) == true)
    }
    sheet.dismiss(animated: false)
    window.focusSystem.updateFocusIfNeeded()
    #expect(window.focusedView === grid.buttons[0][0])  // focus returns
  }

  @Test func focusReturnsAfterANavigationLevelIsPopped() throws {
    let list = FocusGridController()
    let navigation = NavigationController(rootViewController: list)
    let window = show(navigation)
    #expect(try window.focusView(list.buttons[1][2]))
    let page = FocusGridController()
    navigation.pushViewController(page, animated: false)
    window.layoutIfNeeded()
    window.focusSystem.updateFocusIfNeeded()
    // The pushed page's preferred item (its first in reading order; the back button is a
    // control of the navigation bar, outside the page).
    let focused = try #require(window.focusedView)
    #expect(
      focused.isDescendant(of: page.view) || focused.isDescendant(of: navigation.navigationBar))
    #expect(try press(window, "Escape"))  // nobody takes it: it goes back
    window.layoutIfNeeded()
    window.focusSystem.updateFocusIfNeeded()
    #expect(navigation.topViewController === list)
    #expect(window.focusedView === list.buttons[1][2])
  }

  @Test func focusingATextFieldBeginsEditingAndLeavingEndsIt() throws {
    let grid = FocusGridController()
    let window = show(grid)
    let field = TextField()
    field.frame = Rect(x: 20, y: 220, width: 200, height: 30)
    grid.view.addSubview(field)
    #expect(try window.focusView(field))
    #expect(field.isFirstResponder && field.isFocused)
    _ = try press(window, "a")
    _ = try press(window, "B", .shift)
    #expect(field.text == "aB")
    _ = try press(window, "Backspace")
    #expect(field.text == "a")
    // Blurred, it keeps focus; focused again, it edits again.
    #expect(try window.blur(field))
    #expect(field.isFocused && !field.isFirstResponder)
    #expect(try window.focusView(field))
    #expect(field.isFirstResponder)
    _ = try press(window, "Tab")  // wraps to the first button
    #expect(!field.isFirstResponder)
    #expect(focusedName(window) == "r0c0")
    #expect(throws: InputError.self) { try window.focusView(Label()) }
  }

  @Test func selectActivatesTheFocusedControl() throws {
    let grid = FocusGridController()
    let window = show(grid)
    var taps = 0
    grid.buttons[0][0].addAction(for: .touchUpInside) { _ in taps += 1 }
    let toggle = Switch()
    toggle.frame = Rect(x: 20, y: 220, width: 51, height: 31)
    grid.view.addSubview(toggle)
    _ = try press(window, "Tab")
    #expect(try press(window, "Enter"))
    #expect(taps == 1)
    #expect(try press(window, " "))
    #expect(taps == 2)
    #expect(try window.focusView(toggle))
    #expect(try press(window, "Enter"))
    #expect(toggle.isOn)
  }

  @Test func readingOrderReadsLinesLeftToRight() {
    // Tops less than 8 points (or half the line's first view's height) apart are one line,
    // read left to right; further apart, a new line.
    let tall = View(frame: Rect(x: 200, y: 10, width: 80, height: 24))
    let short = View(frame: Rect(x: 10, y: 16, width: 50, height: 20))
    let lower = View(frame: Rect(x: 0, y: 24, width: 50, height: 20))
    let below = View(frame: Rect(x: 0, y: 60, width: 50, height: 20))
    let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 100))
    for view in [below, lower, tall, short] { window.addSubview(view) }
    let order = FocusReadingOrder.sorted([below, lower, tall, short], in: window)
    #expect(order.map(\.frame) == [short, tall, lower, below].map(\.frame))
    // Beside a tall first view, a view starting above its centre is in its line.
    let stepper = View(frame: Rect(x: 200, y: 100, width: 94, height: 32))
    let caption = View(frame: Rect(x: 10, y: 112, width: 80, height: 20))
    window.addSubview(stepper)
    window.addSubview(caption)
    #expect(
      FocusReadingOrder.sorted([stepper, caption], in: window).map(\.frame)
        == [caption, stepper].map(\.frame))
  }

}
