/// Items in sections placed by a layout, as `UICollectionView`: a scroll view whose content
/// is the items a data source describes and a `CollectionViewLayout` places, of which only
/// those in view exist as cells.
///
/// The collection view asks its `dataSource` for the number of sections and items when it
/// loads (`reloadData()`), and for a cell only when an item comes into view
/// (`collectionView(_:cellForItemAt:)`); cells that leave are reused
/// (`dequeueReusableCell(withReuseIdentifier:for:)`, `CollectionReusableView.prepareForReuse()`).
/// Elements exist as views while they intersect the bounds widened by `preparedMargin` along
/// the axes that scroll, so that a client scrolling natively has the next items before they
/// show; only those views are nodes on the wire.
///
/// A tap on an item (a `tap` event on its cell, or a `touch` inside it) selects it as a
/// user's touch does: `shouldSelectItemAt`, the previous selection deselected (unless
/// `allowsMultipleSelection`), `didSelectItemAt`.
@MainActor
open class CollectionView: ScrollView {
  override var layoutAlgorithm: LayoutAlgorithm { .list }

  /// The kind of section headers, as `UICollectionView.elementKindSectionHeader`.
  public nonisolated static let elementKindSectionHeader = "CollectionElementKindSectionHeader"
  /// The kind of section footers, as `UICollectionView.elementKindSectionFooter`.
  public nonisolated static let elementKindSectionFooter = "CollectionElementKindSectionFooter"

  /// Where an item ends up when scrolled to, as `UICollectionView.ScrollPosition`: one
  /// vertical and one horizontal position at most; none of an axis scrolls as little as puts
  /// the item in view along it.
  public struct ScrollPosition: OptionSet, Sendable, Hashable {
    /// The positions' bits.
    public let rawValue: UInt
    /// A position from its raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// As little as puts the item in view.
    public static let none: ScrollPosition = []
    /// At the top of the visible area.
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// Centred vertically.
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// At the bottom.
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// At the left edge.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// Centred horizontally.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// At the right edge.
    public static let right = ScrollPosition(rawValue: 1 << 5)
  }

  /// Places the items; setting it lays them out again.
  public var collectionViewLayout: CollectionViewLayout {
    didSet {
      guard oldValue !== collectionViewLayout else { return }
      oldValue.collectionView = nil
      collectionViewLayout.collectionView = self
      collectionViewLayout.invalidateLayout()
    }
  }
  /// Describes the sections, items and cells; setting it reloads.
  public weak var dataSource: (any CollectionViewDataSource)? { didSet { reloadData() } }
  /// The ``ScrollView/delegate`` when it is a `CollectionViewDelegate`: it hears selection
  /// and display; a `CollectionViewDelegateFlowLayout` also sizes a flow layout's items.
  /// Setting the delegate reloads.
  var collectionDelegate: (any CollectionViewDelegate)? {
    delegate as? any CollectionViewDelegate
  }
  /// A new delegate may answer differently: the collection loads again.
  override func delegateDidChange() { reloadData() }
  /// Whether items can be selected; `true` by default.
  public var allowsSelection = true
  /// Whether several items can be selected at once; `false` by default.
  public var allowsMultipleSelection = false
  /// The margin, before and after the bounds along each axis that scrolls, within which
  /// elements exist as views: negative (the default, −1) for half the view's length along
  /// that axis.
  public var preparedMargin = -1.0 { didSet { setNeedsLayout() } }

  /// The number of items in each section, as the collection view last learnt it.
  private var itemCounts: [Int] = []
  /// Whether the sections and items must be asked for again.
  private var needsReload = true
  /// Cells by the items they show.
  private var visibleCellsByPath: [IndexPath: CollectionViewCell] = [:]
  /// Supplementary views shown, by kind and index path.
  private var visibleSupplementaries: [SupplementaryKey: CollectionReusableView] = [:]
  private var cellPool = ReusePool<CollectionViewCell>()
  private var supplementaryPool = ReusePool<CollectionReusableView>()
  /// The selected items, in the order they were selected.
  private var selectedPaths: [IndexPath] = []
  private let arrangement = ListArrangement()
  /// The size the layout was last prepared for.
  private var arrangedSize = Size.zero
  /// Nesting of `performBatchUpdates(_:completion:)`, and the changes gathered meanwhile.
  private var updateDepth = 0
  private var pendingUpdates = CollectionUpdates()

