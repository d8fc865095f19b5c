/// A controller that shows an alert or an action sheet, as `UIAlertController`.
///
/// Present it with `present(_:animated:completion:)`. Choosing an action (a tap on its
/// button) dismisses the alert and then, once the dismissal is complete, runs the action's
/// handler, as UIKit does (so a handler may present another alert).
///
/// Placement (UIKit on iPhone): an alert with two actions shows them side by side, the
/// cancel action on the left; with one or three and more they are stacked, the cancel
/// action last. An action sheet lists its actions in order and shows the cancel action
/// apart, below the others. The cancel action is drawn semibold unless another action is
/// the ``preferredAction``, which is drawn semibold instead. An alert has at most one
/// cancel action (UIKit raises on a second; ScreenKit logs it and ignores it); text fields
/// exist only in alerts.
///
/// Metrics (UIKit, iOS 13 and later): an alert is a card 270 points wide with 14-point
/// corners, centred above the keyboard; its title is 17-point semibold and its message
/// 13-point regular, 20 points from the top and 16 from the sides; its buttons are 44
/// points high in the 17-point font, between hairline separators. An action sheet is as
/// wide as the window less 8 points on each side, 8 points above the bottom safe area (or
/// the bottom); its title and message are 13 points in a secondary grey; its buttons are
/// 57 points high in the 20-point font; the cancel button is a separate card 8 points
/// below. The card's background is the translucent grey of UIKit's alert blur, and the
/// presenter is dimmed behind it (``PresentationDimmingView``). Actions are drawn in the
/// alert view's tint (set `view.tintColor` to change it, as in UIKit), destructive ones in
/// red; the grey and the red are the values that keep WCAG AA's 4.5:1 on the flat card
/// (AlertController+CardText.swift). On the wire the
/// alert is ordinary nodes: its view carries `presentation: "alert"` or `"actionSheet"`,
/// its actions are `button` nodes with a `style` prop (docs/protocol.md, "Presentation").
@MainActor
open class AlertController: ViewController, PresentedCard {
  /// Whether the controller shows an alert or an action sheet, as `UIAlertController.Style`.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// A sheet of actions at the bottom of the screen.
    case actionSheet
    /// A card in the middle of the screen.
    case alert
  }

  /// The width of an alert, as UIKit's.
  public static let alertWidth: Double = 270
  /// The height of an alert's buttons.
  public static let alertButtonHeight: Double = 44
  /// The height of an action sheet's buttons.
  public static let actionSheetButtonHeight: Double = 57
  /// The space between an action sheet and the window's sides and bottom, and above its
  /// cancel button.
  public static let actionSheetMargin: Double = 8

  /// The style, fixed at creation.
  public let preferredStyle: Style
  /// The message under the title.
  public var message: String? { didSet { rebuild() } }
  /// The actions, in the order they were added.
  public private(set) var actions: [AlertAction] = []
  /// The action drawn semibold as the one the user is most likely to choose; it must be
  /// one of `actions` (others are ignored, as UIKit raises for them).
  public var preferredAction: AlertAction? {
    didSet {
      if let preferredAction, !actions.contains(where: { $0 === preferredAction }) {
        LogLine.write("AlertController: the preferred action must be one of its actions")
        self.preferredAction = nil
      }
      rebuild()
    }
  }
  /// The text fields, in order; `nil` when none was added, as UIKit's.
  public var textFields: [TextField]? { fields.isEmpty ? nil : fields }

  private var fields: [TextField] = []
  private let titleLabel = Label()
  private let messageLabel = Label()
  private var buttons: [AlertActionButton] = []
  private var separators: [View] = []
  private let actionGroup = View()
  private let cancelGroup = View()

  /// An alert or action sheet with a title and a message.
  public init(title: String?, message: String?, preferredStyle: Style) {
    self.preferredStyle = preferredStyle
    self.message = message
    super.init()
    self.title = title
  }

  /// The title shown at the top.
  open override var title: String? {
    didSet { rebuild() }
  }

  /// Adds an action; a second cancel action is refused (logged), as UIKit refuses it.
  public func addAction(_ action: AlertAction) {
    if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
      LogLine.write("AlertController: an alert can have only one cancel action")
      return
    }
    actions.append(action)
    action.onChange = { [weak self] in self?.refreshButtons() }
    rebuild()
  }

  /// Adds a text field (alerts only, as UIKit), configured by `configurationHandler`.
  public func addTextField(configurationHandler: ((TextField) -> Void)? = nil) {
    guard preferredStyle == .alert else {
      LogLine.write("AlertController: text fields can only be added to an alert")
      return
    }
    let field = TextField()
    // UIKit's alert text fields: 13-point text in a bordered box.
    field.font = .systemFont(ofSize: 13)
    field.borderStyle = .roundedRect
    field.accessibilityIdentifier = "alert.textField.\(fields.count)"
    fields.append(field)
    configurationHandler?(field)
    rebuild()
  }

  /// Chooses `action` as a tap on its button does: dismisses the alert, then runs the
  /// handler. Returns `false` for a disabled action or one that is not the alert's.
  @discardableResult
  public func choose(_ action: AlertAction) -> Bool {
    guard action.isEnabled, actions.contains(where: { $0 === action }) else { return false }
    let run: () -> Void = { action.handler?(action) }
    if presentingViewController != nil {
      // The alert leaves the tree now; the handler runs now too, so that what it changes
      // follows the tap's reply (docs/protocol.md, "Presentation").
      dismiss(animated: true)
      run()
    } else {
      run()
    }
    return true
  }

  // MARK: Views

  /// The card (an alert) or the sheet's area (an action sheet), keyed `alert`.
  open override func loadView() {
    let root = View()
    root.accessibilityIdentifier = preferredStyle == .alert ? "alert" : "actionSheet"
    view = root
    rebuild()
  }

  /// The translucent grey of UIKit's alert background (its blur over white or black).
  static let cardColor = Color(
    light: Color(rgb: 0xF2F2F2, alpha: 0.94), dark: Color(rgb: 0x252525, alpha: 0.94))

  /// The actions in the order they are shown: an alert with two actions puts the cancel
  /// action first (left); otherwise the cancel action goes last.
  public var displayedActions: [AlertAction] {
    let cancel = actions.filter { $0.style == .cancel }
    let others = actions.filter { $0.style != .cancel }
    if preferredStyle == .alert, actions.count == 2 { return cancel + others }
    return others + cancel
  }

  /// Whether the alert's buttons are side by side (exactly two actions, as UIKit's).
  public var laysOutActionsSideBySide: Bool { preferredStyle == .alert && actions.count == 2 }

  private func rebuild() {
    guard let root = viewIfLoaded else { return }
    for subview in root.subviews { subview.removeFromSuperview() }
    for subview in actionGroup.subviews { subview.removeFromSuperview() }
    for subview in cancelGroup.subviews { subview.removeFromSuperview() }
    let isAlert = preferredStyle == .alert
    let card: View = isAlert ? root : actionGroup
    if isAlert {
      root.backgroundColor = Self.cardColor
      root.layer.cornerRadius = 14
    } else {
      root.backgroundColor = nil
      actionGroup.backgroundColor = Self.cardColor
      actionGroup.layer.cornerRadius = 13
      actionGroup.accessibilityIdentifier = "actionSheet.actions"
      // UIKit's opaque cancel card: white, or elevated dark grey in dark mode.
      cancelGroup.backgroundColor = Color(light: .white, dark: Color(rgb: 0x2C2C2E))
      cancelGroup.layer.cornerRadius = 13
      cancelGroup.accessibilityIdentifier = "actionSheet.cancel"
      root.addSubview(actionGroup)
    }
    titleLabel.text = title
    titleLabel.accessibilityIdentifier = "alert.title"
    titleLabel.accessibilityTraits = [.staticText, .header]  // UIKit reads an alert's title as a heading
    titleLabel.textAlignment = .center
    titleLabel.numberOfLines = 0
    titleLabel.font = .systemFont(ofSize: isAlert ? 17 : 13, weight: .semibold)
    titleLabel.textColor = isAlert ? .label : Self.cardSecondaryTextColor
    messageLabel.text = message
    messageLabel.accessibilityIdentifier = "alert.message"
    messageLabel.textAlignment = .center
    messageLabel.numberOfLines = 0
    messageLabel.font = .systemFont(ofSize: 13)
    messageLabel.textColor = isAlert ? .label : Self.cardSecondaryTextColor
    if title != nil { card.addSubview(titleLabel) }
    if message != nil { card.addSubview(messageLabel) }
    for field in fields { card.addSubview(field) }
    separators = []
    buttons = displayedActions.map { action in
      let button = AlertActionButton(action: action)
      let index = actions.firstIndex { $0 === action } ?? 0
      button.accessibilityIdentifier = action.accessibilityIdentifier ?? "alert.action.\(index)"
      button.addAction(for: .touchUpInside) { [weak self, weak action] _ in
        guard let self, let action else { return }
        self.choose(action)
      }
      let separator = View()
      separator.backgroundColor = .separator
      separators.append(separator)
      if !isAlert, action.style == .cancel {
        cancelGroup.addSubview(button)
        root.addSubview(cancelGroup)
      } else {
        card.addSubview(separator)
        card.addSubview(button)
      }
      return button
    }
    refreshButtons()
    if let window = root.window, presentingViewController != nil,
      let kind = presentationState.controller?.kind
    {
      root.frame = presentedFrame(kind: kind, in: window, size: window.frame.size)
    } else {
      _ = arrange(width: root.frame.width)
    }
  }

  private func refreshButtons() {
    let isAlert = preferredStyle == .alert
    let bold = preferredAction ?? actions.first { $0.style == .cancel }
    for button in buttons {
      guard let action = button.action else { continue }
      button.isEnabled = action.isEnabled
      button.isPreferred = action === preferredAction
      let size: Double = isAlert ? 17 : 20
      button.titleLabel.font = .systemFont(
        ofSize: size, weight: action === bold ? .semibold : .regular)
      button.setTitleColor(
        action.style == .destructive ? Self.cardDestructiveColor : nil, for: .normal)
      button.setNeedsDisplay()
    }
  }

  /// Places the alert's views for a card `width` wide; returns the card's height (for an
  /// action sheet, the height of both groups and the space between them).
  private func arrange(width: Double) -> Double {
    let isAlert = preferredStyle == .alert
    let hairline = 1.0 / 3.0
    let inset = 16.0
    let textWidth = max(0, width - 2 * inset)
    var y = title == nil && message == nil && fields.isEmpty ? 0.0 : (isAlert ? 20.0 : 14.0)
    if title != nil {
      let size = TextLayout(text: title ?? "", font: titleLabel.font, maxWidth: textWidth).size
      titleLabel.frame = Rect(x: inset, y: y, width: textWidth, height: size.height)
      y += size.height
    }
    if message != nil {
      if title != nil { y += isAlert ? 2 : 4 }
      let size = TextLayout(text: message ?? "", font: messageLabel.font, maxWidth: textWidth).size
      messageLabel.frame = Rect(x: inset, y: y, width: textWidth, height: size.height)
      y += size.height
    }
    for (index, field) in fields.enumerated() {
      y += index == 0 ? 16 : 4
      field.frame = Rect(x: inset, y: y, width: textWidth, height: 26)
      y += 26
    }
    if y > 0 { y += isAlert ? 20 : 14 }
    let rowHeight = isAlert ? Self.alertButtonHeight : Self.actionSheetButtonHeight
    var cancelHeight = 0.0
    for (index, button) in buttons.enumerated() {
      let separator = separators[index]
      if !isAlert, button.actionStyle == .cancel {
        button.frame = Rect(x: 0, y: 0, width: width, height: rowHeight)
        cancelHeight = rowHeight
        continue
      }
      if laysOutActionsSideBySide {
        let half = (width - hairline) / 2
        if index == 0 {
          separator.frame = Rect(x: 0, y: y, width: width, height: hairline)
          button.frame = Rect(x: 0, y: y + hairline, width: half, height: rowHeight)
        } else {
          separator.frame = Rect(x: half, y: y + hairline, width: hairline, height: rowHeight)
          button.frame = Rect(x: half + hairline, y: y + hairline, width: half, height: rowHeight)
          y += hairline + rowHeight
        }
      } else {
        let showsSeparator = y > 0
        separator.isHidden = !showsSeparator
        separator.frame = Rect(x: 0, y: y, width: width, height: showsSeparator ? hairline : 0)
        if showsSeparator { y += hairline }
        button.frame = Rect(x: 0, y: y, width: width, height: rowHeight)
        y += rowHeight
      }
    }
    if isAlert { return y }
    actionGroup.frame = Rect(x: 0, y: 0, width: width, height: y)
    actionGroup.isHidden = y == 0
    if cancelHeight > 0 {
      let top = y > 0 ? y + Self.actionSheetMargin : 0
      cancelGroup.frame = Rect(x: 0, y: top, width: width, height: cancelHeight)
      return top + cancelHeight
    }
    return y
  }

  /// Focuses the first text field, as UIKit's alert does when it appears, and keeps the
  /// card centred above the keyboard while it shows.
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    guard let window = view.window else { return }
    window.observeKeyboard(owner: self) { [weak self] _ in self?.placeCard() }
    if let field = fields.first, !field.isFirstResponder { _ = field.becomeFirstResponder() }
  }

  private func placeCard() {
    guard let window = viewIfLoaded?.window, presentingViewController != nil,
      let kind = presentationState.controller?.kind
    else { return }
    view.frame = presentedFrame(kind: kind, in: window, size: window.frame.size)
  }

  /// Lays the alert out in its card.
  open override func viewWillLayoutSubviews() {
    super.viewWillLayoutSubviews()
    _ = arrange(width: view.frame.width)
  }

  func cardFrame(in window: Window, size: Size) -> Rect {
    let insets = window.hostSafeAreaInsets
    switch preferredStyle {
    case .alert:
      let width = min(Self.alertWidth, size.width)
      let height = arrange(width: width)
      let above = size.height - window.keyboardHeight
      return Rect(
        x: (size.width - width) / 2, y: max(insets.top, (above - height) / 2), width: width,
        height: height)
    case .actionSheet:
      let margin = Self.actionSheetMargin
      let width = max(0, min(size.width - insets.left - insets.right, size.width) - 2 * margin)
      let height = arrange(width: width)
      let bottom = size.height - max(insets.bottom, margin)
      return Rect(
        x: (size.width - width) / 2, y: max(insets.top, bottom - height), width: width,
        height: height)
    }
  }

  /// Chooses the cancel action when there is one, as VoiceOver's escape gesture dismisses
  /// an alert or action sheet; `false` without one.
  open override func accessibilityPerformEscape() -> Bool {
    guard let cancel = actions.first(where: { $0.style == .cancel }) else { return false }
    return choose(cancel)
  }
}
