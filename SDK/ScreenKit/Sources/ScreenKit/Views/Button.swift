/// A control that runs an action when tapped, as `UIButton` with its classic (not
/// `configuration`) API.
///
/// Its intrinsic size is its title's size in `titleLabel`'s font plus `contentEdgeInsets`;
/// a `.system` button is at least 30 points high, as UIKit's (see `docs/layout.md`).
@MainActor
open class Button: Control {
  /// The kind of button, as `UIButton.ButtonType`.
  public enum ButtonType: String, Sendable, Hashable, CaseIterable {
    /// No system style.
    case custom
    /// The system style: tinted title, 15-point medium font... (UIKit's system button).
    case system
    /// A detail disclosure button.
    case detailDisclosure
    /// An info button on a light background.
    case infoLight
    /// An info button on a dark background.
    case infoDark
    /// A contact-add button.
    case contactAdd
    /// A close button.
    case close
  }

  /// The button's type, fixed at creation.
  public let buttonType: ButtonType
  /// The label that shows the current title; its font sets the button's text size.
  public let titleLabel = Label()
  /// Space around the title inside the button.
  open var contentEdgeInsets: EdgeInsets = .zero {
    didSet { if contentEdgeInsets != oldValue { invalidateIntrinsicContentSize() } }
  }

  /// The configuration the button draws and sizes from (ButtonConfiguration.swift); nil
  /// for a button of the classic API. Setting it runs ``configurationUpdateHandler``.
  public var configuration: Configuration? {
    didSet {
      guard configuration != oldValue else { return }
      invalidateIntrinsicContentSize()
      setNeedsDisplay()
      setNeedsUpdateConfiguration()
    }
  }
  /// Called to update the configuration (set it, or a state change), as UIKit's.
  public var configurationUpdateHandler: (@MainActor (Button) -> Void)?
  /// Whether the update handler is running (it may set the configuration again).
  var updatingConfiguration = false

  /// A state change updates the configuration, as UIKit's.
  open override var isSelected: Bool {
    didSet { if isSelected != oldValue { setNeedsUpdateConfiguration() } }
  }
  /// A state change updates the configuration, as UIKit's.
  open override var isEnabled: Bool {
    didSet { if isEnabled != oldValue { setNeedsUpdateConfiguration() } }
  }
  /// A state change updates the configuration, as UIKit's.
  open override var isHighlighted: Bool {
    didSet { if isHighlighted != oldValue { setNeedsUpdateConfiguration() } }
  }

  private var titles: [Control.State.RawValue: String] = [:]
  private var titleColors: [Control.State.RawValue: Color] = [:]
  var images: [Control.State.RawValue: Image] = [:]

  /// A button of the given type with a zero frame.
  public init(type: ButtonType) {
    buttonType = type
    super.init(frame: .zero)
    titleLabel.font = .systemFont(ofSize: 15)
    titleLabel.textAlignment = .center
    titleLabel.titleOwner = self
  }

  /// A custom button with the given frame.
  public override init(frame: Rect) {
    buttonType = .custom
    super.init(frame: frame)
    titleLabel.font = .systemFont(ofSize: 15)
    titleLabel.textAlignment = .center
    titleLabel.titleOwner = self
  }

  deinit { titleLabel.titleOwner = nil }

  /// The current title's one-line size, beside the current image's (image first, no gap,
  /// as UIKit's classic buttons), plus `contentEdgeInsets`; a `.system` button is at
  /// least 30 points high and a button without title or image 30 points wide (UIKit's
  /// minimum tap size for system buttons; UIKit does not publish its exact rule).
  open override var intrinsicContentSize: Size {
    if let configuration { return configuredSize(configuration) }
    let title = currentTitle ?? ""
    let text = TextLayout(text: title, font: titleLabel.font, numberOfLines: 1).size
    let image = currentImage?.size ?? .zero
    let textHeight =
      title.isEmpty && image.height == 0
      ? titleLabel.font.lineHeight.roundedUpToPixel : (title.isEmpty ? 0 : text.height)
    var size = Size(
      width: (title.isEmpty ? 0 : text.width) + image.width + contentEdgeInsets.left
        + contentEdgeInsets.right,
      height: max(textHeight, image.height) + contentEdgeInsets.top + contentEdgeInsets.bottom)
    if title.isEmpty && image.width == 0 { size.width = max(size.width, 30) }
    if buttonType != .custom { size.height = max(size.height, 30) }
    return size
  }

  /// The rectangle the image and title are laid out in: `bounds` less
  /// `contentEdgeInsets`, as `contentRect(forBounds:)`.
  open func contentRect(forBounds bounds: Rect) -> Rect {
    Rect(
      x: bounds.minX + contentEdgeInsets.left, y: bounds.minY + contentEdgeInsets.top,
      width: max(0, bounds.width - contentEdgeInsets.left - contentEdgeInsets.right),
      height: max(0, bounds.height - contentEdgeInsets.top - contentEdgeInsets.bottom))
  }

  /// Where the image is drawn in `contentRect`, as `imageRect(forContentRect:)`: left of
  /// the one-line title with no gap, the pair centred, each centred vertically. A subclass
  /// overrides it (with `titleRect(forContentRect:)`) to arrange them otherwise.
  open func imageRect(forContentRect contentRect: Rect) -> Rect {
    sideBySideFrames(in: contentRect).image
  }

  /// Where the title is drawn in `contentRect`, as `titleRect(forContentRect:)`: right of
  /// the image, the pair centred.
  open func titleRect(forContentRect contentRect: Rect) -> Rect {
    sideBySideFrames(in: contentRect).title
  }

  /// Sets the title shown in `state`.
  open func setTitle(_ title: String?, for state: Control.State) {
    titles[state.rawValue] = title
    invalidateIntrinsicContentSize()
  }

  /// The title for `state`, falling back to the normal state's, as UIKit.
  open func title(for state: Control.State) -> String? {
    titles[state.rawValue] ?? titles[Control.State.normal.rawValue]
  }

  /// Sets the title colour used in `state`.
  open func setTitleColor(_ color: Color?, for state: Control.State) {
    titleColors[state.rawValue] = color
    setNeedsDisplay()
  }

  /// The title colour for `state`: the one set for it, the normal state's, or the default
  /// (the tint colour for a system button, white for a custom one).
  open func titleColor(for state: Control.State) -> Color? {
    if let color = titleColors[state.rawValue] ?? titleColors[Control.State.normal.rawValue] {
      return color
    }
    return buttonType == .custom ? .white : (tintColor ?? .systemBlue)
  }

  /// The title shown now, for the current state.
  public var currentTitle: String? { configuration?.title ?? title(for: state) }
  /// The title colour used now.
  public var currentTitleColor: Color {
    if let configuration { return configuration.foregroundColor(tint: tintColor ?? .systemBlue) }
    return titleColor(for: state) ?? .systemBlue
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// Its title, or the name of its image when it shows only an image, as UIKit's.
  open override var accessibilityLabel: String? {
    get { accessibilityStorage?.label ?? accessibilityDefaultLabel }
    set { super.accessibilityLabel = newValue }
  }
  /// `button`, with the control's state traits.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? accessibilityStateTraits(.button) }
    set { super.accessibilityTraits = newValue }
  }
}
