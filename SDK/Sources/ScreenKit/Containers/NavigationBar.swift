/// The bar at the top of a ``NavigationController``: the top item's title and a back item
/// for the item below it, as `UINavigationBar`.
@MainActor
public final class NavigationBar: View {
  /// The bar's height below the safe area, as UIKit's compact bar.
  public static let standardHeight: Double = 44

  /// The title shown in the middle (the top item's).
  public private(set) var title: String?
  /// The back item's title, `nil` when there is nothing to go back to or it is hidden.
  public private(set) var backTitle: String?

  /// The back item: tapping it sends ``ResponderAction/goBack`` up the responder chain.
  public let backButton = Control()

  /// A bar.
  public init() {
    super.init(frame: .zero)
    backButton.accessibilityIdentifier = "navigation.back"
    backButton.isHidden = true
    backButton.addTarget(nil, action: .goBack, for: .touchUpInside)
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
  }

  /// Places the bar's items for a bar of `size` whose content starts `topInset` down.
  func layOutItems(size: Size, topInset: Double) {
    backButton.frame = Rect(x: 8, y: topInset, width: 80, height: NavigationBar.standardHeight)
  }
}
