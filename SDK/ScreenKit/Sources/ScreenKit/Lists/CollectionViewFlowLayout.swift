/// A layout that places items in lines, as `UICollectionViewFlowLayout`: items one after
/// another along a line (left to right when scrolling vertically, top to bottom when
/// scrolling horizontally), a new line when the next item does not fit, lines one after
/// another along the scroll direction; each section with its insets, header and footer.
///
/// How a line is filled follows Apple's "Collection View Programming Guide for iOS", section
/// "Using the Flow Layout" ("places cells on a linear path and fits as many cells along that
/// line as it can"; the minimum inter-item spacing is a minimum, "the actual spacing between
/// items may be larger"): the extra space of a full line is spread between its items, so that
/// the first touches the leading section inset and the last the trailing one. The last line
/// of a section is left-aligned at the minimum spacing, and an item alone on a line is at the
/// leading inset; Stack Overflow question 13017257 ("How do you determine spacing between
/// cells in UICollectionView flowLayout") records both, noting that early releases centred an
/// item alone on a line other than the last. Items of a line are centred across it.
///
/// A section whose items have one size (`itemSize`, the delegate not sizing items) is laid out
/// arithmetically: its cost does not grow with its item count. Items of their own sizes (the
/// delegate's `sizeForItemAt`, or self-sizing with `estimatedItemSize`) are placed one by one
/// when the layout prepares.
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
  /// True: the collection view mirrors the items where it lays out right to left, as UIKit
  /// does for this layout.
  open override var flipsHorizontallyInOppositeLayoutDirection: Bool { true }

  /// The direction the content scrolls in, as `UICollectionView.ScrollDirection`.
  public enum ScrollDirection: String, Sendable, Hashable, CaseIterable {
    /// Lines are rows, one under another.
    case vertical
    /// Lines are columns, one after another.
    case horizontal
  }

  /// An item size that the item's cell works out itself (self-sizing), as
  /// `UICollectionViewFlowLayout.automaticSize`; as `estimatedItemSize` it makes cells size
  /// themselves, as the delegate's `sizeForItemAt` answer it leaves the size to the layout.
  public nonisolated static let automaticSize = Size(width: -1, height: -1)

  /// The size of items the delegate does not size; 50 × 50 by default, as UIKit documents.
  public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
  /// The size assumed for items whose cells size themselves; zero (the default) turns
  /// self-sizing off, `automaticSize` turns it on with `itemSize` as the estimate.
  public var estimatedItemSize = Size.zero { didSet { invalidateLayout() } }
  /// The least spacing between lines; 10 by default.
  public var minimumLineSpacing = 10.0 { didSet { invalidateLayout() } }
  /// The least spacing between items of a line; 10 by default.
  public var minimumInteritemSpacing = 10.0 { didSet { invalidateLayout() } }
  /// The insets of each section's items; zero by default.
  public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
  /// The size of section headers (only the height counts when scrolling vertically, the
  /// width horizontally); zero (the default): no headers.
  public var headerReferenceSize = Size.zero { didSet { invalidateLayout() } }
  /// The size of section footers; zero (the default): no footers.
  public var footerReferenceSize = Size.zero { didSet { invalidateLayout() } }
  /// The direction the content scrolls in; `.vertical` by default.
  public var scrollDirection = ScrollDirection.vertical { didSet { invalidateLayout() } }
  /// Whether a section's header stays at the top of the visible area while its section
  /// scrolls under it; `false` by default.
  public var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }

  private var sections: [FlowSection] = []
  private var contentLength = 0.0
  private var lineLength = 0.0

  /// A flow layout with UIKit's defaults.
  public override init() { super.init() }

  // MARK: Preparing

  /// Works out each section's lines: arithmetically for items of one size, one by one for
  /// items of their own sizes.
  open override func prepare() {
    super.prepare()
    sections.removeAll(keepingCapacity: true)
    guard let collectionView else {
      contentLength = 0
      return
    }
    let inset = collectionView.adjustedContentInset
    let size = collectionView.frame.size
    lineLength =
      scrollDirection == .vertical
      ? size.width - inset.left - inset.right : size.height - inset.top - inset.bottom
    let delegate = collectionView.delegate as? CollectionViewDelegateFlowLayout
    var cursor = 0.0
    for index in 0..<collectionView.numberOfSections {
      let section = makeSection(index, in: collectionView, delegate: delegate, start: cursor)
      cursor = section.end
      sections.append(section)
    }
    contentLength = cursor
  }

  private func makeSection(
    _ index: Int, in collectionView: CollectionView,
    delegate: (any CollectionViewDelegateFlowLayout)?, start: Double
  ) -> FlowSection {
    let count = collectionView.numberOfItems(inSection: index)
    let inset =
      delegate?.collectionView(collectionView, layout: self, insetForSectionAt: index)
      ?? sectionInset
    let header =
      delegate?.collectionView(collectionView, layout: self, referenceSizeForHeaderInSection: index)
      ?? headerReferenceSize
    let footer =
      delegate?.collectionView(collectionView, layout: self, referenceSizeForFooterInSection: index)
      ?? footerReferenceSize
    var section = FlowSection(
      start: start, header: flow(header).across, footer: flow(footer).across,
      insets: flowInsets(inset), count: count,
      lineSpacing: delegate?.collectionView(
        collectionView, layout: self, minimumLineSpacingForSectionAt: index) ?? minimumLineSpacing,
      interitemSpacing: delegate?.collectionView(
        collectionView, layout: self, minimumInteritemSpacingForSectionAt: index)
        ?? minimumInteritemSpacing)
    let available = lineLength - section.insets.lineStart - section.insets.lineEnd
    let sizeOf = itemSizes(of: index, count: count, in: collectionView, delegate: delegate)
    if let sizeOf {
      section.lines = .placed(
        FlowPlacedLines(
          count: count, available: available, spacing: section.interitemSpacing,
          lineSpacing: section.lineSpacing, size: { self.flow(sizeOf($0)) }))
    } else {
      let uniform = flow(isSelfSizing ? estimate : itemSize)
      section.lines = .uniform(
        FlowUniformLines(
          count: count, item: uniform, available: available, spacing: section.interitemSpacing,
          lineSpacing: section.lineSpacing))
    }
    return section
  }

  /// How items of `section` get their sizes when they have their own, or `nil` when they all
  /// have one (the layout's, or the estimate of cells none of which was measured yet).
  private func itemSizes(
    of section: Int, count: Int, in collectionView: CollectionView,
    delegate: (any CollectionViewDelegateFlowLayout)?
  ) -> ((Int) -> Size)? {
    guard count > 0 else { return nil }
    if let delegate,
      delegate.collectionView(
        collectionView, layout: self, sizeForItemAt: IndexPath(item: 0, section: section))
        != Self.automaticSize
    {
      return { item in
        delegate.collectionView(
          collectionView, layout: self, sizeForItemAt: IndexPath(item: item, section: section))
      }
    }
    guard isSelfSizing, measuredSizes.hasSizes(inSection: section) else { return nil }
    let estimate = estimate
    return { [measuredSizes] item in
      measuredSizes[IndexPath(item: item, section: section)] ?? estimate
    }
  }

  private var isSelfSizing: Bool { estimatedItemSize != .zero }

  /// The size of self-sizing items not measured yet.
  private var estimate: Size {
    estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize
  }

  // MARK: Answering

  /// The size of all sections along the scroll direction, and the view's line length across.
  open override var collectionViewContentSize: Size {
    scrollDirection == .vertical
      ? Size(width: lineLength, height: contentLength)
      : Size(width: contentLength, height: lineLength)
  }

  /// The items, headers and footers in `rect`: the lines of each section that `rect` crosses.
  open override func layoutAttributesForElements(in rect: Rect) -> [CollectionViewLayoutAttributes]?
  {
    let range = flowRange(of: rect)
    var result: [CollectionViewLayoutAttributes] = []
    for (index, section) in sections.enumerated()
    where section.start <= range.max && section.end >= range.min {
      if let header = headerAttributes(index), header.frame.intersects(rect) {
        result.append(header)
      }
      let lines = section.lineRange(from: range.min, to: range.max)
      for item in section.items(inLines: lines) {
        let attributes = itemAttributes(IndexPath(item: item, section: index), in: section)
        if attributes.frame.intersects(rect) { result.append(attributes) }
      }
      if let footer = footerAttributes(index), footer.frame.intersects(rect) {
        result.append(footer)
      }
    }
    return result
  }

  /// The item's attributes, worked out from its section's lines.
  open override func layoutAttributesForItem(at indexPath: IndexPath)
    -> CollectionViewLayoutAttributes?
  {
    guard indexPath.count == 2, sections.indices.contains(indexPath.section),
      (0..<sections[indexPath.section].count).contains(indexPath.item)
    else { return nil }
    return itemAttributes(indexPath, in: sections[indexPath.section])
  }

  /// A section's header or footer (`CollectionView.elementKindSectionHeader`, `…Footer`),
  /// at `indexPath` `[section, 0]`.
  open override func layoutAttributesForSupplementaryView(
    ofKind elementKind: String, at indexPath: IndexPath
  ) -> CollectionViewLayoutAttributes? {
    guard indexPath.count >= 1 else { return nil }
    switch elementKind {
    case CollectionView.elementKindSectionHeader: return headerAttributes(indexPath.section)
    case CollectionView.elementKindSectionFooter: return footerAttributes(indexPath.section)
    default: return nil
    }
  }

  /// Pinned headers move with every scroll.
  open override func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    sectionHeadersPinToVisibleBounds
  }

  private func itemAttributes(_ path: IndexPath, in section: FlowSection)
    -> CollectionViewLayoutAttributes
  {
    let attributes = CollectionViewLayoutAttributes(forCellWith: path)
    let placed = section.lines.frame(ofItem: path.item)
    attributes.frame = rect(
      along: section.insets.lineStart + placed.along,
      across: section.itemsStart + placed.across, placed.size)
    attributes.fitsWidth = isSelfSizing
    attributes.fitsHeight = isSelfSizing
    return attributes
  }

  private func headerAttributes(_ index: Int) -> CollectionViewLayoutAttributes? {
    guard sections.indices.contains(index) else { return nil }
    let section = sections[index]
    guard section.header > 0 else { return nil }
    let attributes = CollectionViewLayoutAttributes(
      forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
      with: IndexPath(item: 0, section: index))
    var start = section.start
    if sectionHeadersPinToVisibleBounds, let collectionView {
      let visibleStart =
        scrollDirection == .vertical
        ? collectionView.contentOffset.y + collectionView.adjustedContentInset.top
        : collectionView.contentOffset.x + collectionView.adjustedContentInset.left
      start = max(section.start, min(visibleStart, section.end - section.footer - section.header))
      attributes.zIndex = 10
    }
    attributes.frame = rect(
      along: 0, across: start, FlowSize(along: lineLength, across: section.header))
    return attributes
  }

  private func footerAttributes(_ index: Int) -> CollectionViewLayoutAttributes? {
    guard sections.indices.contains(index) else { return nil }
    let section = sections[index]
    guard section.footer > 0 else { return nil }
    let attributes = CollectionViewLayoutAttributes(
      forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter,
      with: IndexPath(item: 0, section: index))
    attributes.frame = rect(
      along: 0, across: section.end - section.footer,
      FlowSize(along: lineLength, across: section.footer))
    return attributes
  }

  // MARK: Flow coordinates

  /// `size` with `along` the line and `across` the lines.
  private func flow(_ size: Size) -> FlowSize {
    scrollDirection == .vertical
      ? FlowSize(along: size.width, across: size.height)
      : FlowSize(along: size.height, across: size.width)
  }

  private func flowInsets(_ insets: EdgeInsets) -> FlowInsets {
    scrollDirection == .vertical
      ? FlowInsets(
        lineStart: insets.left, lineEnd: insets.right, before: insets.top, after: insets.bottom)
      : FlowInsets(
        lineStart: insets.top, lineEnd: insets.bottom, before: insets.left, after: insets.right)
  }

  private func rect(along: Double, across: Double, _ size: FlowSize) -> Rect {
    scrollDirection == .vertical
      ? Rect(x: along, y: across, width: size.along, height: size.across)
      : Rect(x: across, y: along, width: size.across, height: size.along)
  }

  /// The extent of `rect` along the scroll direction.
  private func flowRange(of rect: Rect) -> (min: Double, max: Double) {
    scrollDirection == .vertical ? (rect.minY, rect.maxY) : (rect.minX, rect.maxX)
  }
}