  /// A supplementary view's place: its kind and index path.
  private struct SupplementaryKey: Hashable {
    var kind: String
    var indexPath: IndexPath
  }

  /// A collection view with `frame` whose items `layout` places, as
  /// `UICollectionView(frame:collectionViewLayout:)`.
  public init(frame: Rect, collectionViewLayout layout: CollectionViewLayout) {
    collectionViewLayout = layout
    super.init(frame: frame)
    layout.collectionView = self
    backgroundColor = .systemBackground
  }

  // MARK: Registration and reuse

  /// Registers the cell class `cellClass` for `identifier`, as
  /// `register(_:forCellWithReuseIdentifier:)`: dequeues make cells of it with `init(frame:)`.
  public func register(
    _ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String
  ) {
    register(cellClass, forCellWithReuseIdentifier: identifier, ifNew: false)
  }

  func register(
    _ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String,
    ifNew: Bool
  ) {
    if ifNew && cellPool.isRegistered(identifier) { return }
    cellPool.register(identifier) { _ in cellClass.init(frame: .zero) }
  }

  /// Registers the supplementary view class `viewClass` for views of `kind` with
  /// `identifier`, as `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`.
  public func register(
    _ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind kind: String,
    withReuseIdentifier identifier: String
  ) {
    register(
      viewClass, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier, ifNew: false)
  }

  func register(
    _ viewClass: CollectionReusableView.Type, forSupplementaryViewOfKind kind: String,
    withReuseIdentifier identifier: String, ifNew: Bool
  ) {
    let key = Self.supplementaryPoolKey(kind: kind, identifier: identifier)
    if ifNew && supplementaryPool.isRegistered(key) { return }
    supplementaryPool.register(key) { _ in viewClass.init(frame: .zero) }
  }

  private static func supplementaryPoolKey(kind: String, identifier: String) -> String {
    "\(kind)\u{1F}\(identifier)"
  }

  /// A cell for `indexPath`: a reused one with `identifier` (after `prepareForReuse()`), or
  /// a new one of the registered class. Asking for an identifier nothing was registered for
  /// is a programming error, as UIKit's exception.
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> CollectionViewCell
  {
    guard let (cell, reused) = cellPool.dequeue(identifier) else {
      preconditionFailure(
        "CollectionView: no cell class is registered for the reuse identifier \"\(identifier)\"; "
          + "call register(_:forCellWithReuseIdentifier:) first")
    }
    cell.reuseIdentifier = identifier
    if reused { cell.prepareForReuse() }
    return cell
  }

  /// A supplementary view of `kind` for `indexPath`: a reused one with `identifier`, or a new
  /// one of the registered class; an unregistered kind and identifier is a programming error.
  public func dequeueReusableSupplementaryView(
    ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> CollectionReusableView {
    let key = Self.supplementaryPoolKey(kind: kind, identifier: identifier)
    guard let (view, reused) = supplementaryPool.dequeue(key) else {
      preconditionFailure(
        "CollectionView: no class is registered for supplementary views of kind \"\(kind)\" "
          + "with the reuse identifier \"\(identifier)\"")
    }
    view.reuseIdentifier = key
    if reused { view.prepareForReuse() }
    return view
  }

  // MARK: Loading

  /// Asks the data source for everything again, as `reloadData()`: the visible cells are
  /// reused for the items now in view, the selection is cleared.
  public func reloadData() {
    needsReload = true
    selectedPaths.removeAll()
    collectionViewLayout.collectionViewDidReload()
    collectionViewLayout.invalidateLayout()
    setNeedsLayout()
  }

  /// The number of sections.
  public var numberOfSections: Int {
    loadIfNeeded()
    return itemCounts.count
  }

  /// The number of items in `section`.
  public func numberOfItems(inSection section: Int) -> Int {
    loadIfNeeded()
    return itemCounts.indices.contains(section) ? itemCounts[section] : 0
  }

  /// The number of items in all sections.
  public var totalItemCount: Int {
    loadIfNeeded()
    return itemCounts.reduce(0, +)
  }

  private func loadIfNeeded() {
    guard needsReload else { return }
    needsReload = false
    itemCounts = countsFromDataSource()
    for (path, cell) in visibleCellsByPath { release(cell, at: path) }
    visibleCellsByPath.removeAll()
    for (key, view) in visibleSupplementaries { releaseSupplementary(view, at: key) }
    visibleSupplementaries.removeAll()
    collectionViewLayout.needsPrepare = true
  }

  private func countsFromDataSource() -> [Int] {
    guard let dataSource else { return [] }
    let sections = max(0, dataSource.numberOfSections(in: self))
    return (0..<sections).map {
      max(0, dataSource.collectionView(self, numberOfItemsInSection: $0))
    }
  }

  private func isValid(_ path: IndexPath) -> Bool {
    loadIfNeeded()
    return path.count == 2 && itemCounts.indices.contains(path.section) && path.item >= 0
      && path.item < itemCounts[path.section]
  }

  // MARK: Arranging cells

  /// Lays out the items in view: asks for cells of the items that came into view, reuses the
  /// cells of items that left, and places cells and supplementary views.
  open override func layoutSubviews() {
    super.layoutSubviews()
    arrangement.run(in: self, arrangeNow)
  }

  /// Scrolling changes which items are in view; the delegate hears of it.
  override func contentOffsetDidChange() {
    if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
      collectionViewLayout.needsPrepare = true
    }
    if !arrangement.isArranging { setNeedsLayout() }
    super.contentOffsetDidChange()
  }

