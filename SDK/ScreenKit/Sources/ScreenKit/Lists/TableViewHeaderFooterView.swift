/// A section's header or footer, as `UITableViewHeaderFooterView`: a `textLabel` and a
/// `contentView`, reused as cells are. The table makes one for each section title; register a
/// subclass and return it from `viewForHeaderInSection` for custom content.
///
/// Titles are drawn as iOS draws them: in a plain table 15-point semibold text on the
/// secondary background, in grouped tables 13-point secondary text above (header) or below
/// (footer) the section, inset by the rows' text margin.
@MainActor
open class TableViewHeaderFooterView: View {
  /// The identifier the view was registered and dequeued with.
  public let reuseIdentifier: String?
  /// The view that holds custom content.
  public let contentView = View()
  /// The title label.
  public let textLabel = Label()
  /// Where the title sits: at the bottom of a grouped header, the top of a grouped footer,
  /// in the middle of a plain one.
  private var titlePlacement = TitlePlacement.middle
  private var sideMargin = 16.0

  private enum TitlePlacement { case middle, bottom, top }

  /// A header or footer view for `reuseIdentifier`.
  public required init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
    addSubview(contentView)
    contentView.addSubview(textLabel)
  }

  /// Resets the view before the table hands it out again.
  open func prepareForReuse() {}

  /// Sets the view up as the table's standard header or footer titled `title`.
  func configure(
    title: String, tableStyle: TableView.Style, isHeader: Bool, sideMargin: Double
  ) {
    textLabel.text = title
    self.sideMargin = sideMargin
    switch tableStyle {
    case .plain:
      textLabel.font = ListMetrics.plainHeaderFont
      textLabel.adjustsFontForContentSizeCategory = true
      textLabel.textColor = .label
      textLabel.numberOfLines = 1
      backgroundColor = .secondarySystemBackground
      titlePlacement = .middle
    case .grouped, .insetGrouped:
      textLabel.font = ListMetrics.groupedHeaderFont
      textLabel.adjustsFontForContentSizeCategory = true
      textLabel.textColor = .secondaryLabel
      textLabel.numberOfLines = 0
      backgroundColor = nil
      titlePlacement = isHeader ? .bottom : .top
    }
    setNeedsLayout()
  }

  /// Places the content view and the title.
  open override func layoutSubviews() {
    super.layoutSubviews()
    placeContent()
  }

  func placeContent() {
    contentView.frame = Rect(origin: .zero, size: frame.size)
    let width = max(0, frame.width - 2 * sideMargin)
    let size = textLabel.sizeThatFits(Size(width: width, height: 0))
    let y: Double
    switch titlePlacement {
    case .middle: y = ((frame.height - size.height) / 2).roundedToPixel
    case .bottom: y = frame.height - ListMetrics.groupedHeaderBottomPadding - size.height
    case .top: y = ListMetrics.groupedFooterTopPadding
    }
    textLabel.frame = Rect(x: sideMargin, y: y, width: width, height: size.height)
  }
}
