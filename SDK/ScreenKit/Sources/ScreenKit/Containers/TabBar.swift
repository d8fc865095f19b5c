/// The bar at the bottom of a ``TabBarController``: one item per tab, as `UITabBar`.
@MainActor
public final class TabBar: View {
  /// The bar's height above the safe area, as UIKit's.
  public static let standardHeight: Double = 49

  /// The item controls, one per tab, left to right; tapping one selects its tab.
  public private(set) var itemButtons: [Button] = []
  /// The items' titles.
  public private(set) var itemTitles: [String] = [] { didSet { setNeedsDisplay() } }

  /// A bar.
  public init() {
    super.init(frame: .zero)
    backgroundColor = .systemBackground
  }

  func setItems(titles: [String], select: @escaping @MainActor (Int) -> Void) {
    for button in itemButtons { button.removeFromSuperview() }
    itemTitles = titles
    itemButtons = titles.indices.map { index in
      let button = Button(type: .system)
      button.setTitle(titles[index], for: .normal)
      button.accessibilityIdentifier = "tab.\(index)"
      button.addAction(for: .touchUpInside) { _ in select(index) }
      return button
    }
    for button in itemButtons { addSubview(button) }
  }

  func setSelected(_ index: Int) {
    for (position, button) in itemButtons.enumerated() { button.isSelected = position == index }
  }

  func layOutItems(size: Size) {
    guard !itemButtons.isEmpty else { return }
    let width = size.width / Double(itemButtons.count)
    for (position, button) in itemButtons.enumerated() {
      button.frame = Rect(
        x: Double(position) * width, y: 0, width: width, height: TabBar.standardHeight)
    }
  }
}
