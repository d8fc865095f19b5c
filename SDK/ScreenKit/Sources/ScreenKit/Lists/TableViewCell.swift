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

  /// The standard labels and image, made on first use.
  private lazy var standardContent = ListCellContent(contentView: contentView, style: style)

  /// The primary label (`UITableViewCell.textLabel`), created on first use.
  open var textLabel: Label? {
    if let label = standardContent.textLabel { return label }
    setNeedsLayout()
    return standardContent.makeTextLabel()
  }

  /// The secondary label; `nil` for `.default` cells, as UIKit's.
  open var detailTextLabel: Label? {
    if let label = standardContent.detailLabel { return label }
    guard let label = standardContent.makeDetailLabel() else { return nil }
    setNeedsLayout()
    return label
  }

  /// The image at the leading edge, created on first use.
  open var imageView: ImageView? {
    if let view = standardContent.imageView { return view }
    setNeedsLayout()
    return standardContent.makeImageView()
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
      standardContent.apply(contentConfiguration)
      setNeedsLayout()
    }
  }

  /// A configuration with this cell's style's defaults, as
  /// `UITableViewCell.defaultContentConfiguration()`.
  open func defaultContentConfiguration() -> ListContentConfiguration {
    standardContent.defaultConfiguration
  }

  /// Whether the table is in editing mode.
  public internal(set) var isEditing = false

  /// The delete control a table in editing mode shows at the row's leading edge: a real
  /// button, so a tap on it (a `tap` event on its node, keyed `editingControl`) asks for the
  /// Delete confirmation as UIKit's red minus does. Set by the table.
  var editingControl: Button? {
    didSet {
      guard oldValue !== editingControl else { return }
      oldValue?.removeFromSuperview()
      if let editingControl { addSubview(editingControl) }
      setNeedsLayout()
    }
  }

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

    /// The corners of a row of an inset-grouped section: the first row's top ones, the
    /// last row's bottom ones.
    static func forRow(isFirst: Bool, isLast: Bool) -> RoundedCorners {
      isFirst && isLast ? .all : isFirst ? .top : isLast ? .bottom : .none
    }
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
    let height = standardContent.fittingHeight(
      width: max(0, size.width - accessoryWidth), sideMargin: sideMargin,
      trailingMargin: trailingMargin)
    return Size(width: size.width, height: height)
  }

  /// Places the content view beside the accessory and the standard labels in it.
  open override func layoutSubviews() {
    super.layoutSubviews()
    placeContent()
  }

  /// Lays out the cell inside the frame the table gave it: the standard subviews by hand,
  /// and, when the content view holds custom views, their constraints with the cell as a
  /// pass root of its own.
  func layOutContents() {
    placeContent()
    if standardContent.hasCustomContent || accessoryView != nil {
      LayoutEngine(laying: self).layout(root: self)
    } else {
      LayoutEngine.clearNeedsLayout(self)
    }
  }

  /// Sets the content view's and the standard subviews' frames; the table calls it before
  /// it lays out the cell's constraints, which may refer to the content view.
  func placeContent() {
    let reveal = revealedActions?.revealedWidth ?? 0
    // In editing mode the content moves aside for the delete control (UIKit indents rows
    // that show one: `shouldIndentWhileEditingRowAt`).
    let indent = editingControl == nil ? 0 : ListMetrics.editingIndent
    let shift = (revealedActions?.edge == .leading ? reveal : -reveal) + indent
    if let editingControl {
      let size = ListMetrics.editingControlSize
      editingControl.frame = Rect(
        x: sideMargin + (revealedActions?.edge == .trailing ? -reveal : 0),
        y: ((frame.height - size) / 2).roundedToPixel, width: size, height: size)
    }
    contentView.frame = Rect(
      x: shift, y: 0, width: max(0, frame.width - accessoryWidth - indent), height: frame.height)
    if let accessoryView {
      let size = accessoryView.frame.size
      accessoryView.frame = Rect(
        x: frame.width - sideMargin - size.width + shift,
        y: ((frame.height - size.height) / 2).rounded(),
        width: size.width, height: size.height)
    }
    if let revealedActions { revealedActions.place(in: self) }
    // Right to left, the row is mirrored: accessories and the delete control on the left,
    // leading swipe actions on the right.
    mirrorPlacedSubviews(
      [editingControl, contentView, accessoryView] + (revealedActions?.buttons ?? []))
    standardContent.place(sideMargin: sideMargin, trailingMargin: trailingMargin)
  }

  /// The space the standard content keeps at the trailing edge: none beside an accessory,
  /// which keeps its own margin.
  private var trailingMargin: Double { accessoryWidth > 0 ? 0 : sideMargin }

  /// The inset of the separator under the cell: the set one, else the text's leading edge.
  var defaultSeparatorInset: EdgeInsets {
    if let separatorInset { return separatorInset }
    let left = standardContent.separatorLeading(sideMargin: sideMargin)
    return EdgeInsets(top: 0, left: left, bottom: 0, right: 0)
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// An element combining its labels, as UIKit's cells; a cell that holds a control (a switch, a button, a field) is not, so that the control stays reachable: its content is read element by element.
  open override var isAccessibilityElement: Bool {
    get { accessibilityStorage?.isElement ?? !accessibilityHoldsControl }
    set { super.isAccessibilityElement = newValue }
  }
  /// The texts of its labels in reading order, joined by ", ", as UIKit combines a cell's labels.
  open override var accessibilityLabel: String? {
    get { accessibilityStorage?.label ?? accessibilityCombinedLabel }
    set { super.accessibilityLabel = newValue }
  }
  /// `selected` while selected.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? (isSelected ? .selected : []) }
    set { super.accessibilityTraits = newValue }
  }
}

extension Double {
  /// Rounded to the 1/3-point pixel grid of a 3× screen.
  var roundedToPixel: Double { (self * 3).rounded() / 3 }
}

/// A list row whose corners an inset-grouped section rounds (`TableViewCell`,
/// `CollectionViewCell`).
@MainActor
protocol RoundedListRow: View {
  var roundedCorners: TableViewCell.RoundedCorners { get set }
}

extension RoundedListRow {
  /// Rounds `corners` by the inset-grouped radius (none: square), redrawing when they change.
  func setRoundedCorners(_ corners: TableViewCell.RoundedCorners) {
    guard roundedCorners != corners else { return }
    roundedCorners = corners
    layer.cornerRadius = corners == .none ? 0 : ListMetrics.insetGroupedCornerRadius
    setNeedsDisplay()
  }
}

extension TableViewCell: RoundedListRow {}