  /// Runs the layout's `prepare()` when it was invalidated, and takes its content size.
  private func prepareLayoutIfNeeded() {
    let layout = collectionViewLayout
    if frame.size != arrangedSize {
      arrangedSize = frame.size
      layout.needsPrepare = true
    }
    guard layout.needsPrepare else { return }
    layout.needsPrepare = false
    layout.prepare()
    let size = layout.collectionViewContentSize
    if contentSize != size { contentSize = size }
  }

  /// The content whose elements exist as views: the bounds widened by the prepared margin
  /// along each axis that scrolls.
  private var preparedRect: Rect {
    let size = contentSize
    let x =
      size.width > frame.width
      ? ListArrangement.preparedExtent(
        offset: contentOffset.x, length: frame.width, margin: preparedMargin,
        overscan: window?.listOverscan ?? 0)
      : (contentOffset.x, contentOffset.x + frame.width)
    let y =
      size.height > frame.height
      ? ListArrangement.preparedExtent(
        offset: contentOffset.y, length: frame.height, margin: preparedMargin,
        overscan: window?.listOverscan ?? 0)
      : (contentOffset.y, contentOffset.y + frame.height)
    return Rect(x: x.0, y: y.0, width: x.1 - x.0, height: y.1 - y.0)
  }

  private func arrangeNow() {
    loadIfNeeded()
    var cellAttributes: [IndexPath: CollectionViewLayoutAttributes] = [:]
    var supplementaryAttributes: [SupplementaryKey: CollectionViewLayoutAttributes] = [:]
    // Measuring self-sizing items that came into view can move the items after them:
    // settle in a few rounds.
    for _ in 0..<4 {
      prepareLayoutIfNeeded()
      cellAttributes.removeAll(keepingCapacity: true)
      supplementaryAttributes.removeAll(keepingCapacity: true)
      let asked = flipsLayout ? flipped(preparedRect) : preparedRect
      for attributes in collectionViewLayout.layoutAttributesForElements(in: asked) ?? [] {
        if let kind = attributes.representedElementKind {
          let key = SupplementaryKey(kind: kind, indexPath: attributes.indexPath)
          supplementaryAttributes[key] = attributes
        } else if isValid(attributes.indexPath) {
          cellAttributes[attributes.indexPath] = attributes
        }
      }
      ListArrangement.releaseViews(of: &visibleCellsByPath, notIn: Set(cellAttributes.keys)) {
        path, cell in release(cell, at: path)
      }
      let anchor = firstVisibleItem
      var measuredChange = false
      for path in cellAttributes.keys.sorted() where visibleCellsByPath[path] == nil {
        guard let attributes = cellAttributes[path], let cell = makeCell(for: path, attributes)
        else { continue }
        visibleCellsByPath[path] = cell
        if measure(cell, attributes) { measuredChange = true }
        collectionDelegate?.collectionView(self, willDisplay: cell, forItemAt: path)
      }
      guard measuredChange else { break }
      collectionViewLayout.needsPrepare = true
      prepareLayoutIfNeeded()
      // Keep the first visible item where it was on screen, as UIKit does when estimated
      // sizes before it turn out different.
      if let (path, origin) = anchor,
        let moved = collectionViewLayout.layoutAttributesForItem(at: path)?.frame.origin,
        moved != origin
      {
        contentOffset = Point(
          x: contentOffset.x + moved.x - origin.x, y: contentOffset.y + moved.y - origin.y)
      }
    }
    ListArrangement.releaseViews(
      of: &visibleSupplementaries, notIn: Set(supplementaryAttributes.keys)
    ) { key, view in releaseSupplementary(view, at: key) }
    for (path, cell) in visibleCellsByPath {
      if let attributes = cellAttributes[path] { place(cell, at: path, attributes) }
    }
    for (key, attributes) in supplementaryAttributes.sorted(by: {
      $0.value.zIndex < $1.value.zIndex
    }) {
      guard let view = visibleSupplementaries[key] ?? makeSupplementary(at: key) else { continue }
      visibleSupplementaries[key] = view
      apply(attributes, to: view)
      if view.layoutState.needsLayout { LayoutEngine(laying: view).layout(root: view) }
      if subviews.last !== view { insertSubview(view, at: subviews.count) }
    }
    cellPool.removeUnclaimedViews(from: self)
    supplementaryPool.removeUnclaimedViews(from: self)
  }

