/// A view a collection view reuses, as `UICollectionReusableView`: the base of cells and of
/// supplementary views (section headers and footers).
@MainActor
open class CollectionReusableView: View {
  /// The identifier the view was registered and dequeued with.
  public internal(set) var reuseIdentifier: String?

  /// A view with `frame`; collection views make registered classes with this initializer.
  public required override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// Resets the view before the collection view hands it out again. Does nothing here;
  /// subclasses reset their own state and call `super`.
  open func prepareForReuse() {}

  /// The attributes the view wants, given those the layout proposes: the proposed ones with
  /// the size its constraints need along the axes the layout lets it size itself (the
  /// others stay as proposed), as UIKit's self-sizing.
  open func preferredLayoutAttributesFitting(_ layoutAttributes: CollectionViewLayoutAttributes)
    -> CollectionViewLayoutAttributes
  {
    let preferred = layoutAttributes.copy()
    preferred.size = fittingSize(proposed: layoutAttributes)
    return preferred
  }
}

/// An item of a collection view, as `UICollectionViewCell`: a `contentView` for the item's
/// content and the selection state.
///
/// The collection view creates and reuses cells: `dequeueReusableCell(withReuseIdentifier:for:)`
/// returns a cell that left the items in view (after `prepareForReuse()`) or a new one of the
/// registered class (`init(frame:)`). Setting a `ListContentConfiguration` as
/// `contentConfiguration` fills a standard row's text, secondary text and image in the content
/// view, laid out as a table row; custom content goes in `contentView`, with constraints to it
/// for self-sizing layouts.
@MainActor
open class CollectionViewCell: CollectionReusableView, TapReceiving, RoundedListRow {
  /// The view that holds the item's content.
  public let contentView = View()

