/// The bar at the top of a ``NavigationController``: the top item's title and a back item
/// for the item below it, as `UINavigationBar`.
@MainActor
public final class NavigationBar: View {
  /// The bar's height below the safe area, as UIKit's compact bar.
  public static let standardHeight: Double = 44

  /// The title shown in the middle (the top item's).
  public private(set) var title: String? { didSet { setNeedsDisplay() } }
  /// The back item's title, `nil` when there is nothing to go back to or it is hidden.
  public private(set) var backTitle: String?

  /// The back item: tapping it sends ``ResponderAction/goBack`` up the responder chain.
  public let backButton = Button(type: .system)
  /// The label showing the title.
  public let titleLabel = Label()

  /// A bar.
  public init() {
    super.init(frame: .zero)
    backgroundColor = .systemBackground
    backButton.accessibilityIdentifier = "navigation.back"
    backButton.isHidden = true
    backButton.addTarget(nil, action: .goBack, for: .touchUpInside)
    titleLabel.accessibilityIdentifier = "navigation.title"
    titleLabel.textAlignment = .center
    addSubview(titleLabel)
    addSubview(backButton)
  }

  /// Shows `top`, with a back item for `previous`.
  func show(top: NavigationItem?, previous: NavigationItem?) {
    title = top?.title
    if let previous, !(top?.hidesBackButton ?? false) {
      backTitle = previous.backButtonTitle ?? previous.title ?? "Back"
    } else {
      backTitle = nil
    }
    backButton.isHidden = backTitle == nil
    backButton.setTitle(backTitle.map { "‹ \($0)" }, for: .normal)
    titleLabel.text = title
  }

  /// Places the bar's items for a bar of `size` whose content starts `topInset` down.
  func layOutItems(size: Size, topInset: Double) {
    let height = NavigationBar.standardHeight
    backButton.frame = Rect(x: 8, y: topInset, width: min(120, size.width / 3), height: height)
    let titleInset = min(128, size.width / 3)
    titleLabel.frame = Rect(
      x: titleInset, y: topInset, width: max(0, size.width - 2 * titleInset), height: height)
  }
}