  /// The first item intersecting the visible area, and its frame's origin.
  private var firstVisibleItem: (IndexPath, Point)? {
    let visible = bounds
    return visibleCellsByPath.keys.sorted().lazy.compactMap { path -> (IndexPath, Point)? in
      guard let frame = self.visibleCellsByPath[path]?.frame, frame.intersects(visible) else {
        return nil
      }
      return (path, frame.origin)
    }.first
  }

  private func makeCell(for path: IndexPath, _ attributes: CollectionViewLayoutAttributes)
    -> CollectionViewCell?
  {
    guard let dataSource else { return nil }
    let cell = dataSource.collectionView(self, cellForItemAt: path)
    cell.collectionView = self
    cell.indexPath = path
    let selected = selectedPaths.contains(path)
    if cell.isSelected != selected { cell.isSelected = selected }
    if cell.superview !== self { insertSubview(cell, at: 0) }
    apply(attributes, to: cell)
    return cell
  }

  /// Measures a self-sizing cell that just came into view; returns whether the layout
  /// changed.
  private func measure(_ cell: CollectionViewCell, _ attributes: CollectionViewLayoutAttributes)
    -> Bool
  {
    let layout = collectionViewLayout
    guard layout.needsMeasurement(of: attributes) else { return false }
    cell.placeContent()
    let preferred = cell.preferredLayoutAttributesFitting(attributes)
    return layout.shouldInvalidateLayout(
      forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
  }

  private func apply(_ attributes: CollectionViewLayoutAttributes, to view: View) {
    let frame = flipsLayout ? flipped(attributes.frame) : attributes.frame
    if view.frame != frame { view.frame = frame }
    if view.isHidden != attributes.isHidden { view.isHidden = attributes.isHidden }
    if view.alpha != attributes.alpha { view.alpha = attributes.alpha }
  }

  private func place(
    _ cell: CollectionViewCell, at path: IndexPath, _ attributes: CollectionViewLayoutAttributes
  ) {
    apply(attributes, to: cell)
    cell.indexPath = path
    var separator: EdgeInsets?
    var corners = TableViewCell.RoundedCorners.none
    if let row = attributes.listRow {
      // Grouped sections end with their last row: no separator under it, as a table's.
      if row.showsSeparators, !(row.appearance != .plain && row.isLast) {
        separator = cell.defaultSeparatorInset
      }
      if row.appearance == .insetGrouped {
        corners = .forRow(isFirst: row.isFirst, isLast: row.isLast)
      }
    }
    if cell.separator != separator {
      cell.separator = separator
      cell.setNeedsDisplay()
    }
    cell.setRoundedCorners(corners)
    if cell.layoutState.needsLayout { cell.layOutContents() }
  }

  private func makeSupplementary(at key: SupplementaryKey) -> CollectionReusableView? {
    guard let dataSource else { return nil }
    let view = dataSource.collectionView(
      self, viewForSupplementaryElementOfKind: key.kind, at: key.indexPath)
    if view.superview !== self { addSubview(view) }
    return view
  }

  private func release(_ cell: CollectionViewCell, at path: IndexPath) {
    collectionDelegate?.collectionView(self, didEndDisplaying: cell, forItemAt: path)
    cell.indexPath = nil
    if let identifier = cell.reuseIdentifier {
      cellPool.enqueue(cell, identifier: identifier)
    } else {
      cell.removeFromSuperview()
    }
  }

  private func releaseSupplementary(_ view: CollectionReusableView, at key: SupplementaryKey) {
    if let identifier = view.reuseIdentifier {
      supplementaryPool.enqueue(view, identifier: identifier)
    } else {
      view.removeFromSuperview()
    }
  }

  // MARK: Items and cells

  /// The cells of the items in view, in index path order.
  public var visibleCells: [CollectionViewCell] {
    indexPathsForVisibleItems.compactMap { visibleCellsByPath[$0] }
  }

  /// The items whose cells intersect the bounds, in index path order.
  public var indexPathsForVisibleItems: [IndexPath] {
    let visible = bounds
    return visibleCellsByPath.filter { $0.value.frame.intersects(visible) }.keys.sorted()
  }

  /// The cell of an item, if it has one now (items out of view have none).
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
    visibleCellsByPath[indexPath]
  }

