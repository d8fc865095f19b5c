/// An action a swipe reveals on a row, as `UIContextualAction`.
@MainActor
public final class ContextualAction {
  /// How the action is drawn.
  public enum Style: String, Sendable, Hashable {
    /// A grey button.
    case normal
    /// A red button: the action deletes or is otherwise destructive.
    case destructive
  }

  /// What the handler reports: whether the action was performed.
  public typealias CompletionHandler = @MainActor (Bool) -> Void
  /// Runs the action: the action, the view it was shown in, and a completion to call with
  /// whether it was performed.
  public typealias Handler = @MainActor (ContextualAction, View, CompletionHandler) -> Void

  /// The style.
  public let style: Style
  /// The button's title.
  public var title: String?
  /// The button's colour; `nil` takes the style's (red for destructive, grey otherwise).
  public var backgroundColor: Color?
  /// The button's image.
  public var image: Image?
  /// What the action does.
  public let handler: Handler

  /// An action of `style` titled `title` that runs `handler`.
  public init(style: Style, title: String?, handler: @escaping Handler) {
    self.style = style
    self.title = title
    self.handler = handler
  }

  /// The colour the button is drawn in.
  var resolvedBackgroundColor: Color {
    backgroundColor ?? (style == .destructive ? .systemRed : .systemGray)
  }
}

/// The actions a swipe reveals on one edge of a row, as `UISwipeActionsConfiguration`.
@MainActor
public final class SwipeActionsConfiguration {
  /// The actions, from the edge inwards.
  public let actions: [ContextualAction]
  /// Whether a full swipe runs the first action; `true` by default.
  public var performsFirstActionWithFullSwipe = true

  /// A configuration with `actions`.
  public init(actions: [ContextualAction]) { self.actions = actions }
}

/// The action buttons a swipe revealed on a cell: real buttons, so that a tap on one (a
/// `tap` event on its node) runs its action.
@MainActor
final class RevealedSwipeActions {
  enum Edge { case leading, trailing }
  let edge: Edge
  let buttons: [Button]
  /// The actions' width when fully open.
  let width: Double
  /// The configuration the actions come from.
  let configuration: SwipeActionsConfiguration
  /// How much of the row the actions take now: their width when open, less or more while
  /// a finger drags the row (``TableView``'s swipe pan).
  var revealedWidth: Double
  /// Each button's width when fully open.
  private let widths: [Double]

  init(
    configuration: SwipeActionsConfiguration, edge: Edge, cell: TableViewCell,
    run: @escaping @MainActor (ContextualAction) -> Void
  ) {
    self.edge = edge
    var buttons: [Button] = []
    var width = 0.0
    for (index, action) in configuration.actions.enumerated() {
      let button = Button(type: .custom)
      button.setTitle(action.title, for: .normal)
      button.setTitleColor(.white, for: .normal)
      button.titleLabel.font = ListMetrics.swipeActionFont
      button.backgroundColor = action.resolvedBackgroundColor
      button.accessibilityIdentifier = "swipeAction\(index)"
      button.addAction(for: .touchUpInside) { _ in run(action) }
      let titleWidth = button.intrinsicContentSize.width
      let buttonWidth = max(
        ListMetrics.minimumSwipeActionWidth, titleWidth + 2 * ListMetrics.swipeActionPadding)
      button.frame = Rect(x: 0, y: 0, width: buttonWidth, height: cell.frame.height)
      width += buttonWidth
      buttons.append(button)
      cell.addSubview(button)
    }
    self.buttons = buttons
    self.width = width
    self.configuration = configuration
    self.revealedWidth = width
    self.widths = buttons.map(\.frame.width)
  }

  /// Lines the buttons up at the cell's edge, the first action outermost, in the revealed
  /// width: narrower in proportion while it is less than the actions' width, the first
  /// action taking what is beyond it (a full swipe covers the row with it).
  func place(in cell: TableViewCell) {
    var x = edge == .trailing ? cell.frame.width : 0
    let scale = width > 0 ? min(1, revealedWidth / width) : 0
    let extra = max(0, revealedWidth - width)
    for (index, button) in buttons.enumerated() {
      let width = widths[index] * scale + (index == 0 ? extra : 0)
      if edge == .trailing {
        x -= width
        button.frame = Rect(x: x, y: 0, width: width, height: cell.frame.height)
      } else {
        button.frame = Rect(x: x, y: 0, width: width, height: cell.frame.height)
        x += width
      }
    }
  }

  /// Takes the buttons off the cell.
  func remove() {
    for button in buttons { button.removeFromSuperview() }
  }
}