  /// Whether the cell shows as selected; the collection view sets it from its selection.
  open var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
  /// Whether the cell shows as highlighted (touched).
  open var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }

  /// The content configuration, as `UICollectionViewCell.contentConfiguration`: setting a
  /// `ListContentConfiguration` fills the standard text, secondary text and image from it.
  open var contentConfiguration: ListContentConfiguration? {
    didSet {
      guard let contentConfiguration else { return }
      standardContent.apply(contentConfiguration)
      setNeedsLayout()
    }
  }

  /// The standard row content, made on first use by a content configuration.
  lazy var standardContent = ListCellContent(contentView: contentView, style: .default)

  /// The collection view that shows the cell.
  weak var collectionView: CollectionView?
  /// Where the collection view last showed the cell.
  var indexPath: IndexPath?
  /// The separator under the cell and its insets, `nil` for none (set in list sections).
  var separator: EdgeInsets?
  /// Which corners an inset-grouped list section rounds (set in list sections).
  var roundedCorners: TableViewCell.RoundedCorners = .none

  /// The insets of the separator drawn under the cell, `nil` for none (what clients draw).
  public var separatorInsets: EdgeInsets? { separator }
  /// Which corners are rounded, by `cornerRadius` 10: `none`, `top`, `bottom` or `all`
  /// (what clients draw of an inset-grouped list section).
  public var cornerMask: String { roundedCorners.rawValue }

  /// A cell with `frame`, its content view filling it.
  public required init(frame: Rect) {
    super.init(frame: frame)
    addSubview(contentView)
  }

  /// Resets the selection and highlight; subclasses reset their own state and call `super`.
  open override func prepareForReuse() {
    super.prepareForReuse()
    isHighlighted = false
    isSelected = false
  }

  /// A tap selects the item, as a touch on an item does.
  public func receiveTap() -> Bool {
    guard let collectionView, let indexPath else { return false }
    return collectionView.userSelect(indexPath)
  }

  /// The side margin of standard content: the collection view's, as a table's rows have.
  var sideMargin: Double {
    ListMetrics.sideMargin(width: collectionView?.frame.width ?? frame.width)
  }

  /// The width an accessory takes at the trailing edge; none here.
  var accessoryWidth: Double { 0 }

  /// The space the standard content keeps at the trailing edge: none beside an accessory,
  /// which keeps its own margin.
  private var trailingMargin: Double { accessoryWidth > 0 ? 0 : sideMargin }

  /// Standard content sizes as a table row: the proposed width and the height the row needs
  /// (at least 44 points); custom content sizes by the content view's constraints.
  open override func preferredLayoutAttributesFitting(
    _ layoutAttributes: CollectionViewLayoutAttributes
  ) -> CollectionViewLayoutAttributes {
    let preferred = layoutAttributes.copy()
    if contentConfiguration != nil, !standardContent.hasCustomContent {
      let width = layoutAttributes.size.width
      preferred.size = Size(
        width: width,
        height: standardContent.fittingHeight(
          width: max(0, width - accessoryWidth), sideMargin: sideMargin,
          trailingMargin: trailingMargin))
    } else {
      let fitted = contentView.fittingSize(proposed: layoutAttributes)
      preferred.size = Size(width: fitted.width + accessoryWidth, height: fitted.height)
    }
    return preferred
  }

  /// Places the content view beside the accessory and the standard content in it.
  open override func layoutSubviews() {
    super.layoutSubviews()
    placeContent()
  }

  /// Lays out the cell inside the frame its layout gave it: the standard subviews by hand,
  /// and, when the content view holds custom views, their constraints with the cell as a
  /// pass root of its own.
  func layOutContents() {
    placeContent()
    if standardContent.hasCustomContent || subviews.contains(where: { $0 !== contentView }) {
      LayoutEngine(laying: self).layout(root: self)
    } else {
      LayoutEngine.clearNeedsLayout(self)
    }
  }

  /// Sets the content view's and the standard subviews' frames; the collection view calls
  /// it before it lays out the cell's constraints, which may refer to the content view.
  func placeContent() {
    contentView.frame = Rect(
      x: 0, y: 0, width: max(0, frame.width - accessoryWidth), height: frame.height)
    mirrorPlacedSubviews([contentView])
    if contentConfiguration != nil {
      standardContent.place(sideMargin: sideMargin, trailingMargin: trailingMargin)
    }
  }

  /// The separator inset of a list row: the text's leading edge.
  var defaultSeparatorInset: EdgeInsets {
    EdgeInsets(
      top: 0, left: standardContent.separatorLeading(sideMargin: sideMargin), bottom: 0, right: 0)
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// An element combining its labels, as a table's cell; one that holds a control is not.
  open override var isAccessibilityElement: Bool {
    get { accessibilityStorage?.isElement ?? !accessibilityHoldsControl }
    set { super.isAccessibilityElement = newValue }
  }
  /// The texts of its labels in reading order, joined by ", ".
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

extension View {
  /// The size of the view's constraints, free along the axes `attributes` lets it size.
  fileprivate func fittingSize(proposed attributes: CollectionViewLayoutAttributes) -> Size {
    systemLayoutSizeFitting(
      attributes.size,
      withHorizontalFittingPriority: attributes.fitsWidth ? .fittingSizeLevel : .required,
      verticalFittingPriority: attributes.fitsHeight ? .fittingSizeLevel : .required)
  }
}

/// A view drawn at the trailing edge of a list cell, as `UICellAccessory`.
public struct CellAccessory: Sendable, Hashable {
  /// The standard accessories.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// A chevron: the row leads somewhere.
    case disclosureIndicator
    /// A checkmark: the row is chosen.
    case checkmark
    /// An info button.
    case detail
  }

  /// Which accessory.
  public let kind: Kind

  /// A chevron, as `UICellAccessory.disclosureIndicator()`.
  public static func disclosureIndicator() -> CellAccessory {
    CellAccessory(kind: .disclosureIndicator)
  }
  /// A checkmark, as `UICellAccessory.checkmark()`.
  public static func checkmark() -> CellAccessory { CellAccessory(kind: .checkmark) }
  /// An info button, as `UICellAccessory.detail()`.
  public static func detail() -> CellAccessory { CellAccessory(kind: .detail) }
}

