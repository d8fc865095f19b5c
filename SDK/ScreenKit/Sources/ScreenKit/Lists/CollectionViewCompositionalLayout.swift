/// A layout of sections built from items and groups, as `UICollectionViewCompositionalLayout`:
/// each section repeats its group one under another (the layout scrolls vertically) until its
/// items run out.
///
/// A section whose groups all have one height (no self-sizing item measured yet) is laid out
/// arithmetically, so its cost does not grow with its item count; once cells with estimated
/// heights have measured themselves, the section's groups are placed one by one.
@MainActor
open class CollectionViewCompositionalLayout: CollectionViewLayout {
  /// True: the collection view mirrors the items where it lays out right to left, as UIKit
  /// does for this layout.
  open override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

  /// Makes the section at an index for the environment it is laid out in; `nil` leaves the
  /// section out.
  public typealias SectionProvider =
    @MainActor (Int, CollectionLayoutEnvironment) -> CollectionLayoutSection?

  /// What applies to all sections, as `UICollectionViewCompositionalLayoutConfiguration`.
  public struct Configuration: Sendable, Hashable {
    /// The space between one section and the next; 0 by default.
    public var interSectionSpacing = 0.0
    /// The defaults.
    public init() {}
  }

  private let sectionProvider: SectionProvider
  /// What applies to all sections; setting it lays them out again.
  public var configuration = Configuration() { didSet { invalidateLayout() } }

  private var sections: [CompositionalSection] = []
  private var contentHeight = 0.0
  private var width = 0.0

  /// A layout whose every section is `section`.
  public convenience init(section: CollectionLayoutSection) {
    self.init { _, _ in section }
  }

  /// A layout whose sections `sectionProvider` makes.
  public init(sectionProvider: @escaping SectionProvider) {
    self.sectionProvider = sectionProvider
    super.init()
  }

  /// A layout of list sections of `configuration`, whose rows look like a table view's of
  /// the same appearance, as `UICollectionViewCompositionalLayout.list(using:)`.
  public static func list(using configuration: CollectionLayoutListConfiguration)
    -> CollectionViewCompositionalLayout
  {
    CollectionViewCompositionalLayout { _, environment in
      .list(using: configuration, layoutEnvironment: environment)
    }
  }

  // MARK: Preparing

  /// Asks for each section and works out where its groups go.
  open override func prepare() {
    super.prepare()
    sections.removeAll(keepingCapacity: true)
    guard let collectionView else {
      contentHeight = 0
      return
    }
    let inset = collectionView.adjustedContentInset
    width = collectionView.frame.width - inset.left - inset.right
    let environment = CollectionLayoutEnvironment(
      container: CollectionLayoutContainer(
        contentSize: Size(
          width: width, height: collectionView.frame.height - inset.top - inset.bottom),
        contentInsets: .zero),
      traitCollection: collectionView.window?.traitCollection ?? TraitCollection())
    let count = collectionView.numberOfSections
    var top = 0.0
    for index in 0..<count {
      if index > 0 { top += configuration.interSectionSpacing }
      guard let section = sectionProvider(index, environment) else {
        sections.append(CompositionalSection(index: index, top: top))
        continue
      }
      let laid = CompositionalSection(
        index: index, top: top, section: section, isLast: index == count - 1,
        itemCount: collectionView.numberOfItems(inSection: index),
        container: environment.container.contentSize, measured: measuredSizes)
      top = laid.bottom
      sections.append(laid)
    }
    contentHeight = top
  }

  // MARK: Answering

  /// The collection view's width and the height of all sections.
  open override var collectionViewContentSize: Size { Size(width: width, height: contentHeight) }

