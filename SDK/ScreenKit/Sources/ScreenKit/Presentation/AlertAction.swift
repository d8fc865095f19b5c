/// A button of an ``AlertController``, as `UIAlertAction`: a title, a style, whether it is
/// enabled, and the handler run when it is chosen.
@MainActor
public final class AlertAction {
  /// How an action looks and where it goes, as `UIAlertAction.Style`.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// An ordinary action (system blue, regular weight).
    case `default`
    /// The action that cancels; an alert has at most one. It is placed as UIKit places it
    /// (see ``AlertController``) and drawn semibold unless another action is preferred.
    case cancel
    /// An action that destroys or changes data (system red).
    case destructive
  }

  /// The title of the button.
  public let title: String?
  /// The style.
  public let style: Style
  /// Whether the action can be chosen; a disabled action is drawn dimmed. The alert's
  /// button follows changes.
  public var isEnabled = true { didSet { onChange?() } }
  /// A key for the action's button on the wire; `nil` keys it `alert.action.N` by the
  /// order the actions were added in.
  public var accessibilityIdentifier: String?
  let handler: (@MainActor (AlertAction) -> Void)?
  var onChange: (() -> Void)?

  /// An action with a title, a style and the handler run after the alert is dismissed.
  public init(
    title: String?, style: Style, handler: (@MainActor (AlertAction) -> Void)? = nil
  ) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}

/// The button an alert draws for one of its actions: a `button` node with the action's
/// `style` (`default`, `cancel`, `destructive`) and `preferred` props (docs/protocol.md,
/// "Presentation"). A tap chooses the action.
@MainActor
public final class AlertActionButton: Button {
  /// The action shown.
  public private(set) weak var action: AlertAction?
  /// Whether the alert draws this action as its preferred one (semibold).
  public internal(set) var isPreferred = false

  init(action: AlertAction) {
    self.action = action
    super.init(type: .system)
    setTitle(action.title, for: .normal)
    isEnabled = action.isEnabled
  }

  /// The action's style.
  public var actionStyle: AlertAction.Style { action?.style ?? .default }
}