  /// The item a cell shows, if it shows one.
  public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
    guard cell.collectionView === self, let path = cell.indexPath, visibleCellsByPath[path] === cell
    else { return nil }
    return path
  }

  /// The supplementary view of `kind` shown at `indexPath`, if any.
  public func supplementaryView(forElementKind kind: String, at indexPath: IndexPath)
    -> CollectionReusableView?
  {
    visibleSupplementaries[SupplementaryKey(kind: kind, indexPath: indexPath)]
  }

  /// The item at `point` (in the collection view's content), if any.
  public func indexPathForItem(at point: Point) -> IndexPath? {
    loadIfNeeded()
    prepareLayoutIfNeeded()
    // Right to left the layout's frames are mirrored: the point is mirrored into them.
    let point = flipsLayout ? Point(x: flipped(.zero).minX - point.x, y: point.y) : point
    let probe = Rect(x: point.x, y: point.y, width: 1, height: 1)
    return collectionViewLayout.layoutAttributesForElements(in: probe)?.first { attributes in
      attributes.representedElementKind == nil && attributes.frame.contains(point)
    }?.indexPath
  }

  /// Where the layout places the item at `indexPath`.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    guard isValid(indexPath) else { return nil }
    prepareLayoutIfNeeded()
    return collectionViewLayout.layoutAttributesForItem(at: indexPath)
  }

  /// Where the layout places the supplementary view of `kind` at `indexPath`.
  public func layoutAttributesForSupplementaryElement(
    ofKind kind: String, at indexPath: IndexPath
  ) -> CollectionViewLayoutAttributes? {
    loadIfNeeded()
    prepareLayoutIfNeeded()
    return collectionViewLayout.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)
  }

  /// Scrolls so that the item is at `position`.
  public func scrollToItem(
    at indexPath: IndexPath, at position: ScrollPosition, animated: Bool
  ) {
    guard let rect = layoutAttributesForItem(at: indexPath)?.frame else { return }
    let inset = adjustedContentInset
    let visible = Size(
      width: frame.width - inset.left - inset.right,
      height: frame.height - inset.top - inset.bottom)
    func offset(
      _ current: Double, _ minEdge: Double, _ maxEdge: Double, _ length: Double, _ before: Double,
      leading: ScrollPosition, centred: ScrollPosition, trailing: ScrollPosition
    ) -> Double {
      if position.contains(leading) { return minEdge - before }
      if position.contains(centred) { return (minEdge + maxEdge) / 2 - before - length / 2 }
      if position.contains(trailing) { return maxEdge - before - length }
      let start = current + before
      if minEdge < start { return minEdge - before }
      if maxEdge > start + length { return maxEdge - before - length }
      return current
    }
    let x = offset(
      contentOffset.x, rect.minX, rect.maxX, visible.width, inset.left, leading: .left,
      centred: .centeredHorizontally, trailing: .right)
    let y = offset(
      contentOffset.y, rect.minY, rect.maxY, visible.height, inset.top, leading: .top,
      centred: .centeredVertically, trailing: .bottom)
    setContentOffset(Point(x: x, y: y), animated: animated)
  }

  // MARK: Selection

  /// The selected items, in the order they were selected; `nil` when none is.
  public var indexPathsForSelectedItems: [IndexPath]? {
    selectedPaths.isEmpty ? nil : selectedPaths
  }

  /// Selects an item without telling the delegate, as `selectItem(at:animated:scrollPosition:)`;
  /// `nil` clears the selection.
  public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    guard let indexPath else {
      for path in selectedPaths { visibleCellsByPath[path]?.isSelected = false }
      selectedPaths.removeAll()
      return
    }
    guard allowsSelection, isValid(indexPath) else { return }
    if !allowsMultipleSelection {
      for path in selectedPaths where path != indexPath { deselectItem(at: path, animated: false) }
    }
    if !selectedPaths.contains(indexPath) { selectedPaths.append(indexPath) }
    visibleCellsByPath[indexPath]?.isSelected = true
    if scrollPosition != .none {
      scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Deselects an item without telling the delegate.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) {
    selectedPaths.removeAll { $0 == indexPath }
    visibleCellsByPath[indexPath]?.isSelected = false
  }

  /// A user's tap on an item: the delegate's selection calls in UIKit's order. A tap on a
  /// selected item of a multiple-selection collection view deselects it.
  func userSelect(_ path: IndexPath) -> Bool {
    guard allowsSelection, isValid(path) else { return false }
    guard collectionDelegate?.collectionView(self, shouldHighlightItemAt: path) ?? true else {
      return false
    }
    if selectedPaths.contains(path) {
      guard allowsMultipleSelection,
        collectionDelegate?.collectionView(self, shouldDeselectItemAt: path) ?? true
      else { return true }
      deselectItem(at: path, animated: false)
      collectionDelegate?.collectionView(self, didDeselectItemAt: path)
      return true
    }
    guard collectionDelegate?.collectionView(self, shouldSelectItemAt: path) ?? true else {
      return true
    }
    if !allowsMultipleSelection {
      for previous in selectedPaths {
        deselectItem(at: previous, animated: false)
        collectionDelegate?.collectionView(self, didDeselectItemAt: previous)
      }
    }
    selectedPaths.append(path)
    visibleCellsByPath[path]?.isSelected = true
    collectionDelegate?.collectionView(self, didSelectItemAt: path)
    return true
  }

  // MARK: Updates

  /// Groups item and section changes, as `performBatchUpdates(_:completion:)`: deletions
  /// refer to the index paths before the changes, insertions to those after, whatever order
  /// `updates` makes them in; the data source must agree with them when `updates` returns.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    loadIfNeeded()
    updateDepth += 1
    updates?()
    updateDepth -= 1
    if updateDepth == 0 { applyPendingUpdates() }
    completion?(true)
  }

  /// Inserts items (index paths after the change); the data source already has them.
  public func insertItems(at indexPaths: [IndexPath]) {
    update { $0.insertedItems.formUnion(indexPaths) }
  }

  /// Deletes items (index paths before the change); the data source no longer has them.
  public func deleteItems(at indexPaths: [IndexPath]) {
    update { $0.deletedItems.formUnion(indexPaths) }
  }

  /// Asks for the cells of items again (their content changed).
  public func reloadItems(at indexPaths: [IndexPath]) {
    update { $0.reloadedItems.formUnion(indexPaths) }
  }

  /// Moves an item; the data source has it at its new place already.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    update { $0.moves[indexPath] = newIndexPath }
  }

  /// Inserts sections (indexes after the change); the data source has them already.
  public func insertSections(_ sections: some Sequence<Int>) {
    update { $0.insertedSections.formUnion(sections) }
  }

  /// Deletes sections (indexes before the change); the data source no longer has them.
  public func deleteSections(_ sections: some Sequence<Int>) {
    update { $0.deletedSections.formUnion(sections) }
  }

  /// Asks for sections again.
  public func reloadSections(_ sections: some Sequence<Int>) {
    let sections = Array(sections)
    update { updates in
      for section in sections where self.itemCounts.indices.contains(section) {
        updates.reloadedItems.formUnion(
          (0..<self.itemCounts[section]).lazy.map { IndexPath(item: $0, section: section) }
            .filter { self.visibleCellsByPath[$0] != nil })
      }
    }
  }

  private func update(_ change: (inout CollectionUpdates) -> Void) {
    loadIfNeeded()
    change(&pendingUpdates)
    if updateDepth == 0 { applyPendingUpdates() }
  }

  /// Moves the cells, the selection and the layout's measurements to the items' new index
  /// paths and takes the data source's new counts.
  private func applyPendingUpdates() {
    let updates = pendingUpdates
    pendingUpdates = CollectionUpdates()
    let fresh = countsFromDataSource()
    guard updates.agree(from: itemCounts, to: fresh) else {
      // The data source disagrees with the changes (UIKit raises an exception): show what
      // it has now.
      reloadData()
      return
    }
    var moved: [IndexPath: CollectionViewCell] = [:]
    for (path, cell) in visibleCellsByPath {
      if !updates.reloadedItems.contains(path), let target = updates.newIndexPath(for: path) {
        moved[target] = cell
        cell.indexPath = target
      } else {
        release(cell, at: path)
      }
    }
    visibleCellsByPath = moved
    for (key, view) in visibleSupplementaries { releaseSupplementary(view, at: key) }
    visibleSupplementaries.removeAll()
    selectedPaths = selectedPaths.compactMap(updates.newIndexPath(for:))
    for path in selectedPaths { visibleCellsByPath[path]?.isSelected = true }
    itemCounts = fresh
    collectionViewLayout.collectionViewDidUpdate(updates)
    collectionViewLayout.invalidateLayout()
  }
}

