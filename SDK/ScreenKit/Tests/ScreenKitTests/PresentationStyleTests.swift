import Testing

@testable import ScreenKit

@MainActor
private final class SheetDelegate: AdaptivePresentationControllerDelegate {
  var allow = true
  var log: [String] = []
  func presentationControllerShouldDismiss(_ presentationController: PresentationController)
    -> Bool
  {
    log.append("should")
    return allow
  }
  func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {
    log.append("attempt")
  }
  func presentationControllerWillDismiss(_ presentationController: PresentationController) {
    log.append("will")
  }
  func presentationControllerDidDismiss(_ presentationController: PresentationController) {
    log.append("did")
  }
}

@MainActor
private func presentingWindow() -> (Window, TracingViewController, Trace) {
  let trace = Trace()
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
  let root = TracingViewController("root", trace: trace)
  window.rootViewController = root
  window.makeKeyAndVisible()
  window.layoutIfNeeded()
  trace.lines = []
  return (window, root, trace)
}

@MainActor
@Suite(.serialized) struct PresentationStyleTests {
  @Test func aPageSheetKeepsThePresenterInTheTreeDimmedUnderneath() throws {
    let (window, root, trace) = presentingWindow()
    let sheet = ViewController()
    #expect(sheet.modalPresentationStyle == .automatic)
    root.present(sheet, animated: true)
    // The presenter stays (no disappearance callbacks), dimmed, the card below it.
    #expect(root.view.window === window)
    #expect(!trace.lines.contains { $0.contains("root viewWillDisappear") })
    #expect(root.appearanceState == .appeared)
    #expect(window.subviews.count == 3)
    #expect(window.subviews[1] is PresentationDimmingView)
    #expect(window.subviews[2] === sheet.view)
    // UIKit's iPhone sheet: 10 points below the status bar, full width, to the bottom.
    #expect(sheet.view.frame == Rect(x: 0, y: 57, width: 390, height: 844 - 57))
    #expect(sheet.view.presentationStyleName == "pageSheet")
    #expect(sheet.viewSafeAreaInsets == EdgeInsets(top: 0, left: 0, bottom: 34, right: 0))
    var completed = false
    sheet.dismiss(animated: false) { completed = true }
    #expect(completed)
    #expect(window.subviews.count == 1 && window.subviews[0] === root.view)
    #expect(!trace.lines.contains { $0.contains("root viewWillAppear") })
  }

