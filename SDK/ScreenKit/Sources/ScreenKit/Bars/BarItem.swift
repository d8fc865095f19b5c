/// What every item on a bar has, as `UIBarItem`: a title, an image, whether it is enabled,
/// and a tag. ``BarButtonItem`` and ``TabBarItem`` build on it.
@MainActor
open class BarItem {
  /// The title shown.
  open var title: String? { didSet { changed() } }
  /// The image shown; `nil` for none. A symbol or template image is drawn in the item's
  /// tint; on a navigation bar or toolbar an item with an image shows it instead of its
  /// title, as UIKit does.
  open var image: Image? { didSet { changed() } }
  /// Whether the item takes taps; a disabled item is drawn dimmed and sends nothing.
  open var isEnabled = true { didSet { changed() } }
  /// A number the app uses to identify the item.
  open var tag = 0
  /// The key the item's node carries on the wire, so clients and tests can name it;
  /// `nil` lets the bar name it by its place (see docs/protocol.md, "Bars").
  open var accessibilityIdentifier: String? { didSet { changed() } }
  /// What assistive technologies call the item, as `UIBarItem`'s: `nil` reads its title,
  /// also when the bar shows its image alone, else its image's name.
  open var accessibilityLabel: String? { didSet { changed() } }
  /// What activating the item does, read after its label.
  open var accessibilityHint: String? { didSet { changed() } }

  /// Called when something the bar shows changed; the bar showing the item redraws it.
  var onChange: [ObjectIdentifier: @MainActor () -> Void] = [:]

  /// An item with no title or image.
  public init() {}

  func changed() {
    for handler in onChange.values { handler() }
  }
}
