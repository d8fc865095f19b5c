/// The content of a standard row, as `UIListContentConfiguration`: text, secondary text and
/// an image, and how they are set.
///
/// `TableViewCell.defaultContentConfiguration()` returns one with the cell style's defaults;
/// setting it as the cell's `contentConfiguration` applies it.
public struct ListContentConfiguration: Sendable, Hashable {
  /// How the text and secondary text are arranged.
  public enum Layout: String, Sendable, Hashable {
    /// One line of text.
    case cell
    /// Secondary text under the text.
    case subtitle
    /// Secondary text at the trailing edge.
    case value
    /// A title column and the value after it.
    case sidebar
  }

  /// How one of the texts is drawn; `nil` values keep the cell's defaults.
  public struct TextProperties: Sendable, Hashable {
    /// The font.
    public var font: Font?
    /// The colour.
    public var color: Color?
    /// The maximum number of lines; 0 (the default) for no limit.
    public var numberOfLines = 0
    /// The defaults.
    public init() {}
  }

  /// The primary text.
  public var text: String?
  /// The secondary text.
  public var secondaryText: String?
  /// The image before the text.
  public var image: Image?
  /// How the primary text is drawn.
  public var textProperties = TextProperties()
  /// How the secondary text is drawn.
  public var secondaryTextProperties = TextProperties()
  /// The arrangement.
  public var layout: Layout

  /// A configuration with `layout` and no content.
  public init(layout: Layout) { self.layout = layout }

  /// A plain row's configuration.
  public static func cell() -> ListContentConfiguration { .init(layout: .cell) }
  /// A row with secondary text under the text.
  public static func subtitleCell() -> ListContentConfiguration { .init(layout: .subtitle) }
  /// A row with the secondary text at the trailing edge.
  public static func valueCell() -> ListContentConfiguration { .init(layout: .value) }
  /// A row with a title column, as `.value2` cells.
  public static func sidebarCell() -> ListContentConfiguration { .init(layout: .sidebar) }
}
