/// Where one element of a collection view lies, as `UICollectionViewLayoutAttributes`: a
/// cell (`representedElementKind == nil`) or a supplementary view of a kind.
@MainActor
open class CollectionViewLayoutAttributes {
  /// What an element is, as `UICollectionView.ElementCategory`.
  public enum ElementCategory: Sendable, Hashable {
    /// A cell.
    case cell
    /// A supplementary view (a header, a footer).
    case supplementaryView
  }

  /// The element's frame in the collection view's content.
  public var frame: Rect
  /// The index path of the item, or the supplementary view's.
  public var indexPath: IndexPath
  /// What the element is.
  public let representedElementCategory: ElementCategory
  /// The kind of supplementary view; `nil` for cells.
  public let representedElementKind: String?
  /// The order elements overlap in; higher is in front. 0 by default; pinned headers are 10.
  public var zIndex = 0
  /// Whether the element is hidden.
  public var isHidden = false
  /// The element's alpha, 1 by default.
  public var alpha = 1.0

  /// The frame's size.
  public var size: Size {
    get { frame.size }
    set { frame.size = newValue }
  }

  /// The frame's centre.
  public var center: Point {
    get { Point(x: frame.midX, y: frame.midY) }
    set {
      frame.origin = Point(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
    }
  }

  /// Which axes of the element its view sizes itself along (self-sizing), set by the layout.
  var fitsWidth = false
  var fitsHeight = false
  /// How a row of a list section looks (set by a compositional list layout).
  var listRow: ListRowPlacement?

  /// The attributes of the cell at `indexPath`, with a zero frame.
  public init(forCellWith indexPath: IndexPath) {
    self.indexPath = indexPath
    frame = .zero
    representedElementCategory = .cell
    representedElementKind = nil
  }

  /// The attributes of a supplementary view of `kind` at `indexPath`, with a zero frame.
  public init(forSupplementaryViewOfKind kind: String, with indexPath: IndexPath) {
    self.indexPath = indexPath
    frame = .zero
    representedElementCategory = .supplementaryView
    representedElementKind = kind
  }

  /// A copy, for a view to change (`preferredLayoutAttributesFitting(_:)`).
  open func copy() -> CollectionViewLayoutAttributes {
    let copy =
      representedElementKind.map {
        CollectionViewLayoutAttributes(forSupplementaryViewOfKind: $0, with: indexPath)
      } ?? CollectionViewLayoutAttributes(forCellWith: indexPath)
    copy.frame = frame
    copy.zIndex = zIndex
    copy.isHidden = isHidden
    copy.alpha = alpha
    copy.fitsWidth = fitsWidth
    copy.fitsHeight = fitsHeight
    copy.listRow = listRow
    return copy
  }
}

/// Where a row of a list section is in its section, for the separators and rounded corners
/// a collection view draws on it as a table view does.
struct ListRowPlacement: Hashable {
  var appearance: CollectionLayoutListConfiguration.Appearance
  var showsSeparators: Bool
  var isFirst: Bool
  var isLast: Bool
}

/// Decides where a collection view's items and supplementary views lie, as
/// `UICollectionViewLayout`: subclass it (or use `CollectionViewFlowLayout`,
/// `CollectionViewCompositionalLayout`).
///
/// The collection view calls `prepare()` before it first asks for attributes and after
/// `invalidateLayout()` (which a reload, an update, a change of its size or a subclass's
/// own change calls), then `collectionViewContentSize` and
/// `layoutAttributesForElements(in:)` with the rect of content whose elements exist as views
/// (the visible part and half a screen either way along the axes that scroll). A layout
/// that answers that for any rect without going through every item keeps a collection of a
/// million items as cheap as one of a screenful.
@MainActor
open class CollectionViewLayout {
  /// The collection view using the layout.
  public internal(set) weak var collectionView: CollectionView?
  /// Whether `prepare()` must run before attributes are asked for.
  var needsPrepare = true

  /// A layout not yet used by a collection view.
  public init() {}

  /// Computes what the layout needs before it answers; called once after each
  /// invalidation. Does nothing by default.
  open func prepare() {}

  /// Whether the collection view mirrors this layout's frames where it lays out right to
  /// left, as `UICollectionViewLayout.flipsHorizontallyInOppositeLayoutDirection`: false
  /// by default; the flow and compositional layouts, which place items from the leading
  /// edge, answer true. The layout computes left to right either way.
  open var flipsHorizontallyInOppositeLayoutDirection: Bool { false }

  /// The size of the whole content; zero by default.
  open var collectionViewContentSize: Size { .zero }

  /// The attributes of the elements in `rect` (content coordinates); `nil` by default.
  open func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]? {
    nil
  }

  /// The attributes of the item at `indexPath`; `nil` by default.
  open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    nil
  }

  /// The attributes of the supplementary view of `elementKind` at `indexPath`; `nil` by
  /// default.
  open func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> CollectionViewLayoutAttributes? { nil }

  /// Marks the layout as needing `prepare()` again and its collection view as needing to
  /// arrange its cells. Subclasses that cache call `super`.
  open func invalidateLayout() {
    needsPrepare = true
    collectionView?.setNeedsLayout()
  }

  /// Whether a scroll to `newBounds` changes the layout (pinned headers); `false` by
  /// default. A change of size always does.
  open func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool { false }

  /// Whether the size a self-sizing view asked for (`preferred`, from
  /// `CollectionReusableView.preferredLayoutAttributesFitting(_:)`) changes the layout. The
  /// built-in layouts, which let cells size themselves along estimated dimensions, record the
  /// size here (along those dimensions) and return whether it differs; other layouts' cells do
  /// not size themselves, and the answer is `false`.
  open func shouldInvalidateLayout(
    forPreferredLayoutAttributes preferred: CollectionViewLayoutAttributes,
    withOriginalAttributes original: CollectionViewLayoutAttributes
  ) -> Bool {
    guard original.representedElementKind == nil, original.fitsWidth || original.fitsHeight
    else { return false }
    let size = Size(
      width: original.fitsWidth ? preferred.size.width : original.size.width,
      height: original.fitsHeight ? preferred.size.height : original.size.height)
    measuredSizes[original.indexPath] = size
    return size != original.size
  }

  /// The sizes self-sizing cells asked for.
  var measuredSizes = MeasuredItemSizes()

  /// Whether the view of the element `attributes` describes must be measured: a cell that
  /// sizes itself and was not measured yet.
  func needsMeasurement(of attributes: CollectionViewLayoutAttributes) -> Bool {
    attributes.representedElementKind == nil && (attributes.fitsWidth || attributes.fitsHeight)
      && measuredSizes[attributes.indexPath] == nil
  }

  /// The collection view asked its data source for everything again: what the layout
  /// measured of its items no longer holds.
  func collectionViewDidReload() { measuredSizes.removeAll() }

  /// The collection view's items moved (`updates`): what the layout measured of them moves
  /// with them.
  func collectionViewDidUpdate(_ updates: CollectionUpdates) { measuredSizes.remap(updates) }

  /// The size of the collection view, or zero without one.
  var containerSize: Size { collectionView?.frame.size ?? .zero }
}

extension Rect {
  /// Whether the two rects overlap (edges that only touch do not).
  func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// The rect moved by `dx`, `dy`.
  func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }
}
