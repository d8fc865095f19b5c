/// A row of a table view, as `UITableViewCell`: a `contentView` for the row's content, the
/// standard labels and image of its `style`, an accessory, and the selection state.
///
/// The table creates and reuses cells: `dequeueReusableCell(withIdentifier:for:)` returns a
/// cell that left the visible rows (after `prepareForReuse()`) or a new one of the registered
/// class. A cell's height is the table's `rowHeight`, the delegate's, or, with
/// `TableView.automaticDimension`, what its content needs (`sizeThatFits(_:)`: the standard
/// layout below, or the content view's constraints).
///
/// The standard styles lay out as iOS draws them at the default text size
/// (`ListMetrics`): 17-point text inset by the table's side margin and centred in a row at
/// least 44 points high; `.subtitle` adds 15-point secondary text under it, `.value1` puts it
/// at the trailing edge in the secondary colour, `.value2` puts a 15-point title in a column
/// of 30 % of the width before it.
@MainActor
open class TableViewCell: View, TapReceiving {
  /// The standard layouts, as `UITableViewCell.CellStyle`.
  public enum CellStyle: String, Sendable, Hashable, CaseIterable {
    /// One label at the leading edge, with an optional image before it.
    case `default`
    /// A label at the leading edge and a secondary label at the trailing edge.
    case value1
    /// A small title in a trailing-aligned column and the value after it.
    case value2
    /// A label with a secondary label under it.
    case subtitle
  }

  /// The standard accessory drawn at the trailing edge, as `UITableViewCell.AccessoryType`.
  public enum AccessoryType: String, Sendable, Hashable, CaseIterable {
    /// None.
    case none
    /// A chevron: the row leads somewhere.
    case disclosureIndicator
    /// An info button and a chevron.
    case detailDisclosureButton
    /// A checkmark: the row is chosen.
    case checkmark
    /// An info button.
    case detailButton
  }

  /// How a selected cell looks, as `UITableViewCell.SelectionStyle`.
  public enum SelectionStyle: String, Sendable, Hashable, CaseIterable {
    /// No highlight.
    case none
    /// The system highlight (grey since iOS 7, as `.default`).
    case blue
    /// The system highlight.
    case gray
    /// The system highlight.
    case `default`
  }

  /// What editing a row does, as `UITableViewCell.EditingStyle`.
  public enum EditingStyle: String, Sendable, Hashable, CaseIterable {
    /// No editing control.
    case none
    /// Deleting the row.
    case delete
    /// Inserting a row.
    case insert
  }

  /// The identifier the cell was registered and dequeued with.
  public let reuseIdentifier: String?
  /// The standard layout.
  public let style: CellStyle
  /// The view that holds the row's content; add custom content here, with constraints to it
  /// for self-sizing rows.
  public let contentView = View()

  private var ownTextLabel: Label?
  private var ownDetailTextLabel: Label?
  private var ownImageView: ImageView?

  /// The primary label (`UITableViewCell.textLabel`), created on first use.
  open var textLabel: Label? {
    if let ownTextLabel { return ownTextLabel }
    let label = Label()
    label.font = style == .value2 ? ListMetrics.value2TitleFont : ListMetrics.textFont
    label.textColor = style == .value2 ? .systemBlue : .label
    if style == .value2 { label.textAlignment = .right }
    contentView.addSubview(label)
    ownTextLabel = label
    setNeedsLayout()
    return label
  }

  /// The secondary label; `nil` for `.default` cells, as UIKit's.
  open var detailTextLabel: Label? {
    guard style != .default else { return nil }
    if let ownDetailTextLabel { return ownDetailTextLabel }
    let label = Label()
    switch style {
    case .subtitle:
      label.font = ListMetrics.secondaryFont
      label.textColor = .secondaryLabel
    case .value1:
      label.font = ListMetrics.textFont
      label.textColor = .secondaryLabel
      label.textAlignment = .right
    case .value2:
      label.font = ListMetrics.value2TitleFont
      label.textColor = .label
    case .default: break
    }
    contentView.addSubview(label)
    ownDetailTextLabel = label
    setNeedsLayout()
    return label
  }

