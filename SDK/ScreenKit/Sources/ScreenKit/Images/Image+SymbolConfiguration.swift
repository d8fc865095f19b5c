extension Image {
  /// How a symbol image is sized, as `UIImage.SymbolConfiguration`: a point size, a
  /// weight and a scale.
  ///
  /// A symbol image is as high as `pointSize` times the scale's factor and as wide as its
  /// file's aspect gives. The built-in icons have one weight, so `weight` is kept (and
  /// compared) but does not change how they are drawn.
  public struct SymbolConfiguration: Sendable, Hashable {
    /// A symbol's weight, as `UIImage.SymbolWeight`.
    public enum Weight: Int, Sendable, Hashable, CaseIterable {
      /// The font's weight.
      case unspecified
      /// Ultra light.
      case ultraLight
      /// Thin.
      case thin
      /// Light.
      case light
      /// Regular.
      case regular
      /// Medium.
      case medium
      /// Semibold.
      case semibold
      /// Bold.
      case bold
      /// Heavy.
      case heavy
      /// Black.
      case black
    }

    /// A symbol's size relative to its point size, as `UIImage.SymbolScale`.
    public enum Scale: Int, Sendable, Hashable, CaseIterable {
      /// Medium.
      case `default`
      /// Medium.
      case unspecified
      /// About 20% smaller than medium.
      case small
      /// The point size.
      case medium
      /// About 30% larger than medium.
      case large

      /// The height of a symbol in points per point of the configuration's size. Apple's
      /// Human Interface Guidelines ("SF Symbols", "Symbol scales") describe small and
      /// large as roughly 20% smaller and 30% larger than medium; these are those ratios.
      public var factor: Double {
        switch self {
        case .small: 0.8
        case .large: 1.3
        case .default, .unspecified, .medium: 1
        }
      }
    }

    /// The point size; 17 (the body text style's size, which UIKit sizes symbols to when
    /// nothing else is said) by default.
    public var pointSize: Double
    /// The weight.
    public var weight: Weight
    /// The scale.
    public var scale: Scale

    /// A configuration with a point size, weight and scale, as
    /// `UIImage.SymbolConfiguration(pointSize:weight:scale:)`.
    public init(pointSize: Double, weight: Weight = .regular, scale: Scale = .default) {
      self.pointSize = pointSize
      self.weight = weight
      self.scale = scale
    }

    /// A configuration with a scale at the default point size.
    public init(scale: Scale) { self.init(pointSize: Self.defaultPointSize, scale: scale) }

    /// A configuration with a weight at the default point size.
    public init(weight: Weight) { self.init(pointSize: Self.defaultPointSize, weight: weight) }

    /// The point size symbols take without a configuration: UIKit's body text size.
    public static let defaultPointSize = 17.0

    /// The default: 17 points, regular, medium.
    public static let `default` = SymbolConfiguration(pointSize: defaultPointSize)
  }

  /// The built-in symbol image named `name` (an SF Symbols name: `chevron.right`,
  /// `trash`, `gear` …; `SymbolCatalog` lists them), a template sized by `configuration`,
  /// as `UIImage(systemName:withConfiguration:)`; nil for a name not in the set.
  public convenience init?(
    systemName name: String, withConfiguration configuration: SymbolConfiguration? = nil
  ) {
    guard let path = SymbolCatalog.resourcePath(of: name),
      let content = ScreenKitResources.content(at: path)
    else { return nil }
    let configuration = configuration ?? .default
    let height = configuration.pointSize * configuration.scale.factor
    let aspect = content.pixelSize.width / content.pixelSize.height
    self.init(
      content: content,
      size: Size(width: (height * aspect).roundedToPixel, height: height.roundedToPixel),
      scale: 1, isSymbolImage: true, symbolConfiguration: configuration, name: name)
  }

  /// The same symbol sized by `configuration`, as `withConfiguration(_:)`; an image that is
  /// not a symbol is returned as it is.
  public func withConfiguration(_ configuration: SymbolConfiguration) -> Image {
    guard isSymbolImage, let name,
      let symbol = Image(systemName: name, withConfiguration: configuration)
    else { return self }
    return symbol.withRenderingMode(renderingMode).tinted(tintColor)
  }

  private func tinted(_ color: Color?) -> Image {
    guard let color else { return self }
    return withTintColor(color, renderingMode: renderingMode)
  }

  /// The names `init(systemName:)` knows, sorted.
  public static var systemNames: [String] { SymbolCatalog.files.keys.sorted() }
}