/// The changes of one batch of updates, and where they put the items that were there.
struct CollectionUpdates {
  var insertedSections: Set<Int> = []
  var deletedSections: Set<Int> = []
  var insertedItems: Set<IndexPath> = []
  var deletedItems: Set<IndexPath> = []
  var reloadedItems: Set<IndexPath> = []
  /// Moved items: before the change → after.
  var moves: [IndexPath: IndexPath] = [:]

  /// The section an old section is after the changes, if it is still there.
  func newSection(for old: Int) -> Int? {
    guard !deletedSections.contains(old) else { return nil }
    var section = old - deletedSections.count { $0 < old }
    for inserted in insertedSections.sorted() where inserted <= section { section += 1 }
    return section
  }

  /// The index path an item before the changes has after them, if it is still there.
  func newIndexPath(for old: IndexPath) -> IndexPath? {
    if let moved = moves[old] { return moved }
    guard !deletedItems.contains(old), let section = newSection(for: old.section) else {
      return nil
    }
    let gone = deletedItems.union(moves.keys)
    var item = old.item - gone.count { $0.section == old.section && $0.item < old.item }
    let arrivals = insertedItems.union(moves.values).filter { $0.section == section }
    for inserted in arrivals.map(\.item).sorted() where inserted <= item { item += 1 }
    return IndexPath(item: item, section: section)
  }