  /// The image at the leading edge, created on first use.
  open var imageView: ImageView? {
    if let ownImageView { return ownImageView }
    let view = ImageView(image: nil)
    contentView.addSubview(view)
    ownImageView = view
    setNeedsLayout()
    return view
  }

  /// The standard accessory.
  open var accessoryType: AccessoryType = .none {
    didSet {
      if accessoryType != oldValue {
        setNeedsDisplay()
        setNeedsLayout()
      }
    }
  }

  /// A custom view at the trailing edge instead of `accessoryType` (a switch, say).
  open var accessoryView: View? {
    didSet {
      if oldValue !== accessoryView {
        oldValue?.removeFromSuperview()
        if let accessoryView { addSubview(accessoryView) }
        setNeedsLayout()
      }
    }
  }

  /// How the cell looks when selected.
  open var selectionStyle: SelectionStyle = .default { didSet { setNeedsDisplay() } }

  /// Whether the cell shows as selected; the table sets it from its selected rows.
  open var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
  /// Whether the cell shows as highlighted (touched).
  open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }

  /// Sets `isSelected` (ScreenKit does not animate).
  open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
  /// Sets `isHighlighted` (ScreenKit does not animate).
  open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }

  /// The inset of the separator under the cell; `nil` takes the table's (the text's leading
  /// edge by default).
  open var separatorInset: EdgeInsets? { didSet { setNeedsDisplay() } }

  /// The content configuration, as `UITableViewCell.contentConfiguration`: setting a
  /// `ListContentConfiguration` fills the standard labels and image from it.
  open var contentConfiguration: ListContentConfiguration? {
    didSet {
      guard let contentConfiguration else { return }
      apply(contentConfiguration)
    }
  }

  /// A configuration with this cell's style's defaults, as
  /// `UITableViewCell.defaultContentConfiguration()`.
  open func defaultContentConfiguration() -> ListContentConfiguration {
    switch style {
    case .default: .cell()
    case .subtitle: .subtitleCell()
    case .value1: .valueCell()
    case .value2: .sidebarCell()
    }
  }

  /// Whether the table is in editing mode.
  public internal(set) var isEditing = false

  /// The table that shows the cell.
  weak var tableView: TableView?
  /// Where the table last showed the cell.
  var indexPath: IndexPath?
  /// Whether a separator is drawn under the cell, and its insets (set by the table).
  var separator: EdgeInsets?
  /// Which corners a grouped table with inset sections rounds (set by the table).
  var roundedCorners: RoundedCorners = .none
  /// The swipe actions shown at one of the cell's edges (set by the table).
  var revealedActions: RevealedSwipeActions? {
    didSet {
      guard oldValue !== revealedActions else { return }
      oldValue?.remove()
      setNeedsLayout()
      setNeedsDisplay()
    }
  }

  /// The insets of the separator drawn under the cell, `nil` for none (what clients draw).
  public var separatorInsets: EdgeInsets? { separator }
  /// Which corners are rounded, by `cornerRadius` 10: `none`, `top`, `bottom` or `all`
  /// (what clients draw of an inset-grouped section).
  public var cornerMask: String { roundedCorners.rawValue }
  /// The edge whose swipe actions are showing (`leading`, `trailing`), if any.
  public var revealedSwipeEdge: String? {
    revealedActions.map { $0.edge == .leading ? "leading" : "trailing" }
  }

  /// The corners of a cell at the start or end of an inset-grouped section.
  enum RoundedCorners: String {
    case none, top, bottom, all
  }

  /// A cell of `style` for rows dequeued with `reuseIdentifier`, as
  /// `UITableViewCell(style:reuseIdentifier:)`.
  public required init(style: CellStyle, reuseIdentifier: String?) {
    self.style = style
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: Rect(x: 0, y: 0, width: 320, height: ListMetrics.minimumRowHeight))
    backgroundColor = .systemBackground
    addSubview(contentView)
  }

  /// A `.default` cell with the given frame.
  public convenience override init(frame: Rect) {
    self.init(style: .default, reuseIdentifier: nil)
    self.frame = frame
  }

  /// Resets the cell before the table hands it out again, as UIKit's: the selection and
  /// highlight. Subclasses reset their own state and call `super`.
  open func prepareForReuse() {
    isHighlighted = false
    isSelected = false
    revealedActions = nil
  }

  /// A tap selects the row, as a touch on a row does.
  public func receiveTap() -> Bool {
    guard let tableView, let indexPath else { return false }
    return tableView.userSelect(indexPath)
  }

  private func apply(_ configuration: ListContentConfiguration) {
    let label = textLabel
    label?.text = configuration.text
    if let font = configuration.textProperties.font { label?.font = font }
    if let color = configuration.textProperties.color { label?.textColor = color }
    label?.numberOfLines = configuration.textProperties.numberOfLines
    if let secondary = configuration.secondaryText {
      let detail = ownDetailTextLabel ?? detailOrExtraLabel(for: configuration)
      detail.text = secondary
      if let font = configuration.secondaryTextProperties.font { detail.font = font }
      if let color = configuration.secondaryTextProperties.color { detail.textColor = color }
    } else {
      ownDetailTextLabel?.text = nil
    }
    if let image = configuration.image {
      imageView?.image = image
    } else {
      ownImageView?.image = nil
    }
    configurationLayout = configuration.layout
    setNeedsLayout()
  }

  /// A configuration's secondary text on a `.default` cell lays out as its own style says.
  private func detailOrExtraLabel(for configuration: ListContentConfiguration) -> Label {
    let label = Label()
    label.font = ListMetrics.secondaryFont
    label.textColor = .secondaryLabel
    if configuration.layout == .value { label.textAlignment = .right }
    contentView.addSubview(label)
    ownDetailTextLabel = label
    return label
  }

  /// The layout a content configuration asked for; nil follows `style`.
  private var configurationLayout: ListContentConfiguration.Layout?

  private var layoutStyle: ListContentConfiguration.Layout {
    if let configurationLayout { return configurationLayout }
    switch style {
    case .default: return .cell
    case .subtitle: return .subtitle
    case .value1: return .value
    case .value2: return .sidebar
    }
  }

  /// Whether the content view holds views other than the standard ones: then the content
  /// view's constraints size the row.
  private var hasCustomContent: Bool {
    contentView.subviews.contains { view in
      view !== ownTextLabel && view !== ownDetailTextLabel && view !== ownImageView
    }
  }

  /// The width the accessory takes at the trailing edge, margin included.
  var accessoryWidth: Double {
    if let accessoryView { return accessoryView.frame.width + ListMetrics.accessoryGap }
    return ListMetrics.accessoryWidth(accessoryType)
  }

  /// The side margin the table gives its cells.
  private var sideMargin: Double {
    tableView?.cellSideMargin ?? ListMetrics.sideMargin(width: frame.width)
  }

  /// The height the row needs at `size.width`: the standard layout's, or the content view's
  /// constraints' when it holds custom views.
  open override func sizeThatFits(_ size: Size) -> Size {
    let contentWidth = max(0, size.width - accessoryWidth)
    if hasCustomContent {
      let fitted = contentView.systemLayoutSizeFitting(
        Size(width: contentWidth, height: 0), withHorizontalFittingPriority: .required,
        verticalFittingPriority: .fittingSizeLevel)
      return Size(width: size.width, height: fitted.height)
    }
    let frames = standardFrames(width: contentWidth)
    return Size(width: size.width, height: frames.height)
  }

  /// Places the content view beside the accessory and the standard labels in it.
  open override func layoutSubviews() {
    super.layoutSubviews()
    placeContent()
  }

  /// Lays out the cell inside the frame the table gave it: the standard subviews by hand,
  /// and, when the content view holds custom views, their constraints with the cell as a
  /// layout root of its own.
  func layOutContents() {
    placeContent()
    if hasCustomContent || accessoryView != nil {
      LayoutEngine(laying: self).layout(root: self)
    } else {
      LayoutEngine.clearNeedsLayout(self)
    }
  }

  /// Sets the content view's and the standard subviews' frames; the table calls it before
  /// it lays out the cell's constraints, which may refer to the content view.
  func placeContent() {
    let reveal = revealedActions?.width ?? 0
    let shift = revealedActions?.edge == .leading ? reveal : -reveal
    contentView.frame = Rect(
      x: shift, y: 0, width: max(0, frame.width - accessoryWidth), height: frame.height)
    if let accessoryView {
      let size = accessoryView.frame.size
      accessoryView.frame = Rect(
        x: frame.width - sideMargin - size.width + shift,
        y: ((frame.height - size.height) / 2).rounded(),
        width: size.width, height: size.height)
    }
    if let revealedActions { revealedActions.place(in: self) }
    let frames = standardFrames(width: contentView.frame.width)
    ownImageView?.frame = frames.image
    ownTextLabel?.frame = frames.text
    ownDetailTextLabel?.frame = frames.detail
  }

  /// The frames of the standard subviews in a content view `width` wide, and the row height
  /// they need.
  private func standardFrames(width: Double) -> (
    image: Rect, text: Rect, detail: Rect, height: Double
  ) {
    let margin = sideMargin
    let trailingMargin = accessoryWidth > 0 ? 0 : margin
    var leading = margin
    var image = Rect.zero
    if let imageSize = ownImageView?.image?.size {
      image = Rect(x: margin, y: 0, width: imageSize.width, height: imageSize.height)
      leading = margin + imageSize.width + ListMetrics.imageToTextGap
    }
    let available = max(0, width - leading - trailingMargin)
    let textSize =
      ownTextLabel.map { label in
        label.text?.isEmpty == false ? label.sizeThatFits(Size(width: available, height: 0)) : .zero
      } ?? .zero
    let detailSize =
      ownDetailTextLabel.map { label in
        label.text?.isEmpty == false ? label.sizeThatFits(Size(width: available, height: 0)) : .zero
      } ?? .zero
    let vertical = ListMetrics.verticalPadding
    var text = Rect.zero
    var detail = Rect.zero
    var height: Double
    switch layoutStyle {
    case .cell:
      height = max(ListMetrics.minimumRowHeight, textSize.height + 2 * vertical, image.height)
      text = Rect(
        x: leading, y: ((height - textSize.height) / 2).roundedToPixel, width: available,
        height: textSize.height)
    case .subtitle:
      let gap = detailSize.height > 0 ? ListMetrics.textToSecondaryTextGap : 0
      let block = textSize.height + gap + detailSize.height
      height = max(ListMetrics.minimumRowHeight, block + 2 * vertical, image.height)
      let top = ((height - block) / 2).roundedToPixel
      text = Rect(x: leading, y: top, width: available, height: textSize.height)
      detail = Rect(
        x: leading, y: top + textSize.height + gap, width: available, height: detailSize.height)
    case .value:
      height = max(
        ListMetrics.minimumRowHeight, max(textSize.height, detailSize.height) + 2 * vertical,
        image.height)
      let detailWidth = min(detailSize.width, available)
      detail = Rect(
        x: leading + available - detailWidth, y: ((height - detailSize.height) / 2).roundedToPixel,
        width: detailWidth, height: detailSize.height)
      text = Rect(
        x: leading, y: ((height - textSize.height) / 2).roundedToPixel,
        width: max(0, available - detailWidth - ListMetrics.valueGap), height: textSize.height)
    case .sidebar:
      height = max(
        ListMetrics.minimumRowHeight, max(textSize.height, detailSize.height) + 2 * vertical)
      let column = (available * 0.3).rounded()
      text = Rect(
        x: leading, y: ((height - textSize.height) / 2).roundedToPixel, width: column,
        height: textSize.height)
      detail = Rect(
        x: leading + column + ListMetrics.valueGap,
        y: ((height - detailSize.height) / 2).roundedToPixel,
        width: max(0, available - column - ListMetrics.valueGap), height: detailSize.height)
    }
    if image != .zero {
      image.origin.y = ((height - image.height) / 2).roundedToPixel
    }
    return (image, text, detail, height)
  }

  /// The inset of the separator under the cell: the set one, else the text's leading edge.
  var defaultSeparatorInset: EdgeInsets {
    if let separatorInset { return separatorInset }
    var left = sideMargin
    if let imageSize = ownImageView?.image?.size {
      left += imageSize.width + ListMetrics.imageToTextGap
    }
    return EdgeInsets(top: 0, left: left, bottom: 0, right: 0)
  }
}

extension Double {
  /// Rounded to the 1/3-point pixel grid of a 3× screen.
  var roundedToPixel: Double { (self * 3).rounded() / 3 }
}