/// A size in a flow layout's terms: `along` its lines and `across` them (the scroll
/// direction).
struct FlowSize: Hashable {
  var along: Double
  var across: Double
}

/// A section's insets in a flow layout's terms.
struct FlowInsets: Hashable {
  var lineStart: Double
  var lineEnd: Double
  var before: Double
  var after: Double
}

/// An item's place in its section's lines: from the leading inset along the line, from the
/// first line across.
struct FlowItemFrame {
  var along: Double
  var across: Double
  var size: FlowSize
}

/// One section of a flow layout: header, insets, lines, footer, from `start` along the
/// scroll direction.
struct FlowSection {
  var start: Double
  var header: Double
  var footer: Double
  var insets: FlowInsets
  var count: Int
  var lineSpacing: Double
  var interitemSpacing: Double
  var lines = FlowLines.uniform(
    FlowUniformLines(
      count: 0, item: FlowSize(along: 0, across: 0), available: 0, spacing: 0, lineSpacing: 0))

  /// Where the first line starts.
  var itemsStart: Double { start + header + insets.before }
  /// Where the section ends, its footer included.
  var end: Double { itemsStart + lines.extent + insets.after + footer }

  /// The lines that cross `min ... max` (content coordinates along the scroll direction).
  func lineRange(from min: Double, to max: Double) -> ClosedRange<Int>? {
    lines.lineRange(from: min - itemsStart, to: max - itemsStart)
  }

