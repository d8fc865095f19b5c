extension Button {
  /// A button's content and appearance in one value, as `UIButton.Configuration`: a style
  /// (``plain()``, ``tinted()``, ``gray()``, ``filled()`` and the bordered aliases), its title
  /// and subtitle, colours, corner style, size and insets. A button with a configuration
  /// (``Button/configuration``) draws and sizes from it instead of its classic title API.
  ///
  /// Figures: UIKit documents the styles and the properties but not the metrics. A medium
  /// button's title is the 17-point body font inside 7 points above and below and 12 at the
  /// sides, which makes the 34.33-point height a medium filled button has on iOS with San
  /// Francisco (20.33 + 14; with ScreenKit's Inter metrics, 20.67 + 14 = 34.67). The other
  /// sizes, the corner radii and the tinted and gray backgrounds are ScreenKit's reading of
  /// how iOS draws them: large 14 × 20 around 17-point text, small 5 × 10 around 15-point
  /// text, mini 3 × 8 around 12-point text; `.small`, `.medium`, `.large` corners of 4, 8
  /// and 12 points, `.dynamic` 6 points (8 for a large button), `.capsule` half the height;
  /// a tinted background the tint at 15 % opacity, a gray one `tertiarySystemFill`.
  public struct Configuration: Sendable, Hashable {
    /// The kind of background and foreground a configuration draws.
    public enum Style: String, Sendable, Hashable, CaseIterable {
      /// No background; tinted text.
      case plain
      /// A translucent tint background; tinted text.
      case tinted
      /// A grey background; tinted text.
      case gray
      /// A tint background; white text.
      case filled
    }

    /// How the background's corners are rounded, as `UIButton.Configuration.CornerStyle`.
    public enum CornerStyle: String, Sendable, Hashable, CaseIterable {
      /// The background's own ``Configuration/cornerRadius``.
      case fixed
      /// A radius that follows the button size.
      case dynamic
      /// A small radius (4 points).
      case small
      /// A medium radius (8 points).
      case medium
      /// A large radius (12 points).
      case large
      /// Half the height: round ends.
      case capsule
    }

    /// The button's size class, as `UIButton.Configuration.Size`.
    public enum Size: String, Sendable, Hashable, CaseIterable {
      /// The smallest.
      case mini
      /// Small.
      case small
      /// The default.
      case medium
      /// Large.
      case large
    }

    /// Where the image goes relative to the title, as `NSDirectionalRectEdge` does for
    /// `imagePlacement`.
    public enum ImagePlacement: String, Sendable, Hashable, CaseIterable {
      /// Before the title.
      case leading
      /// After the title.
      case trailing
      /// Above the title.
      case top
      /// Below the title.
      case bottom
    }

    /// The style the configuration was made with.
    public var style: Style
    /// The title.
    public var title: String?
    /// A second, smaller line under the title.
    public var subtitle: String?
    /// The image shown beside the title (a symbol image takes the foreground colour).
    public var image: Image?
    /// Where the image goes; `.leading` by default.
    public var imagePlacement: ImagePlacement = .leading
    /// The space between the image and the title; 0 by default.
    public var imagePadding: Double = 0
    /// The space between the title and the subtitle; 0 by default.
    public var titlePadding: Double = 0
    /// The colour of the title and image; nil uses the style's (the tint, white on filled).
    public var baseForegroundColor: Color?
    /// The background colour; nil uses the style's.
    public var baseBackgroundColor: Color?
    /// How the background's corners are rounded; `.dynamic` by default.
    public var cornerStyle: CornerStyle = .dynamic
    /// The radius `.fixed` corners use.
    public var cornerRadius: Double = 0
    /// The size class; `.medium` by default.
    public var buttonSize: Size = .medium {
      didSet { if !customInsets { contentInsets = Self.defaultInsets(for: buttonSize) } }
    }
    /// The space around the content; the size class's by default.
    public var contentInsets: DirectionalEdgeInsets {
      didSet { customInsets = contentInsets != Self.defaultInsets(for: buttonSize) }
    }
    /// Whether an activity indicator replaces the image, at the image's place: a medium
    /// indicator, 20 × 20 points (`UIActivityIndicatorView.Style.medium`'s size).
    public var showsActivityIndicator = false

    /// The size of what sits at the image's place: the activity indicator's while it
    /// shows, else the image's; zero for neither.
    var imageAreaSize: ScreenKit.Size {
      if showsActivityIndicator { return ScreenKit.Size(width: 20, height: 20) }
      return image?.size ?? .zero
    }
    private var customInsets = false

    private init(style: Style) {
      self.style = style
      contentInsets = Self.defaultInsets(for: .medium)
    }

    /// No background, tinted title.
    public static func plain() -> Configuration { Configuration(style: .plain) }
    /// A translucent tint background.
    public static func tinted() -> Configuration { Configuration(style: .tinted) }
    /// A grey background.
    public static func gray() -> Configuration { Configuration(style: .gray) }
    /// A tint background with white text.
    public static func filled() -> Configuration { Configuration(style: .filled) }
    /// As ``plain()``.
    public static func borderless() -> Configuration { plain() }
    /// As ``gray()``.
    public static func bordered() -> Configuration { gray() }
    /// As ``tinted()``.
    public static func borderedTinted() -> Configuration { tinted() }
    /// As ``filled()``.
    public static func borderedProminent() -> Configuration { filled() }

    /// The insets of a size class.
    public static func defaultInsets(for size: Size) -> DirectionalEdgeInsets {
      switch size {
      case .mini: DirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
      case .small: DirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
      case .medium: DirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
      case .large: DirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
      }
    }

    /// The title's font for the size class.
    public var titleFont: Font {
      switch buttonSize {
      case .mini: .systemFont(ofSize: 12)
      case .small: .systemFont(ofSize: 15)
      case .medium, .large: .systemFont(ofSize: 17)
      }
    }

    /// The subtitle's font: two sizes under the title's (15, 13, 11 points).
    public var subtitleFont: Font {
      switch buttonSize {
      case .mini: .systemFont(ofSize: 10)
      case .small: .systemFont(ofSize: 13)
      case .medium, .large: .systemFont(ofSize: 15)
      }
    }

    /// The title and image colour with `tint`: the base foreground colour, else white on a
    /// filled button and the tint on the others.
    public func foregroundColor(tint: Color) -> Color {
      baseForegroundColor ?? (style == .filled ? .white : tint)
    }

    /// The background colour with `tint`: the base background colour, else the style's
    /// (none for plain).
    public func backgroundColor(tint: Color) -> Color? {
      if let baseBackgroundColor {
        return style == .tinted ? baseBackgroundColor.withAlphaComponent(0.15) : baseBackgroundColor
      }
      switch style {
      case .plain: return nil
      case .tinted: return tint.withAlphaComponent(0.15)
      case .gray: return .tertiarySystemFill
      case .filled: return tint
      }
    }

    /// The corner radius for a background `height` high.
    public func resolvedCornerRadius(height: Double) -> Double {
      switch cornerStyle {
      case .fixed: cornerRadius
      case .dynamic: buttonSize == .large ? 8 : 6
      case .small: 4
      case .medium: 8
      case .large: 12
      case .capsule: height / 2
      }
    }

    /// The content's size without the insets: the title and subtitle stacked (the wider
    /// sets the width) and the image beside or above them.
    func contentSize(imageSize: ScreenKit.Size) -> ScreenKit.Size {
      var text = ScreenKit.Size(width: 0, height: 0)
      if let title, !title.isEmpty {
        let size = TextLayout(text: title, font: titleFont, numberOfLines: 1).size
        text = size
      }
      if let subtitle, !subtitle.isEmpty {
        let size = TextLayout(text: subtitle, font: subtitleFont, numberOfLines: 1).size
        text.width = max(text.width, size.width)
        text.height += (text.height > 0 ? titlePadding : 0) + size.height
      }
      let hasImage = image != nil || showsActivityIndicator
      guard hasImage else { return text }
      let gap = text.width > 0 ? imagePadding : 0
      switch imagePlacement {
      case .leading, .trailing:
        return ScreenKit.Size(
          width: imageSize.width + gap + text.width, height: max(imageSize.height, text.height))
      case .top, .bottom:
        return ScreenKit.Size(
          width: max(imageSize.width, text.width), height: imageSize.height + gap + text.height)
      }
    }
  }

  /// A button drawn from `configuration` whose primary action (`primaryActionTriggered`,
  /// which a tap sends) runs `primaryAction`, as `UIButton(configuration:primaryAction:)`.
  public convenience init(
    configuration: Configuration, primaryAction: (@MainActor (Button) -> Void)? = nil
  ) {
    self.init(type: .system)
    self.configuration = configuration
    if let primaryAction {
      addAction(for: .primaryActionTriggered) { control in
        if let button = control as? Button { primaryAction(button) }
      }
    }
  }

  /// Runs the update handler, as `setNeedsUpdateConfiguration()`; it runs by itself when the
  /// button's state (selected, enabled, highlighted) or its configuration changes. A handler
  /// that sets the configuration does not run again for it.
  public func setNeedsUpdateConfiguration() {
    guard let handler = configurationUpdateHandler, !updatingConfiguration else { return }
    updatingConfiguration = true
    handler(self)
    updatingConfiguration = false
  }

  /// Where a configured button's image (or the activity indicator that replaces it) sits in
  /// its bounds: the content (the image and the titles) centred within the configuration's
  /// insets, the image at its `imagePlacement` side of it. Nil without a configuration, or
  /// with neither an image nor the indicator.
  public var configuredImageFrame: Rect? {
    guard let configuration,
      configuration.image != nil || configuration.showsActivityIndicator
    else { return nil }
    let size = configuration.imageAreaSize
    let content = configuration.contentSize(imageSize: size)
    let insets = configuration.contentInsets
    let innerWidth = bounds.width - insets.leading - insets.trailing
    let innerHeight = bounds.height - insets.top - insets.bottom
    let x = insets.leading + (innerWidth - content.width) / 2
    let y = insets.top + (innerHeight - content.height) / 2
    return switch configuration.imagePlacement {
    case .leading:
      Rect(x: x, y: y + (content.height - size.height) / 2, width: size.width, height: size.height)
    case .trailing:
      Rect(
        x: x + content.width - size.width, y: y + (content.height - size.height) / 2,
        width: size.width, height: size.height)
    case .top:
      Rect(x: x + (content.width - size.width) / 2, y: y, width: size.width, height: size.height)
    case .bottom:
      Rect(
        x: x + (content.width - size.width) / 2, y: y + content.height - size.height,
        width: size.width, height: size.height)
    }
  }

  /// The size of a configured button: its content plus the configuration's insets.
  func configuredSize(_ configuration: Configuration) -> Size {
    let content = configuration.contentSize(imageSize: configuration.imageAreaSize)
    let insets = configuration.contentInsets
    return Size(
      width: content.width + insets.leading + insets.trailing,
      height: content.height + insets.top + insets.bottom)
  }
}