/// A row of a list section, as `UICollectionViewListCell`: a cell whose standard content
/// (`defaultContentConfiguration()`) lays out as a table row, with `accessories` at the
/// trailing edge and the separator and corners its list section gives it.
@MainActor
open class CollectionViewListCell: CollectionViewCell {
  /// The accessories at the trailing edge; none by default. An info button and a chevron
  /// together draw as a table's detail disclosure button.
  open var accessories: [CellAccessory] = [] {
    didSet {
      if accessories != oldValue {
        setNeedsLayout()
        setNeedsDisplay()
      }
    }
  }

  /// A plain row's configuration, as `UICollectionViewListCell.defaultContentConfiguration()`.
  open func defaultContentConfiguration() -> ListContentConfiguration { .cell() }

  /// The table accessory the accessories draw as (what clients draw).
  public var accessoryType: TableViewCell.AccessoryType {
    let kinds = Set(accessories.map(\.kind))
    if kinds.contains(.detail) {
      return kinds.contains(.disclosureIndicator) ? .detailDisclosureButton : .detailButton
    }
    if kinds.contains(.disclosureIndicator) { return .disclosureIndicator }
    return kinds.contains(.checkmark) ? .checkmark : .none
  }

  override var accessoryWidth: Double { ListMetrics.accessoryWidth(accessoryType) }
}

extension CollectionView {
  /// Issues the unique reuse identifiers of registrations.
  @MainActor
  enum RegistrationIdentifiers {
    static var issued = 0
    static func next(_ what: String) -> String {
      issued += 1
      return "\(what)#\(issued)"
    }
  }

  /// A cell class and how to configure one for an item, as
  /// `UICollectionView.CellRegistration`: `dequeueConfiguredReusableCell(using:for:item:)`
  /// dequeues a `Cell` (registering its class on first use) and runs `handler` on it.
  @MainActor
  public struct CellRegistration<Cell: CollectionViewCell, Item> {
    /// Configures a dequeued cell for an item.
    public typealias Handler = @MainActor (Cell, IndexPath, Item) -> Void
    let identifier: String
    let handler: Handler

    /// A registration of `Cell` configured by `handler`.
    public init(handler: @escaping Handler) {
      identifier = RegistrationIdentifiers.next("\(Cell.self)")
      self.handler = handler
    }
  }

  /// A supplementary view class, its kind and how to configure one, as
  /// `UICollectionView.SupplementaryRegistration`.
  @MainActor
  public struct SupplementaryRegistration<Supplementary: CollectionReusableView> {
    /// Configures a dequeued view of `elementKind` at an index path.
    public typealias Handler = @MainActor (Supplementary, String, IndexPath) -> Void
    /// The kind of supplementary view.
    public let elementKind: String
    let identifier: String
    let handler: Handler

    /// A registration of `Supplementary` views of `elementKind`, configured by `handler`.
    public init(elementKind: String, handler: @escaping Handler) {
      self.elementKind = elementKind
      identifier = RegistrationIdentifiers.next("\(Supplementary.self)")
      self.handler = handler
    }
  }

  /// A cell for `item` at `indexPath`, of the registration's class and configured by its
  /// handler, as `dequeueConfiguredReusableCell(using:for:item:)`.
  public func dequeueConfiguredReusableCell<Cell, Item>(
    using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item
  ) -> Cell {
    register(Cell.self, forCellWithReuseIdentifier: registration.identifier, ifNew: true)
    let cell = unsafeDowncast(
      dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath),
      to: Cell.self)
    registration.handler(cell, indexPath, item)
    return cell
  }

  /// A supplementary view at `indexPath`, of the registration's class and configured by its
  /// handler, as `dequeueConfiguredReusableSupplementary(using:for:)`.
  public func dequeueConfiguredReusableSupplementary<Supplementary>(
    using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
  ) -> Supplementary {
    register(
      Supplementary.self, forSupplementaryViewOfKind: registration.elementKind,
      withReuseIdentifier: registration.identifier, ifNew: true)
    let view = unsafeDowncast(
      dequeueReusableSupplementaryView(
        ofKind: registration.elementKind, withReuseIdentifier: registration.identifier,
        for: indexPath),
      to: Supplementary.self)
    registration.handler(view, registration.elementKind, indexPath)
    return view
  }
}