  /// The items of `lines`.
  func items(inLines lines: ClosedRange<Int>?) -> Range<Int> {
    guard let lines else { return 0..<0 }
    return self.lines.items(inLines: lines)
  }
}

/// A section's lines: worked out arithmetically for items of one size, or placed item by
/// item.
enum FlowLines {
  case uniform(FlowUniformLines)
  case placed(FlowPlacedLines)

  var extent: Double {
    switch self {
    case .uniform(let lines): lines.extent
    case .placed(let lines): lines.extent
    }
  }

  func frame(ofItem item: Int) -> FlowItemFrame {
    switch self {
    case .uniform(let lines): lines.frame(ofItem: item)
    case .placed(let lines): lines.frames[item]
    }
  }

  func lineRange(from min: Double, to max: Double) -> ClosedRange<Int>? {
    switch self {
    case .uniform(let lines): lines.lineRange(from: min, to: max)
    case .placed(let lines): lines.lineRange(from: min, to: max)
    }
  }

  func items(inLines range: ClosedRange<Int>) -> Range<Int> {
    switch self {
    case .uniform(let lines):
      return
        (range.lowerBound * lines.perLine)..<min(
          lines.count, (range.upperBound + 1) * lines.perLine)
    case .placed(let lines):
      let end =
        range.upperBound + 1 < lines.lineStarts.count
        ? lines.lineStarts[range.upperBound + 1] : lines.frames.count
      return lines.lineStarts[range.lowerBound]..<end
    }
  }
}

