import Testing

@testable import ScreenKit

/// `Screen.main` is the display of the scene whose code runs: the window most recently made
/// key or given input, so that two scenes of one host each read their own size.
@MainActor
@Suite struct ScreenTests {
  @Test func mainFollowsTheWindowWhoseCodeRuns() throws {
    let phone = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    phone.traitCollection = TraitCollection(displayScale: 3)
    phone.rootViewController = ViewController()
    phone.makeKeyAndVisible()
    #expect(Screen.main.bounds == Rect(x: 0, y: 0, width: 390, height: 844))
    #expect(Screen.main.scale == 3)
    #expect(Screen.main.nativeBounds.width == 1170)

    let panel = Window(frame: Rect(x: 0, y: 0, width: 800, height: 480))
    panel.traitCollection = TraitCollection(displayScale: 1)
    let controller = ViewController()
    panel.rootViewController = controller
    panel.makeKeyAndVisible()
    #expect(Screen.main.bounds.size == Size(width: 800, height: 480))

    // Input to the first scene makes its code the running one again.
    let button = Button(type: .system)
    button.frame = Rect(x: 0, y: 100, width: 100, height: 44)
    phone.rootViewController?.view.addSubview(button)
    try phone.tap(button)
    #expect(Screen.main.bounds.size == Size(width: 390, height: 844))
    #expect(Screen(window: panel).bounds.width == 800)
  }
}