  /// The items and boundary supplementary items in `rect`.
  open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]?
  {
    var result: [CollectionViewLayoutAttributes] = []
    let visibleTop = collectionView.map { $0.contentOffset.y + $0.adjustedContentInset.top } ?? 0
    for section in sections where section.top <= rect.maxY && section.bottom >= rect.minY {
      for supplementary in section.supplementaryAttributes(visibleTop: visibleTop)
      where supplementary.frame.intersects(rect) {
        result.append(supplementary)
      }
      for item in section.items(from: rect.minY, to: rect.maxY) {
        let attributes = section.itemAttributes(item)
        if attributes.frame.intersects(rect) { result.append(attributes) }
      }
    }
    return result
  }

  /// The item's attributes.
  open override func layoutAttributesForItem(at indexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    guard indexPath.count == 2, sections.indices.contains(indexPath.section),
      (0..<sections[indexPath.section].itemCount).contains(indexPath.item)
    else { return nil }
    return sections[indexPath.section].itemAttributes(indexPath.item)
  }

  /// A section's boundary supplementary item of `elementKind`, at `[section, 0]`.
  open override func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> CollectionViewLayoutAttributes? {
    guard indexPath.count >= 1, sections.indices.contains(indexPath.section) else { return nil }
    let visibleTop = collectionView.map { $0.contentOffset.y + $0.adjustedContentInset.top } ?? 0
    return sections[indexPath.section].supplementaryAttributes(visibleTop: visibleTop).first {
      $0.representedElementKind == elementKind
    }
  }

  /// Pinned boundary items move with every scroll.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    sections.contains { $0.hasPinnedItems }
  }
}

/// One laid-out section of a compositional layout.
@MainActor
struct CompositionalSection {
  let index: Int
  let top: Double
  private(set) var bottom: Double
  let itemCount: Int
  /// The cells of one group instance, from its origin.
  private var pattern: [(frame: Rect, fitsHeight: Bool)] = []
  private var groupHeight = 0.0
  private var spacing = 0.0
  /// The origin of the first group.
  private var groupsOrigin = Point.zero
  /// Where each group starts and how high it is, once cells measured themselves; `nil` while
  /// every group has the pattern's height.
  private var placedGroups: (tops: [Double], heights: [Double])?
  private var measuredHeights: [Int: Double] = [:]
  private var supplementaries: [(item: CollectionLayoutBoundarySupplementaryItem, frame: Rect)] = []
  private var listRow: ListRowPlacement?

  /// An empty section (the provider gave none).
  init(index: Int, top: Double) {
    self.index = index
    self.top = top
    bottom = top
    itemCount = 0
  }

  init(
    index: Int, top: Double, section: CollectionLayoutSection, isLast: Bool, itemCount: Int,
    container: Size, measured: MeasuredItemSizes
  ) {
    self.index = index
    self.top = top
    self.itemCount = itemCount
    bottom = top
    var insets = section.contentInsets
    if let list = section.listConfiguration {
      listRow = ListRowPlacement(
        appearance: list.appearance, showsSeparators: list.showsSeparators, isFirst: false,
        isLast: false)
      if list.appearance != .plain {
        // A grouped table's spacing: 35 points above the first section and below the last,
        // half of it either side of the others (ListMetrics.groupedSectionSpacing).
        let spacing = ListMetrics.groupedSectionSpacing
        insets.top += index == 0 ? spacing : spacing / 2
        insets.bottom += isLast ? spacing : spacing / 2
      }
    }
    let content = Size(
      width: max(0, container.width - insets.leading - insets.trailing), height: container.height)
    var cursor = top
    for item in section.boundarySupplementaryItems where item.alignment == .top {
      let size = item.layoutSize.resolved(in: content)
      supplementaries.append(
        (item, Rect(x: insets.leading, y: cursor, width: size.width, height: size.height)))
      cursor += size.height
    }
    let groupSize = section.group.layoutSize.resolved(in: content)
    pattern = section.group.cellFrames(in: groupSize)
    groupHeight = groupSize.height
    spacing = section.interGroupSpacing
    groupsOrigin = Point(x: insets.leading, y: cursor + insets.top)
    let perGroup = max(1, pattern.count)
    let groupCount = pattern.isEmpty ? 0 : (itemCount + perGroup - 1) / perGroup
    if pattern.contains(where: \.fitsHeight), measured.hasSizes(inSection: index) {
      placeGroups(count: groupCount, perGroup: perGroup, measured: measured)
    }
    cursor = groupsOrigin.y + groupsExtent(count: groupCount) + insets.bottom
    for item in section.boundarySupplementaryItems where item.alignment == .bottom {
      let size = item.layoutSize.resolved(in: content)
      supplementaries.append(
        (item, Rect(x: insets.leading, y: cursor, width: size.width, height: size.height)))
      cursor += size.height
    }
    bottom = cursor
  }