  @Test func aResizeKeepsPresentedCardsWhereTheirStylePutsThem() throws {
    let (window, root, _) = presentingWindow()
    let sheet = ViewController()
    root.present(sheet, animated: false)
    let alert = AlertController(title: "Hi", message: nil, preferredStyle: .alert)
    alert.addAction(AlertAction(title: "OK", style: .default))
    sheet.present(alert, animated: false)
    try window.resize(to: Size(width: 844, height: 390))
    #expect(sheet.view.frame == Rect(x: 0, y: 57, width: 844, height: 390 - 57))
    #expect(alert.view.frame.width == 270 && alert.view.frame.midX == 422)
    let dimmings = window.subviews.compactMap { $0 as? PresentationDimmingView }
    #expect(dimmings.count == 2 && dimmings.allSatisfy { $0.frame == window.bounds })
    // The sheet stays under the alert, the root under both.
    #expect(
      window.subviews.map { $0 === root.view || $0 === sheet.view || $0 === alert.view }
        == [true, false, true, false, true])
  }

  @Test func stylesResolveAsUIKitOnCompactAndRegularWidths() throws {
    let (window, root, _) = presentingWindow()
    let form = ViewController()
    form.modalPresentationStyle = .formSheet
    root.present(form, animated: false)
    #expect(form.view.presentationStyleName == "pageSheet")
    form.dismiss(animated: false)
    let popover = ViewController()
    popover.modalPresentationStyle = .popover
    root.present(popover, animated: false)
    #expect(popover.view.presentationStyleName == "pageSheet")
    popover.dismiss(animated: false)
    let over = ViewController()
    over.modalPresentationStyle = .overFullScreen
    root.present(over, animated: false)
    #expect(over.view.frame == window.bounds && root.view.window === window)
    #expect(over.view.presentationStyleName == "overFullScreen")
    over.dismiss(animated: false)
    let full = ViewController()
    full.modalPresentationStyle = .fullScreen
    root.present(full, animated: false)
    #expect(root.view.window == nil)
    full.dismiss(animated: false)
    #expect(root.view.window === window)
    try window.resize(to: Size(width: 1024, height: 768))
    let wide = ViewController()
    wide.modalPresentationStyle = .formSheet
    root.present(wide, animated: false)
    // UIKit's form sheet on a regular width: 540×620, centred.
    #expect(wide.view.frame == Rect(x: 242, y: 74, width: 540, height: 620))
    #expect(wide.view.presentationStyleName == "formSheet")
  }

  @Test func aSwipeDownDismissesASheetUnlessTheDelegateOrModalityRefuses() throws {
    let (window, root, _) = presentingWindow()
    let sheet = ViewController()
    let content = Button(type: .system)
    sheet.view.addSubview(content)
    let delegate = SheetDelegate()
    sheet.presentationController?.delegate = delegate
    root.present(sheet, animated: true)
    delegate.allow = false
    #expect(try !window.swipe(content, direction: .down))
    #expect(delegate.log == ["should", "attempt"])
    #expect(root.presentedViewController === sheet)
    delegate.log = []
    delegate.allow = true
    sheet.isModalInPresentation = true
    #expect(try !window.swipe(sheet.view, direction: .down))
    #expect(delegate.log == ["attempt"])
    sheet.isModalInPresentation = false
    delegate.log = []
    #expect(try window.swipe(sheet.view, direction: .down))
    #expect(delegate.log == ["should", "will", "did"])
    #expect(root.presentedViewController == nil)
    // A full-screen controller is not a sheet: a swipe down does not dismiss it.
    let full = ViewController()
    full.modalPresentationStyle = .fullScreen
    root.present(full, animated: false)
    #expect(throws: InputError.self) { try window.swipe(full.view, direction: .down) }
    #expect(root.presentedViewController === full)
  }

  @Test func choosingAnAlertActionDismissesTheAlertThenRunsTheHandler() throws {
    let (window, root, _) = presentingWindow()
    let alert = AlertController(
      title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert)
    var log: [String] = []
    alert.addAction(
      AlertAction(title: "Delete", style: .destructive) { action in
        log.append(
          "\(action.title ?? "") presented=\(root.presentedViewController != nil) "
            + "alertInWindow=\(alert.viewIfLoaded?.window != nil)")
      })
    alert.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
    var presented = false
    root.present(alert, animated: false) { presented = true }
    #expect(presented)
    #expect(alert.view.presentationStyleName == "alert")
    #expect(root.view.window === window)
    // UIKit's alert: 270 points wide, centred.
    #expect(alert.view.frame.width == 270 && alert.view.frame.midX == 195)
    #expect(abs(alert.view.frame.midY - 422) < 1)
    let buttons = alert.view.subviews.compactMap { $0 as? AlertActionButton }
    let delete = try #require(buttons.first { $0.actionStyle == .destructive })
    try window.tap(delete)
    #expect(log == ["Delete presented=false alertInWindow=false"])
    #expect(root.presentedViewController == nil)
  }

  @Test func twoActionsSitSideBySideWithCancelOnTheLeftThreeStackWithCancelLast() throws {
    let (window, root, _) = presentingWindow()
    defer { withExtendedLifetime(window) {} }
    let two = AlertController(title: "Two", message: nil, preferredStyle: .alert)
    two.addAction(AlertAction(title: "OK", style: .default))
    two.addAction(AlertAction(title: "Cancel", style: .cancel))
    root.present(two, animated: false)
    #expect(two.laysOutActionsSideBySide)
    let pair = two.view.subviews.compactMap { $0 as? AlertActionButton }
    #expect(pair.map { $0.currentTitle } == ["Cancel", "OK"])
    #expect(pair[0].frame.minX == 0 && pair[0].frame.minY == pair[1].frame.minY)
    #expect(abs(pair[1].frame.maxX - 270) < 0.001 && pair[0].frame.height == 44)
    // Without a preferred action the cancel action is the bold one.
    #expect(
      pair[0].titleLabel.font.weight == .semibold && pair[1].titleLabel.font.weight == .regular)
    two.dismiss(animated: false)

    let three = AlertController(title: "Three", message: nil, preferredStyle: .alert)
    three.addAction(AlertAction(title: "Cancel", style: .cancel))
    let save = AlertAction(title: "Save", style: .default)
    three.addAction(save)
    three.addAction(AlertAction(title: "Discard", style: .destructive))
    three.addAction(AlertAction(title: "Second cancel", style: .cancel))
    three.preferredAction = save
    root.present(three, animated: false)
    #expect(three.actions.count == 3)
    let stack = three.view.subviews.compactMap { $0 as? AlertActionButton }
    #expect(stack.map { $0.currentTitle } == ["Save", "Discard", "Cancel"])
    #expect(stack[1].frame.minY > stack[0].frame.minY && stack[2].frame.minY > stack[1].frame.minY)
    #expect(stack.map(\.frame.width) == [270, 270, 270])
    // The preferred action is bold instead of the cancel action.
    #expect(stack[0].isPreferred && stack[0].titleLabel.font.weight == .semibold)
    #expect(stack[2].titleLabel.font.weight == .regular)
    #expect(stack[1].currentTitleColor == AlertController.cardDestructiveColor)
    #expect(stack[2].accessibilityIdentifier == "alert.action.0")
  }

  @Test func anActionSheetSitsAtTheBottomWithCancelApart() throws {
    let (window, root, _) = presentingWindow()
    let sheet = AlertController(
      title: nil, message: "Share the photo", preferredStyle: .actionSheet)
    var log: [String] = []
    sheet.addAction(AlertAction(title: "Cancel", style: .cancel) { _ in log.append("cancel") })
    sheet.addAction(AlertAction(title: "Mail", style: .default))
    sheet.addAction(AlertAction(title: "Message", style: .default))
    sheet.addTextField()
    #expect(sheet.textFields == nil)
    root.present(sheet, animated: false)
    #expect(sheet.view.presentationStyleName == "actionSheet")
    // Full width less 8 points a side, ending above the home indicator.
    #expect(sheet.view.frame.minX == 8 && sheet.view.frame.width == 374)
    #expect(sheet.view.frame.maxY == 844 - 34)
    let buttons = sheet.view.subviews.flatMap(\.subviews).compactMap { $0 as? AlertActionButton }
    #expect(buttons.map { $0.currentTitle } == ["Mail", "Message", "Cancel"])
    let cancel = buttons[2]
    #expect(cancel.superview !== buttons[0].superview)
    #expect(cancel.frame.height == 57)
    let groups = sheet.view.subviews
    #expect(groups[1].frame.minY == groups[0].frame.maxY + 8)
    // A tap outside the sheet chooses its cancel action.
    let dimming = try #require(window.subviews.compactMap { $0 as? PresentationDimmingView }.first)
    try window.tap(dimming)
    #expect(log == ["cancel"] && root.presentedViewController == nil)
  }

  @Test func alertTextFieldsAreConfiguredAndReadable() throws {
    let (window, root, _) = presentingWindow()
    let alert = AlertController(title: "Name", message: nil, preferredStyle: .alert)
    alert.addTextField { $0.placeholder = "Name" }
    var entered: String?
    alert.addAction(
      AlertAction(title: "OK", style: .default) { _ in
        entered = alert.textFields?.first?.text
      })
    root.present(alert, animated: false)
    let field = try #require(alert.textFields?.first)
    #expect(field.placeholder == "Name" && field.superview === alert.view)
    // As UIKit's: the first field is focused, and the card moves above the keyboard.
    #expect(field.isFirstResponder)
    let centred = alert.view.frame
    #expect(abs(centred.midY - 422) < 1)
    try window.setKeyboardHeight(336)
    #expect(
      abs(alert.view.frame.midY - (844 - 336) / 2) < 1 && alert.view.frame.minX == centred.minX)
    #expect(field.accessibilityIdentifier == "alert.textField.0")
    try window.replaceText(of: field, with: "Ann")
    let ok = try #require(alert.view.subviews.compactMap { $0 as? AlertActionButton }.first)
    try window.tap(ok)
    #expect(entered == "Ann")
  }

  @Test func aDisabledActionCannotBeChosen() throws {
    let (window, root, _) = presentingWindow()
    let alert = AlertController(title: "T", message: nil, preferredStyle: .alert)
    let ok = AlertAction(title: "OK", style: .default)
    ok.isEnabled = false
    alert.addAction(ok)
    root.present(alert, animated: false)
    let button = try #require(alert.view.subviews.compactMap { $0 as? AlertActionButton }.first)
    #expect(!button.isEnabled)
    #expect(throws: InputError.self) { try window.tap(button) }
    ok.isEnabled = true
    #expect(button.isEnabled)
    try window.tap(button)
    #expect(root.presentedViewController == nil)
  }
}