/// The lines of a section whose items have one size: how many fit a line and where each
/// item is follow from the count, in constant time.
struct FlowUniformLines {
  let count: Int
  let item: FlowSize
  let spacing: Double
  let lineSpacing: Double
  /// Items on a full line: as many as fit at the minimum spacing, at least one.
  let perLine: Int
  let lineCount: Int
  /// The spacing of a full line, its extra space spread between its items.
  let justifiedSpacing: Double

  init(count: Int, item: FlowSize, available: Double, spacing: Double, lineSpacing: Double) {
    self.count = count
    self.item = item
    self.spacing = spacing
    self.lineSpacing = lineSpacing
    let fitting = ((available + spacing) / max(item.along + spacing, .leastNonzeroMagnitude))
    // A hair of tolerance: items that fit exactly are not pushed to the next line by
    // rounding.
    perLine = max(1, Int((fitting + 1e-9).rounded(.down)))
    lineCount = (count + perLine - 1) / perLine
    justifiedSpacing =
      perLine > 1 ? (available - Double(perLine) * item.along) / Double(perLine - 1) : 0
  }

  var extent: Double {
    lineCount == 0 ? 0 : Double(lineCount) * item.across + Double(lineCount - 1) * lineSpacing
  }

  func frame(ofItem index: Int) -> FlowItemFrame {
    let line = index / perLine
    let position = index % perLine
    let isFull = (line + 1) * perLine <= count
    let gap = isFull ? justifiedSpacing : spacing
    return FlowItemFrame(
      along: Double(position) * (item.along + gap),
      across: Double(line) * (item.across + lineSpacing), size: item)
  }