  /// Whether `fresh` (the data source's counts after the changes) is what the changes make
  /// of `counts`: inserted sections count what the data source says.
  func agree(from counts: [Int], to fresh: [Int]) -> Bool {
    var expected: [Int?] = []
    for (section, count) in counts.enumerated() where !deletedSections.contains(section) {
      let gone = deletedItems.union(moves.keys).count { $0.section == section }
      expected.append(count - gone)
    }
    for inserted in insertedSections.sorted() where inserted <= expected.count {
      expected.insert(nil, at: inserted)
    }
    for path in insertedItems.union(moves.values) where expected.indices.contains(path.section) {
      expected[path.section]? += 1
    }
    return expected.count == fresh.count
      && zip(expected, fresh).allSatisfy { $0.0 == nil || $0.0 == $0.1 }
  }
}

extension CollectionView {
  /// Whether the layout's frames are mirrored: the collection view lays out right to left
  /// and its layout asks for it (`flipsHorizontallyInOppositeLayoutDirection`), as UIKit
  /// flips a flow layout's items.
  var flipsLayout: Bool {
    View.rightToLeftInUse && isRightToLeft
      && collectionViewLayout.flipsHorizontallyInOppositeLayoutDirection
  }

  /// `rect` mirrored across the content's width (or the bounds', when wider).
  func flipped(_ rect: Rect) -> Rect {
    let width = max(collectionViewLayout.collectionViewContentSize.width, frame.width)
    return Rect(x: width - rect.maxX, y: rect.minY, width: rect.width, height: rect.height)
  }
}