  /// Places the groups one by one: a group is as high as its tallest measured cell.
  private mutating func placeGroups(count: Int, perGroup: Int, measured: MeasuredItemSizes) {
    var tops: [Double] = []
    var heights: [Double] = []
    tops.reserveCapacity(count)
    heights.reserveCapacity(count)
    var y = 0.0
    for group in 0..<count {
      var height = groupHeight
      var measuredAny = false
      for slot in 0..<perGroup where pattern[slot].fitsHeight {
        let item = group * perGroup + slot
        guard item < itemCount,
          let size = measured[IndexPath(item: item, section: index)]
        else { continue }
        measuredHeights[item] = size.height
        let needed = pattern[slot].frame.minY + size.height
        height = measuredAny ? max(height, needed) : needed
        measuredAny = true
      }
      tops.append(y)
      heights.append(height)
      y += height + spacing
    }
    placedGroups = (tops, heights)
  }

  private func groupsExtent(count: Int) -> Double {
    guard count > 0 else { return 0 }
    if let placed = placedGroups { return placed.tops[count - 1] + placed.heights[count - 1] }
    return Double(count) * groupHeight + Double(count - 1) * spacing
  }

  var hasPinnedItems: Bool { supplementaries.contains { $0.item.pinToVisibleBounds } }

  /// The items whose groups cross `minY ... maxY`.
  func items(from minY: Double, to maxY: Double) -> Range<Int> {
    let perGroup = max(1, pattern.count)
    let groupCount = pattern.isEmpty ? 0 : (itemCount + perGroup - 1) / perGroup
    guard groupCount > 0 else { return 0..<0 }
    let low = minY - groupsOrigin.y
    let high = maxY - groupsOrigin.y
    let first: Int
    let last: Int
    if let placed = placedGroups {
      first = (0..<groupCount).partitioningIndex { placed.tops[$0] + placed.heights[$0] >= low }
      last = (0..<groupCount).partitioningIndex { placed.tops[$0] > high } - 1
    } else {
      let pitch = groupHeight + spacing
      guard pitch > 0 else { return 0..<itemCount }
      first = max(0, Int((low / pitch).rounded(.down)))
      last = min(groupCount - 1, Int((high / pitch).rounded(.down)))
    }
    guard first <= last, first < groupCount else { return 0..<0 }
    return (first * perGroup)..<min(itemCount, (last + 1) * perGroup)
  }

  /// Where the item is: its slot of its group's pattern, at the group's top.
  func itemAttributes(_ item: Int) -> CollectionViewLayoutAttributes {
    let perGroup = max(1, pattern.count)
    let group = item / perGroup
    let slot = pattern[item % perGroup]
    let groupTop =
      placedGroups?.tops[group] ?? Double(group) * (groupHeight + spacing)
    var frame = slot.frame.offsetBy(dx: groupsOrigin.x, dy: groupsOrigin.y + groupTop)
    if slot.fitsHeight, let height = measuredHeights[item] { frame.size.height = height }
    let attributes = CollectionViewLayoutAttributes(
      forCellWith: IndexPath(item: item, section: index))
    attributes.frame = frame
    attributes.fitsHeight = slot.fitsHeight
    if var row = listRow {
      row.isFirst = item == 0
      row.isLast = item == itemCount - 1
      attributes.listRow = row
    }
    return attributes
  }

  /// The boundary supplementary items; pinned ones at the visible top while their section
  /// is under it.
  func supplementaryAttributes(visibleTop: Double) -> [CollectionViewLayoutAttributes] {
    supplementaries.map { item, natural in
      let attributes = CollectionViewLayoutAttributes(
        forSupplementaryViewOfKind: item.elementKind, with: IndexPath(item: 0, section: index))
      var frame = natural
      if item.pinToVisibleBounds, item.alignment == .top {
        frame.origin.y = max(natural.minY, min(visibleTop, bottom - natural.height))
        attributes.zIndex = 10
      }
      attributes.frame = frame
      return attributes
    }
  }
}