  func lineRange(from min: Double, to max: Double) -> ClosedRange<Int>? {
    guard lineCount > 0, max >= 0, min <= extent else { return nil }
    let pitch = item.across + lineSpacing
    let first = Swift.max(0, Int((min / pitch).rounded(.down)))
    let last = Swift.min(lineCount - 1, Int((max / pitch).rounded(.down)))
    return first <= last ? first...last : nil
  }
}

/// The lines of a section whose items have their own sizes, placed one by one.
struct FlowPlacedLines {
  /// Each item's frame, in the section's flow coordinates.
  private(set) var frames: [FlowItemFrame] = []
  /// The first item of each line.
  private(set) var lineStarts: [Int] = []
  /// Where each line starts across, and its thickness.
  private var lineTops: [Double] = []
  private var lineThicknesses: [Double] = []

  init(
    count: Int, available: Double, spacing: Double, lineSpacing: Double,
    size: (Int) -> FlowSize
  ) {
    frames.reserveCapacity(count)
    var top = 0.0
    var item = 0
    while item < count {
      var sizes = [size(item)]
      var used = sizes[0].along
      while item + sizes.count < count {
        let next = size(item + sizes.count)
        guard used + spacing + next.along <= available + 1e-9 else { break }
        used += spacing + next.along
        sizes.append(next)
      }
      let isLast = item + sizes.count == count
      let thickness = sizes.map(\.across).max() ?? 0
      let gap =
        sizes.count > 1 && !isLast
        ? (available - sizes.reduce(0) { $0 + $1.along }) / Double(sizes.count - 1) : spacing
      lineStarts.append(item)
      lineTops.append(top)
      lineThicknesses.append(thickness)
      var along = 0.0
      for itemSize in sizes {
        frames.append(
          FlowItemFrame(
            along: along, across: top + (thickness - itemSize.across) / 2, size: itemSize))
        along += itemSize.along + gap
      }
      item += sizes.count
      top += thickness + lineSpacing
    }
  }

  var extent: Double {
    guard let top = lineTops.last, let thickness = lineThicknesses.last else { return 0 }
    return top + thickness
  }

  func lineRange(from min: Double, to max: Double) -> ClosedRange<Int>? {
    guard !lineTops.isEmpty, max >= 0, min <= extent else { return nil }
    // The first line ending at or after `min`, the last starting at or before `max`.
    let first = lineTops.indices.partitioningIndex { lineTops[$0] + lineThicknesses[$0] >= min }
    let last = lineTops.indices.partitioningIndex { lineTops[$0] > max } - 1
    return first <= last ? first...last : nil
  }
}

extension Range<Int> {
  /// The first index for which `belongs` holds, `belongs` being false then true along the
  /// range (a binary search).
  func partitioningIndex(where belongs: (Int) -> Bool) -> Int {
    var low = lowerBound
    var high = upperBound
    while low < high {
      let middle = low + (high - low) / 2
      if belongs(middle) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}

/// The sizes self-sizing cells asked for, by index path; they move with their items through
/// updates and are forgotten on a reload.
struct MeasuredItemSizes {
  private var sizes: [IndexPath: Size] = [:]
  /// How many sizes each section has.
  private var countsBySection: [Int: Int] = [:]

  subscript(path: IndexPath) -> Size? {
    get { sizes[path] }
    set {
      let had = sizes[path] != nil
      sizes[path] = newValue
      countsBySection[path.section, default: 0] += (newValue != nil ? 1 : 0) - (had ? 1 : 0)
    }
  }

  func hasSizes(inSection section: Int) -> Bool { (countsBySection[section] ?? 0) > 0 }

  mutating func removeAll() {
    sizes.removeAll()
    countsBySection.removeAll()
  }

  mutating func remap(_ updates: CollectionUpdates) {
    let old = sizes
    removeAll()
    for (path, size) in old where !updates.reloadedItems.contains(path) {
      if let target = updates.newIndexPath(for: path) { self[target] = size }
    }
  }
}
