/// A button on a navigation bar or a toolbar, as `UIBarButtonItem`.
///
/// An item shows a title, an image (by name), one of UIKit's system items, or a custom
/// view. A tap runs `primaryAction` if set, else shows `menu` if set, else calls `action` on
/// `target` (an unapplied method reference, as `Control.addTarget(_:action:for:)`; with
/// no target nothing is called, since ScreenKit has no selector-based responder chain).
/// Space items (`flexibleSpace`, `fixedSpace`) are not drawn; bars place the others around
/// them as UIKit does. The bar draws each item as a `button` node (docs/protocol.md, "Bars").
@MainActor
open class BarButtonItem: BarItem {
  /// How an item's title is drawn, as `UIBarButtonItem.Style`.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// The title in the regular 17-point system font.
    case plain
    /// The title in the semibold 17-point system font: the item that ends a task
    /// (UIKit's `.done`; `.bordered` is deprecated and drawn as plain).
    case done
  }

  /// UIKit's system items, as `UIBarButtonItem.SystemItem`: localized titles (Done,
  /// Cancel, Edit, Save, Undo, Redo) or SF Symbols images (their names below), and the two
  /// spaces.
  public enum SystemItem: String, Sendable, Hashable, CaseIterable {
    case done, cancel, edit, save, add, flexibleSpace, fixedSpace, compose, reply, action
    case organize, bookmarks, search, refresh, stop, camera, trash, play, pause, rewind
    case fastForward, undo, redo, close

    /// The title UIKit shows for the text items (English), `nil` for image items.
    public var title: String? {
      switch self {
      case .done: "Done"
      case .cancel: "Cancel"
      case .edit: "Edit"
      case .save: "Save"
      case .undo: "Undo"
      case .redo: "Redo"
      default: nil
      }
    }

    /// The SF Symbols name UIKit (iOS 13 and later) draws for the image items.
    public var symbolName: String? {
      switch self {
      case .add: "plus"
      case .compose: "square.and.pencil"
      case .reply: "arrowshape.turn.up.left"
      case .action: "square.and.arrow.up"
      case .organize: "folder"
      case .bookmarks: "book"
      case .search: "magnifyingglass"
      case .refresh: "arrow.clockwise"
      case .stop: "xmark"
      case .camera: "camera"
      case .trash: "trash"
      case .play: "play.fill"
      case .pause: "pause.fill"
      case .rewind: "backward.fill"
      case .fastForward: "forward.fill"
      case .close: "xmark.circle.fill"
      default: nil
      }
    }

    /// Done and Save are drawn bold, as UIKit draws them.
    var impliedStyle: Style { self == .done || self == .save ? .done : .plain }
  }

  /// The style of the title.
  open var style: Style = .plain { didSet { changed() } }
  /// The system item this item was made as, `nil` for other items.
  public let systemItem: SystemItem?
  /// The width: a fixed space's width, or a minimum width for other items (0 lets the
  /// bar size the item to its content).
  open var width: Double = 0 { didSet { changed() } }
  /// The colour of the title or image; `nil` uses the bar's tint (system blue).
  open var tintColor: Color? { didSet { changed() } }
  /// A view shown instead of a button; the bar places it as it places buttons, at its
  /// frame's size.
  open var customView: View? { didSet { changed() } }
  /// The object `action` is called on, held weakly as UIKit holds targets.
  open weak var target: AnyObject?
  /// The method called on `target` when the item is tapped.
  open var action: TargetAction?
  /// The menu shown when the item is tapped and it has no `primaryAction`.
  open var menu: Menu? { didSet { changed() } }
  /// The action run when the item is tapped; its title and image are the item's when the
  /// item has none.
  open var primaryAction: Action? { didSet { changed() } }

  /// A plain item with no title.
  public override init() {
    systemItem = nil
    super.init()
  }

  /// An item with a title, a style, and no action.
  public init(title: String?, style: Style = .plain) {
    systemItem = nil
    super.init()
    self.title = title
    self.style = style
  }

  /// An item with a title, a style, and a method of `target` that takes no argument.
  public convenience init<Target: AnyObject>(
    title: String?, style: Style, target: Target?, action: @escaping (Target) -> () -> Void
  ) {
    self.init(title: title, style: style)
    self.target = target
    self.action = TargetAction(action)
  }

  /// An item with a title, a style, and a method of `target` that takes the sender.
  public convenience init<Target: AnyObject, Sender>(
    title: String?, style: Style, target: Target?,
    action: @escaping (Target) -> (Sender) -> Void
  ) {
    self.init(title: title, style: style)
    self.target = target
    self.action = TargetAction(action)
  }

  /// An item showing `image`.
  public init(image: Image?, style: Style = .plain) {
    systemItem = nil
    super.init()
    self.image = image
    self.style = style
  }

  /// An item showing `image`, calling a method of `target` taking no argument.
  public convenience init<Target: AnyObject>(
    image: Image?, style: Style, target: Target?,
    action: @escaping (Target) -> () -> Void
  ) {
    self.init(image: image, style: style)
    self.target = target
    self.action = TargetAction(action)
  }

  /// An item showing `image`, calling a method of `target` taking the sender.
  public convenience init<Target: AnyObject, Sender>(
    image: Image?, style: Style, target: Target?,
    action: @escaping (Target) -> (Sender) -> Void
  ) {
    self.init(image: image, style: style)
    self.target = target
    self.action = TargetAction(action)
  }

  /// One of UIKit's system items, with no action.
  public init(barButtonSystemItem systemItem: SystemItem) {
    self.systemItem = systemItem
    super.init()
    title = systemItem.title
    image = systemItem.symbolName.flatMap { Image(systemName: $0) }
    style = systemItem.impliedStyle
  }

  /// One of UIKit's system items calling a method of `target` that takes no argument.
  public convenience init<Target: AnyObject>(
    barButtonSystemItem systemItem: SystemItem, target: Target?,
    action: @escaping (Target) -> () -> Void
  ) {
    self.init(barButtonSystemItem: systemItem)
    self.target = target
    self.action = TargetAction(action)
  }

  /// One of UIKit's system items calling a method of `target` that takes the sender.
  public convenience init<Target: AnyObject, Sender>(
    barButtonSystemItem systemItem: SystemItem, target: Target?,
    action: @escaping (Target) -> (Sender) -> Void
  ) {
    self.init(barButtonSystemItem: systemItem)
    self.target = target
    self.action = TargetAction(action)
  }

  /// An item that runs `primaryAction` when tapped, titled by it.
  public init(primaryAction: Action?) {
    systemItem = nil
    super.init()
    self.primaryAction = primaryAction
  }

  /// An item with a title or image that shows `menu` when tapped.
  public init(title: String? = nil, image: Image? = nil, menu: Menu?) {
    systemItem = nil
    super.init()
    self.title = title
    self.image = image
    self.menu = menu
  }

  /// An item showing `customView`.
  public init(customView: View) {
    systemItem = nil
    super.init()
    self.customView = customView
  }

  /// A flexible space, which takes an equal share of the room left on a toolbar.
  public static func flexibleSpace() -> BarButtonItem {
    BarButtonItem(barButtonSystemItem: .flexibleSpace)
  }

  /// A fixed space `width` points wide.
  public static func fixedSpace(_ width: Double) -> BarButtonItem {
    let item = BarButtonItem(barButtonSystemItem: .fixedSpace)
    item.width = width
    return item
  }

  /// Sets `target` and a method of it taking no argument.
  public func setTarget<Target: AnyObject>(
    _ target: Target?, action: @escaping (Target) -> () -> Void
  ) {
    self.target = target
    self.action = TargetAction(action)
  }

  /// Sets `target` and a method of it taking the sender.
  public func setTarget<Target: AnyObject, Sender>(
    _ target: Target?, action: @escaping (Target) -> (Sender) -> Void
  ) {
    self.target = target
    self.action = TargetAction(action)
  }

  /// Whether the item is a space, not drawn.
  public var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

  /// The title drawn: the item's, else its primary action's.
  public var displayedTitle: String? {
    if let title { return title }
    if image == nil, let primaryAction, !primaryAction.title.isEmpty {
      return primaryAction.title
    }
    return nil
  }

  /// The image drawn: the item's, else its primary action's.
  public var displayedImage: Image? { image ?? primaryAction?.image }

  /// What a tap does: runs the primary action, shows the menu (presented from
  /// `presenter`), or calls the action on the target. Returns whether anything happened.
  @discardableResult
  func performTap(from button: View) -> Bool {
    guard isEnabled else { return false }
    if let primaryAction {
      primaryAction.perform()
      return true
    }
    if let menu {
      return MenuController.show(menu, from: button)
    }
    guard let target, let action else { return false }
    return action.send(to: target, sender: self)
  }
}
