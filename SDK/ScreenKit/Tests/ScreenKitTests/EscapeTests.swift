import Testing

@testable import ScreenKit

@MainActor
private final class RefusingSheetDelegate: AdaptivePresentationControllerDelegate {
  var attempts = 0
  func presentationControllerShouldDismiss(_ presentationController: PresentationController)
    -> Bool
  { false }
  func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {
    attempts += 1
  }
}

/// VoiceOver's escape (`accessibilityPerformEscape()` up the responder chain) as UIKit's:
/// an alert escapes through its cancel action, a sheet dismisses unless it is modal in
/// presentation (or its delegate refuses), a navigation controller pops, and at its root a
/// navigation controller presented as a sheet dismisses the sheet. The Escape key reaches
/// the same escape when no key command or responder takes it.
@MainActor
@Suite(.serialized) struct EscapeTests {
  func window(_ root: ViewController) -> Window {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = root
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    return window
  }

  func escapeKey() -> Key { Key(webKey: "Escape")! }

  @Test func aSheetDismissesOnEscape() throws {
    let root = ViewController()
    let window = window(root)
    let sheet = ViewController()
    root.present(sheet, animated: false)
    window.layoutIfNeeded()
    let inner = Label()
    sheet.view.addSubview(inner)
    #expect(try window.performAccessibilityAction(.escape, on: inner))
    #expect(root.presentedViewController == nil)
    // Nothing left to escape from on the root.
    #expect(try !window.performAccessibilityAction(.escape, on: root.view))
  }

  @Test func aSheetModalInPresentationStays() throws {
    let root = ViewController()
    let window = window(root)
    let sheet = ViewController()
    sheet.isModalInPresentation = true
    sheet.modalPresentationStyle = .formSheet
    root.present(sheet, animated: false)
    window.layoutIfNeeded()
    #expect(try !window.performAccessibilityAction(.escape, on: sheet.view))
    #expect(root.presentedViewController === sheet)
    // The delegate may refuse too, and hears the attempt.
    sheet.isModalInPresentation = false
    let delegate = RefusingSheetDelegate()
    sheet.presentationController?.delegate = delegate
    #expect(try !window.performAccessibilityAction(.escape, on: sheet.view))
    #expect(delegate.attempts == 1)
    #expect(root.presentedViewController === sheet)
  }

  @Test func aFullScreenPresentationDoesNotEscape() throws {
    let root = ViewController()
    let window = window(root)
    let cover = ViewController()
    cover.modalPresentationStyle = .fullScreen
    root.present(cover, animated: false)
    window.layoutIfNeeded()
    #expect(try !window.performAccessibilityAction(.escape, on: cover.view))
    #expect(root.presentedViewController === cover)
  }

  @Test func aNavigationStackInASheetPopsThenDismisses() throws {
    let root = ViewController()
    let window = window(root)
    let first = ViewController()
    let navigation = NavigationController(rootViewController: first)
    root.present(navigation, animated: false)
    window.layoutIfNeeded()
    navigation.pushViewController(ViewController(), animated: false)
    window.layoutIfNeeded()
    #expect(try window.performAccessibilityAction(.escape, on: navigation.topViewController!.view))
    #expect(navigation.viewControllers.count == 1)
    #expect(root.presentedViewController === navigation)
    window.layoutIfNeeded()
    #expect(try window.performAccessibilityAction(.escape, on: first.view))
    #expect(root.presentedViewController == nil)
  }

  @Test func anAlertWithoutACancelActionStays() throws {
    let root = ViewController()
    let window = window(root)
    let alert = AlertController(title: "Saved", message: nil, preferredStyle: .alert)
    alert.addAction(AlertAction(title: "OK", style: .default))
    root.present(alert, animated: false)
    window.layoutIfNeeded()
    #expect(try !window.performAccessibilityAction(.escape, on: alert.view))
    #expect(root.presentedViewController === alert)
  }

  @Test func theEscapeKeyChoosesAnAlertsCancelActionAndDismissesASheet() throws {
    let root = ViewController()
    let window = window(root)
    let alert = AlertController(title: "Leave?", message: nil, preferredStyle: .alert)
    var cancelled = false
    alert.addAction(AlertAction(title: "Stay", style: .cancel) { _ in cancelled = true })
    alert.addAction(AlertAction(title: "Leave", style: .default))
    root.present(alert, animated: false)
    window.layoutIfNeeded()
    #expect(try window.pressKey(escapeKey()))
    #expect(cancelled)
    #expect(root.presentedViewController == nil)

    let sheet = ViewController()
    let button = Button(type: .system)
    button.setTitle("Inside", for: .normal)
    button.frame = Rect(x: 20, y: 20, width: 100, height: 44)
    sheet.view.addSubview(button)
    root.present(sheet, animated: false)
    window.layoutIfNeeded()
    #expect(try window.focusView(button))
    #expect(try window.pressKey(escapeKey()))
    #expect(root.presentedViewController == nil)
  }
}
