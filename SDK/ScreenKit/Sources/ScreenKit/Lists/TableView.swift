/// A list of rows in sections, as `UITableView`: a scroll view whose content is the rows a
/// data source describes, of which only those in view exist as cells.
///
/// The table asks its `dataSource` for the number of sections and rows when it loads
/// (`reloadData()`), and for a cell only when a row comes into view
/// (`tableView(_:cellForRowAt:)`); cells that leave are reused
/// (`dequeueReusableCell(withIdentifier:for:)`, `TableViewCell.prepareForReuse()`). Rows exist
/// as cells while they intersect the bounds widened by `preparedMargin` above and below, so
/// that a client scrolling natively has the next rows before they show. Because only those
/// cells are views, only they are nodes on the wire: a million rows cost a client what a
/// screen of rows costs.
///
/// Row heights come from the delegate's `tableView(_:heightForRowAt:)`, else `rowHeight`, else
/// (`TableView.automaticDimension`, the default) from each cell when it first shows
/// (`TableViewCell.sizeThatFits(_:)`: the standard layout or the content view's constraints).
/// Rows not shown yet are `estimatedRowHeight` tall, or as tall as the first row measured
/// when that is automatic, and the content offset is kept on the first visible row as
/// measured rows above it change height, as UIKit does.
///
/// A tap on a row (a `tap` event on its cell, or a `touch` inside it) selects it as a user's
/// touch does: `willSelectRowAt`, the previous selection deselected (unless
/// `allowsMultipleSelection`), `didSelectRowAt`. A swipe on a row reveals its swipe actions
/// as buttons on the cell.
@MainActor
open class TableView: ScrollView {
  override var layoutAlgorithm: LayoutAlgorithm { .list }

  /// The look of a table, as `UITableView.Style`.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// Rows edge to edge; section headers float at the top while their section scrolls.
    case plain
    /// Sections as groups on the grouped background, edge to edge.
    case grouped
    /// Sections as rounded groups inset by the side margin.
    case insetGrouped
  }

  /// How rows animate in and out, as `UITableView.RowAnimation`; ScreenKit does not animate,
  /// so all of them change the rows at once.
  public enum RowAnimation: Sendable, Hashable, CaseIterable {
    case fade, right, left, top, bottom, none, middle, automatic
  }

  /// Where a row ends up when scrolled to, as `UITableView.ScrollPosition`.
  public enum ScrollPosition: Sendable, Hashable, CaseIterable {
    /// As little as puts the row in view.
    case none
    /// At the top of the visible area.
    case top
    /// In the middle.
    case middle
    /// At the bottom.
    case bottom
  }

  /// Whether rows have separators, as `UITableViewCell.SeparatorStyle`.
  public enum SeparatorStyle: String, Sendable, Hashable, CaseIterable {
    /// No separators.
    case none
    /// A hairline under each row.
    case singleLine
  }

  /// A height that the table works out itself, as `UITableView.automaticDimension`.
  public nonisolated static let automaticDimension = -1.0

  /// The look, fixed at creation.
  public let style: Style
  /// Describes the sections, rows and cells; setting it reloads.
  public weak var dataSource: (any TableViewDataSource)? { didSet { reloadData() } }
  /// The ``ScrollView/delegate`` when it is a `TableViewDelegate`: it sizes rows and hears
  /// selection and display. Setting the delegate reloads.
  var tableDelegate: (any TableViewDelegate)? { delegate as? any TableViewDelegate }
  /// A new delegate may answer differently: the table loads again.
  override func delegateDidChange() { reloadData() }
  /// Told of rows about to come into view.
  public weak var prefetchDataSource: (any TableViewDataSourcePrefetching)?

  /// The height of every row; `automaticDimension` (the default) sizes rows by their cells.
  public var rowHeight = TableView.automaticDimension { didSet { reloadGeometrySoon() } }
  /// The height assumed for rows not shown yet; `automaticDimension` (the default) assumes
  /// the first measured row's; 0 measures every row when the table loads, as UIKit.
  public var estimatedRowHeight = TableView.automaticDimension { didSet { reloadGeometrySoon() } }
  /// The height of section headers; `automaticDimension` fits the title.
  public var sectionHeaderHeight = TableView.automaticDimension { didSet { reloadGeometrySoon() } }
  /// The height of section footers; `automaticDimension` fits the title.
  public var sectionFooterHeight = TableView.automaticDimension { didSet { reloadGeometrySoon() } }
  /// The margin, above and below the bounds, within which rows exist as cells: half the
  /// table's height by default (`automaticDimension`), or the window's `listOverscan` when
  /// its client asks for more. Rows there are on the wire before they scroll into view, so
  /// that a client scrolling natively never shows a blank row.
  public var preparedMargin = TableView.automaticDimension { didSet { setNeedsLayout() } }

  /// A view above the first section, as wide as the table and as high as its frame says
  /// (or its constraints, when it has no height).
  public var tableHeaderView: View? {
    didSet {
      if oldValue !== tableHeaderView {
        oldValue?.removeFromSuperview()
        if let tableHeaderView { addSubview(tableHeaderView) }
        reloadGeometrySoon()
      }
    }
  }
  /// A view below the last section.
  public var tableFooterView: View? {
    didSet {
      if oldValue !== tableFooterView {
        oldValue?.removeFromSuperview()
        if let tableFooterView { addSubview(tableFooterView) }
        reloadGeometrySoon()
      }
    }
  }
  /// Whether rows have separators.
  public var separatorStyle = SeparatorStyle.singleLine { didSet { setNeedsLayout() } }
  /// The inset of the separators; `nil` (the default) follows each cell's text.
  public var separatorInset: EdgeInsets? { didSet { setNeedsLayout() } }
  /// The colour of the separators.
  public var separatorColor: Color = .separator { didSet { setNeedsDisplay() } }
  /// Whether rows can be selected; `true` by default.
  public var allowsSelection = true
  /// Whether several rows can be selected at once; `false` by default.
  public var allowsMultipleSelection = false
  /// Whether rows can be selected in editing mode; `false` by default.
  public var allowsSelectionDuringEditing = false
  /// Whether the table is in editing mode.
  public private(set) var isEditing = false

  /// Cells by the rows they show.
  private var visibleCellsByPath: [IndexPath: TableViewCell] = [:]
  /// Section headers and footers shown, by section.
  private var visibleHeaders: [Int: View] = [:]
  private var visibleFooters: [Int: View] = [:]
  private var cellPool = ReusePool<TableViewCell>()
  private var headerFooterPool = ReusePool<TableViewHeaderFooterView>()
  /// The selected rows, in the order they were selected.
  private var selectedPaths: [IndexPath] = []
  private var geometry = TableGeometry()
  /// Whether the sections and rows must be asked for again.
  private var needsReload = true
  /// How rows get their heights this load.
  private var heightSource = HeightSource.uniform
  /// The rows being told to prefetch.
  private var prefetched: Set<IndexPath> = []
  /// The arrangement of the cells, and whether one is under way.
  private let arrangement = ListArrangement()
  /// Nesting of `beginUpdates()`.
  private var updateDepth = 0
  /// The row whose swipe actions are revealed.
  private var revealedRow: IndexPath?
  /// The drag revealing a row's swipe actions, while one goes on.
  var swipeDrag: SwipeDrag?
  /// The recognizer of horizontal drags across rows, which reveal their swipe actions
  /// under the finger (see `TableView+SwipeDragging.swift`).
  let swipeActionsPanGestureRecognizer = PanGestureRecognizer()
  /// A restored scroll position, applied when the table has loaded.
  private var restoredFirstRow: IndexPath?

  /// Where row heights come from.
  private enum HeightSource {
    /// `rowHeight` for every row: exact without asking anyone.
    case uniform
    /// The delegate's `heightForRowAt`, asked for each row when it first shows.
    case delegate
    /// Each cell's own height (self-sizing), measured when it first shows.
    case cells
  }

  /// A table of `style` with `frame`, as `UITableView(frame:style:)`.
  public init(frame: Rect, style: Style) {
    self.style = style
    super.init(frame: frame)
    swipeActionsPanGestureRecognizer.addTarget(self, action: TableView.handleSwipePan)
    addGestureRecognizer(swipeActionsPanGestureRecognizer)
    backgroundColor = style == .plain ? .systemBackground : .systemGroupedBackground
  }

  /// A plain table with `frame`.
  public convenience override init(frame: Rect) {
    self.init(frame: frame, style: .plain)
  }

  // MARK: Registration and reuse

  /// Registers the cell class `cellClass` for `identifier`, as
  /// `register(_:forCellReuseIdentifier:)`: dequeues make `.default` cells of it.
  public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
    cellPool.register(identifier) { identifier in
      cellClass.init(style: .default, reuseIdentifier: identifier)
    }
  }

  /// Registers a header or footer class for `identifier`.
  public func register(
    _ viewClass: TableViewHeaderFooterView.Type,
    forHeaderFooterViewReuseIdentifier identifier: String
  ) {
    headerFooterPool.register(identifier) { identifier in
      viewClass.init(reuseIdentifier: identifier)
    }
  }

  /// A cell for `indexPath`: a reused one with `identifier`, or a new one of the registered
  /// class. Asking for an identifier nothing was registered for is a programming error, as
  /// UIKit's exception.
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath)
    -> TableViewCell
  {
    guard let (cell, reused) = cellPool.dequeue(identifier) else {
      preconditionFailure(
        "TableView: no cell class is registered for the reuse identifier \"\(identifier)\"; "
          + "call register(_:forCellReuseIdentifier:) first")
    }
    if reused { cell.prepareForReuse() }
    return cell
  }

  /// A reused cell with `identifier`, or `nil` when none is queued (the caller makes one),
  /// as `dequeueReusableCell(withIdentifier:)`.
  public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
    if let cell = cellPool.dequeueQueued(identifier) {
      cell.prepareForReuse()
      return cell
    }
    guard let (cell, _) = cellPool.dequeue(identifier) else { return nil }
    return cell
  }

  /// A reused or new header or footer view with `identifier`, or `nil` when none is queued
  /// and no class is registered.
  public func dequeueReusableHeaderFooterView(withIdentifier identifier: String)
    -> TableViewHeaderFooterView?
  {
    guard let (view, reused) = headerFooterPool.dequeue(identifier) else { return nil }
    if reused { view.prepareForReuse() }
    return view
  }

  // MARK: Loading

  /// Asks the data source for everything again, as `reloadData()`: the visible cells are
  /// reused for the rows now in view, the selection is cleared.
  public func reloadData() {
    needsReload = true
    selectedPaths.removeAll()
    setNeedsLayout()
  }

  private func reloadGeometrySoon() {
    needsReload = true
    setNeedsLayout()
  }

  /// Measures and places the rows again at the next layout: their text changed size with
  /// the content size category, or their content mirrors with a new layout direction
  /// (`Window.applyTraitChange(from:)`).
  func remeasureRows() { reloadGeometrySoon() }

  /// The number of sections.
  public var numberOfSections: Int {
    loadIfNeeded()
    return geometry.sections.count
  }

  /// The number of rows in all sections.
  public var totalRowCount: Int {
    loadIfNeeded()
    return geometry.rowCount
  }

  /// The number of rows in `section`.
  public func numberOfRows(inSection section: Int) -> Int {
    loadIfNeeded()
    return geometry.sections.indices.contains(section) ? geometry.sections[section].rows.count : 0
  }

  private func loadIfNeeded() {
    if needsReload { loadGeometry() }
  }

  /// The side margin of rows.
  var cellSideMargin: Double { ListMetrics.sideMargin(width: frame.width) }

  /// The horizontal extent of rows: inset by the side margin in `.insetGrouped`.
  private var rowInset: Double { style == .insetGrouped ? cellSideMargin : 0 }

  /// Asks the data source and delegate for the sections, rows and heights.
  private func loadGeometry() {
    needsReload = false
    var fresh = TableGeometry()
    fresh.tableHeaderHeight = tableHeaderView.map(fittingHeight(of:)) ?? 0
    fresh.tableFooterHeight = tableFooterView.map(fittingHeight(of:)) ?? 0
    fresh.topPadding = 0
    let sectionCount = dataSource.map { max(0, $0.numberOfSections(in: self)) } ?? 0
    heightSource = .uniform
    var estimate = rowHeight
    if rowHeight == TableView.automaticDimension || rowHeight < 0 {
      heightSource = .cells
      estimate = estimatedRowHeight > 0 ? estimatedRowHeight : ListMetrics.minimumRowHeight
    }
    let counts = (0..<sectionCount).map { section in
      max(0, dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0)
    }
    if let delegate = tableDelegate, let first = counts.firstIndex(where: { $0 > 0 }),
      delegate.tableView(self, heightForRowAt: IndexPath(row: 0, section: first))
        != TableView.automaticDimension
    {
      heightSource = .delegate
      if estimatedRowHeight > 0 { estimate = estimatedRowHeight }
    }
    if heightSource == .cells, estimatedRowHeight == TableView.automaticDimension,
      let measured = firstMeasuredHeight
    {
      estimate = measured
    }
    for section in 0..<sectionCount {
      var rows = RowHeights(count: counts[section], estimate: max(0, estimate))
      if heightSource == .delegate && estimatedRowHeight == 0, let delegate = tableDelegate {
        for row in 0..<counts[section] {
          let height = delegate.tableView(
            self, heightForRowAt: IndexPath(row: row, section: section))
          rows.setHeight(max(0, height), of: row)
        }
      }
      fresh.sections.append(
        TableGeometry.Section(
          header: supplementaryHeight(section, header: true, count: sectionCount),
          footer: supplementaryHeight(section, header: false, count: sectionCount),
          rows: rows))
    }
    if style != .plain, sectionCount > 0, headerTitle(0) == nil,
      fresh.sections[0].header == 0
    {
      fresh.topPadding = ListMetrics.groupedSectionSpacing
    }
    fresh.updateTops()
    geometry = fresh
    // Cells of rows that may no longer exist (or moved) go back to the pool.
    for (path, cell) in visibleCellsByPath { release(cell, at: path) }
    visibleCellsByPath.removeAll()
    for (_, view) in visibleHeaders { releaseHeaderFooter(view) }
    for (_, view) in visibleFooters { releaseHeaderFooter(view) }
    visibleHeaders.removeAll()
    visibleFooters.removeAll()
    revealedRow = nil
    applyContentSize()
  }

  /// The height of the first row a cell measured, kept across reloads as the estimate of
  /// rows not shown yet.
  private var firstMeasuredHeight: Double?

  private func headerTitle(_ section: Int) -> String? {
    dataSource?.tableView(self, titleForHeaderInSection: section)
  }

  private func footerTitle(_ section: Int) -> String? {
    dataSource?.tableView(self, titleForFooterInSection: section)
  }

  /// A section's header (`header`) or footer height: the delegate's, else
  /// `sectionHeaderHeight`/`sectionFooterHeight`, else a custom view's fitting height, else
  /// the style's for its title (`ListMetrics`); `count` is the number of sections.
  private func supplementaryHeight(_ section: Int, header: Bool, count: Int) -> Double {
    let asked =
      header
      ? tableDelegate?.tableView(self, heightForHeaderInSection: section)
      : tableDelegate?.tableView(self, heightForFooterInSection: section)
    if let asked, asked != TableView.automaticDimension { return max(0, asked) }
    let fixed = header ? sectionHeaderHeight : sectionFooterHeight
    if fixed != TableView.automaticDimension { return max(0, fixed) }
    if let custom = customSupplementary(section, header: header) {
      return fittingHeight(of: custom)
    }
    let title = header ? headerTitle(section) : footerTitle(section)
    if style == .plain { return title == nil ? 0 : ListMetrics.plainHeaderHeight }
    let spacing = ListMetrics.groupedSectionSpacing / 2
    let titleLine = title.map { titleHeight($0, font: ListMetrics.groupedHeaderFont) }
    if header {
      guard let titleLine else { return section == 0 ? 0 : spacing }
      return (section == 0 ? ListMetrics.groupedSectionSpacing : spacing) + titleLine
        + ListMetrics.groupedHeaderBottomPadding
    }
    guard let titleLine else {
      return section == count - 1 ? ListMetrics.groupedSectionSpacing : spacing
    }
    return ListMetrics.groupedFooterTopPadding + titleLine + spacing
  }

  /// The delegate's own view for a section's header (`header`) or footer, if any.
  private func customSupplementary(_ section: Int, header: Bool) -> View? {
    header
      ? tableDelegate?.tableView(self, viewForHeaderInSection: section)
      : tableDelegate?.tableView(self, viewForFooterInSection: section)
  }

  private func titleHeight(_ title: String, font: Font) -> Double {
    let width = max(0, frame.width - 2 * (rowInset + cellSideMargin))
    return TextLayout(text: title, font: font, maxWidth: width > 0 ? width : .infinity).size.height
  }

  /// A header's or footer's height: its constraints' at the table's width, else its frame's.
  private func fittingHeight(of view: View) -> Double {
    if view.frame.height > 0 { return view.frame.height }
    let fitted = view.systemLayoutSizeFitting(
      Size(width: frame.width, height: 0), withHorizontalFittingPriority: .required,
      verticalFittingPriority: .fittingSizeLevel)
    return fitted.height
  }

  private func applyContentSize() {
    let size = Size(width: frame.width, height: geometry.contentHeight)
    if contentSize != size { contentSize = size }
  }

  // MARK: Arranging cells

  /// Lays out the rows in view: asks for cells of the rows that came into view, reuses the
  /// cells of rows that left, and places cells, headers and footers.
  open override func layoutSubviews() {
    super.layoutSubviews()
    arrangeCells()
  }

  /// Answers the swipe actions' pan (`swipeActionsPanShouldBegin()`); other recognizers
  /// as a scroll view does.
  open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    if recognizer === swipeActionsPanGestureRecognizer { return swipeActionsPanShouldBegin() }
    return super.gestureRecognizerShouldBegin(recognizer)
  }

  /// Scrolling changes which rows are in view; the delegate hears of it.
  override func contentOffsetDidChange() {
    if !arrangement.isArranging { setNeedsLayout() }
    super.contentOffsetDidChange()
  }

  /// The rows within the bounds widened by the prepared margin.
  private var preparedRange: (minY: Double, maxY: Double) {
    let margin = preparedMargin == TableView.automaticDimension ? -1 : max(0, preparedMargin)
    let extent = ListArrangement.preparedExtent(
      offset: contentOffset.y, length: frame.height, margin: margin,
      overscan: window?.listOverscan ?? 0)
    return (extent.min, extent.max)
  }

  private func arrangeCells() {
    arrangement.run(in: self, arrangeCellsNow)
  }

  private func arrangeCellsNow() {
    let widthChanged = geometry.sections.isEmpty ? false : lastArrangedWidth != frame.width
    if widthChanged && heightSource == .cells { needsReload = true }
    lastArrangedWidth = frame.width
    loadIfNeeded()
    if let restoredFirstRow,
      let rect = geometry.rectForRow(at: restoredFirstRow, width: frame.width)
    {
      contentOffset = Point(x: contentOffset.x, y: rect.minY - adjustedContentInset.top)
      self.restoredFirstRow = nil
    }
    // Measuring rows that came into view can move the rows below them: settle in a few rounds.
    for _ in 0..<4 {
      let (minY, maxY) = preparedRange
      let wanted = geometry.indexPaths(from: minY, to: maxY)
      ListArrangement.releaseViews(of: &visibleCellsByPath, notIn: Set(wanted)) { path, cell in
        release(cell, at: path)
      }
      let anchor = firstVisibleRow
      let anchorTop = anchor.flatMap { geometry.rectForRow(at: $0, width: frame.width)?.minY }
      var heightsChanged = false
      for path in wanted where visibleCellsByPath[path] == nil {
        guard let cell = makeCell(for: path) else { continue }
        visibleCellsByPath[path] = cell
        if measure(cell, at: path) { heightsChanged = true }
        tableDelegate?.tableView(self, willDisplay: cell, forRowAt: path)
      }
      guard heightsChanged else { break }
      geometry.updateTops()
      applyContentSize()
      // Keep the first visible row where it was on screen, as UIKit does when estimated
      // heights above it turn out different.
      if let anchor, let anchorTop,
        let newTop = geometry.rectForRow(at: anchor, width: frame.width)?.minY, newTop != anchorTop
      {
        contentOffset = Point(x: contentOffset.x, y: contentOffset.y + newTop - anchorTop)
      }
    }
    applyContentSize()
    updatePrefetching()
    placeHeadersAndFooters()
    placeCells()
    placeTableHeaderAndFooter()
    // Queued cells not taken again leave the table (they stay queued for later rows).
    cellPool.removeUnclaimedViews(from: self)
    headerFooterPool.removeUnclaimedViews(from: self)
  }

  private var lastArrangedWidth = 0.0

  /// The first row at or below the top of the visible area.
  private var firstVisibleRow: IndexPath? {
    geometry.indexPaths(
      from: contentOffset.y + adjustedContentInset.top, to: contentOffset.y + frame.height
    ).first
  }

  private func makeCell(for path: IndexPath) -> TableViewCell? {
    guard let dataSource else { return nil }
    let cell = dataSource.tableView(self, cellForRowAt: path)
    cell.tableView = self
    cell.indexPath = path
    updateEditingControl(of: cell, at: path)
    // Rows of grouped tables lie on the grouped background's raised colour, as UIKit's.
    if style != .plain, cell.backgroundColor == .systemBackground {
      cell.backgroundColor = .secondarySystemGroupedBackground
    }
    let selected = selectedPaths.contains(path)
    if cell.isSelected != selected { cell.isSelected = selected }
    if cell.superview !== self { insertSubview(cell, at: 0) }
    if let rect = geometry.rectForRow(at: path, width: frame.width) {
      cell.frame = rowFrame(rect)
    }
    return cell
  }

  /// Records the height of a row that just got its cell; returns whether it changed.
  private func measure(_ cell: TableViewCell, at path: IndexPath) -> Bool {
    var rows = geometry.sections[path.section].rows
    guard !rows.isMeasured(path.row) else { return false }
    let height: Double
    switch heightSource {
    case .uniform: return false
    case .delegate:
      guard let delegate = tableDelegate else { return false }
      height = max(0, delegate.tableView(self, heightForRowAt: path))
    case .cells:
      height = cell.sizeThatFits(Size(width: rowFrame(.zero).width, height: 0)).height
      if firstMeasuredHeight == nil, estimatedRowHeight == TableView.automaticDimension {
        firstMeasuredHeight = height
        // Rows of one height (the common case) are then exact before they are shown.
        for index in geometry.sections.indices { geometry.sections[index].rows.setEstimate(height) }
        rows = geometry.sections[path.section].rows
        rows.setHeight(height, of: path.row)
        geometry.sections[path.section].rows = rows
        return true
      }
    }
    let delta = rows.setHeight(height, of: path.row)
    geometry.sections[path.section].rows = rows
    return delta != 0
  }

  /// A row's frame: `rect` inset in an inset-grouped table.
  private func rowFrame(_ rect: Rect) -> Rect {
    let inset = rowInset
    return Rect(x: inset, y: rect.minY, width: max(0, frame.width - 2 * inset), height: rect.height)
  }

  private func placeCells() {
    let width = frame.width
    for (path, cell) in visibleCellsByPath {
      guard let rect = geometry.rectForRow(at: path, width: width) else { continue }
      let target = rowFrame(rect)
      if cell.frame != target { cell.frame = target }
      cell.indexPath = path
      let section = geometry.sections[path.section]
      let isLast = path.row == section.rows.count - 1
      let isFirst = path.row == 0
      // Grouped sections end with their last row: no separator under it.
      let drawsSeparator = separatorStyle == .singleLine && !(style != .plain && isLast)
      let inset = separatorInset ?? cell.defaultSeparatorInset
      let separator: EdgeInsets? = drawsSeparator ? inset : nil
      if cell.separator != separator {
        cell.separator = separator
        cell.setNeedsDisplay()
      }
      cell.setRoundedCorners(
        style == .insetGrouped ? .forRow(isFirst: isFirst, isLast: isLast) : .none)
      if cell.layoutState.needsLayout { cell.layOutContents() }
    }
  }

  private func placeHeadersAndFooters() {
    let (minY, maxY) = preparedRange
    let range = geometry.sections(from: minY, to: maxY)
    for (section, view) in visibleHeaders where !range.contains(section) {
      releaseHeaderFooter(view)
      visibleHeaders[section] = nil
    }
    for (section, view) in visibleFooters where !range.contains(section) {
      releaseHeaderFooter(view)
      visibleFooters[section] = nil
    }
    let width = frame.width
    let visibleTop = contentOffset.y + adjustedContentInset.top
    for section in range {
      let headerRect = geometry.rectForHeader(inSection: section, width: width)
      if headerRect.height > 0,
        let view = visibleHeaders[section] ?? makeHeaderFooter(section, header: true)
      {
        visibleHeaders[section] = view
        var frame = headerRect
        if style == .plain {
          // Plain headers float: pinned to the top while their section scrolls under them.
          let sectionBottom = geometry.rectForFooter(inSection: section, width: width).minY
          frame.origin.y = max(headerRect.minY, min(visibleTop, sectionBottom - headerRect.height))
        }
        place(view, in: frame)
        bringToFront(view)
      }
      let footerRect = geometry.rectForFooter(inSection: section, width: width)
      if footerRect.height > 0,
        let view = visibleFooters[section] ?? makeHeaderFooter(section, header: false)
      {
        visibleFooters[section] = view
        place(view, in: footerRect)
      }
    }
  }

  private func bringToFront(_ view: View) {
    if subviews.last !== view { insertSubview(view, at: subviews.count) }
  }

  private func place(_ view: View, in frame: Rect) {
    if view.frame != frame { view.frame = frame }
    if view.layoutState.needsLayout {
      if let standard = view as? TableViewHeaderFooterView { standard.placeContent() }
      LayoutEngine(laying: view).layout(root: view)
    }
  }

  private func makeHeaderFooter(_ section: Int, header: Bool) -> View? {
    if let custom = customSupplementary(section, header: header) {
      if custom.superview !== self { addSubview(custom) }
      willDisplay(custom, section: section, header: header)
      return custom
    }
    guard let title = header ? headerTitle(section) : footerTitle(section) else { return nil }
    let identifier = header ? "TableView.header" : "TableView.footer"
    if !headerFooterPool.isRegistered(identifier) {
      headerFooterPool.register(identifier) { TableViewHeaderFooterView(reuseIdentifier: $0) }
    }
    guard let (view, reused) = headerFooterPool.dequeue(identifier) else { return nil }
    if reused { view.prepareForReuse() }
    view.configure(
      title: title, tableStyle: style, isHeader: header, sideMargin: rowInset + cellSideMargin)
    if view.superview !== self { addSubview(view) }
    willDisplay(view, section: section, header: header)
    return view
  }

  /// Tells the delegate a header or footer comes into view, as UIKit does before showing
  /// it: the place to restyle a standard one (its `textLabel`'s colour or font).
  private func willDisplay(_ view: View, section: Int, header: Bool) {
    if header {
      tableDelegate?.tableView(self, willDisplayHeaderView: view, forSection: section)
    } else {
      tableDelegate?.tableView(self, willDisplayFooterView: view, forSection: section)
    }
  }

  private func releaseHeaderFooter(_ view: View) {
    if let standard = view as? TableViewHeaderFooterView, let identifier = standard.reuseIdentifier
    {
      headerFooterPool.enqueue(standard, identifier: identifier)
    } else {
      view.removeFromSuperview()
    }
  }

  private func placeTableHeaderAndFooter() {
    let width = frame.width
    if let tableHeaderView {
      place(tableHeaderView, in: Rect(x: 0, y: 0, width: width, height: geometry.tableHeaderHeight))
    }
    if let tableFooterView {
      place(
        tableFooterView,
        in: Rect(
          x: 0, y: geometry.contentHeight - geometry.tableFooterHeight, width: width,
          height: geometry.tableFooterHeight))
    }
  }

  private func release(_ cell: TableViewCell, at path: IndexPath) {
    tableDelegate?.tableView(self, didEndDisplaying: cell, forRowAt: path)
    cell.indexPath = nil
    cell.revealedActions = nil
    if revealedRow == path { revealedRow = nil }
    if let identifier = cell.reuseIdentifier {
      cellPool.enqueue(cell, identifier: identifier)
    } else {
      cell.removeFromSuperview()
    }
  }

  private func updatePrefetching() {
    guard let prefetchDataSource else { return }
    // The rows of one more prepared range below and above.
    let (minY, maxY) = preparedRange
    let extent = maxY - minY
    let ahead = Set(
      geometry.indexPaths(from: minY - extent, to: minY)
        + geometry.indexPaths(from: maxY, to: maxY + extent))
    let fresh = ahead.subtracting(prefetched).subtracting(visibleCellsByPath.keys)
    let cancelled = prefetched.subtracting(ahead)
    prefetched = ahead
    if !fresh.isEmpty { prefetchDataSource.tableView(self, prefetchRowsAt: fresh.sorted()) }
    if !cancelled.isEmpty {
      prefetchDataSource.tableView(self, cancelPrefetchingForRowsAt: cancelled.sorted())
    }
  }

  // MARK: Rows and cells

  /// The cells shown, in row order.
  public var visibleCells: [TableViewCell] {
    indexPathsForVisibleRows?.compactMap { visibleCellsByPath[$0] } ?? []
  }

  /// The rows that intersect the bounds, in order; `nil` when there are none.
  public var indexPathsForVisibleRows: [IndexPath]? {
    loadIfNeeded()
    let paths = geometry.indexPaths(from: contentOffset.y, to: contentOffset.y + frame.height)
    return paths.isEmpty ? nil : paths
  }

  /// The cell of a row, if it has one now (rows out of view have none).
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
    visibleCellsByPath[indexPath]
  }

  /// The row a cell shows, if it shows one.
  public func indexPath(for cell: TableViewCell) -> IndexPath? {
    guard cell.tableView === self, let path = cell.indexPath, visibleCellsByPath[path] === cell
    else { return nil }
    return path
  }

  /// The row at `point` (in the table's content), if any.
  public func indexPathForRow(at point: Point) -> IndexPath? {
    loadIfNeeded()
    guard point.x >= 0, point.x < frame.width else { return nil }
    return geometry.indexPath(at: point.y)
  }

  /// The frame of a row in the table's content.
  public func rectForRow(at indexPath: IndexPath) -> Rect {
    loadIfNeeded()
    return geometry.rectForRow(at: indexPath, width: frame.width).map(rowFrame) ?? .zero
  }

  /// The frame of a section's header in the table's content.
  public func rectForHeader(inSection section: Int) -> Rect {
    loadIfNeeded()
    return geometry.rectForHeader(inSection: section, width: frame.width)
  }

  /// The frame of a section's footer in the table's content.
  public func rectForFooter(inSection section: Int) -> Rect {
    loadIfNeeded()
    return geometry.rectForFooter(inSection: section, width: frame.width)
  }

  /// The header view shown for a section, if any.
  public func headerView(forSection section: Int) -> View? { visibleHeaders[section] }

  /// The footer view shown for a section, if any.
  public func footerView(forSection section: Int) -> View? { visibleFooters[section] }

  /// Scrolls so that the row is at `position`.
  public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
    loadIfNeeded()
    guard let rect = geometry.rectForRow(at: indexPath, width: frame.width) else { return }
    let inset = adjustedContentInset
    let visibleHeight = frame.height - inset.top - inset.bottom
    let top = contentOffset.y + inset.top
    var y = contentOffset.y
    switch position {
    case .top: y = rect.minY - inset.top
    case .middle: y = rect.midY - inset.top - visibleHeight / 2
    case .bottom: y = rect.maxY - inset.top - visibleHeight
    case .none:
      if rect.minY < top {
        y = rect.minY - inset.top
      } else if rect.maxY > top + visibleHeight {
        y = rect.maxY - inset.top - visibleHeight
      }
    }
    setContentOffset(Point(x: contentOffset.x, y: y), animated: animated)
  }

  // MARK: Selection

  /// The selected row (the first selected, with multiple selection).
  public var indexPathForSelectedRow: IndexPath? { selectedPaths.first }

  /// The selected rows; `nil` when none is selected.
  public var indexPathsForSelectedRows: [IndexPath]? {
    selectedPaths.isEmpty ? nil : selectedPaths
  }

  /// Selects a row without telling the delegate, as `selectRow(at:animated:scrollPosition:)`;
  /// `nil` clears the selection.
  public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    guard let indexPath else {
      for path in selectedPaths { setCellSelected(false, at: path) }
      selectedPaths.removeAll()
      return
    }
    guard allowsSelection, isValid(indexPath) else { return }
    if !allowsMultipleSelection {
      for path in selectedPaths where path != indexPath { setCellSelected(false, at: path) }
      selectedPaths.removeAll { $0 != indexPath }
    }
    if !selectedPaths.contains(indexPath) { selectedPaths.append(indexPath) }
    setCellSelected(true, at: indexPath)
    if scrollPosition != .none {
      scrollToRow(at: indexPath, at: scrollPosition, animated: animated)
    }
  }

  /// Deselects a row without telling the delegate.
  public func deselectRow(at indexPath: IndexPath, animated: Bool) {
    selectedPaths.removeAll { $0 == indexPath }
    setCellSelected(false, at: indexPath)
  }

  private func setCellSelected(_ selected: Bool, at path: IndexPath) {
    visibleCellsByPath[path]?.setSelected(selected, animated: false)
  }

  private func isValid(_ path: IndexPath) -> Bool {
    loadIfNeeded()
    return path.count == 2 && geometry.sections.indices.contains(path.section) && path.row >= 0
      && path.row < geometry.sections[path.section].rows.count
  }

  /// A user's tap on a row: the delegate's selection calls in UIKit's order. A tap on a
  /// selected row of a multiple-selection table deselects it. A tap on a row whose swipe
  /// actions show hides them instead.
  func userSelect(_ path: IndexPath) -> Bool {
    if let revealedRow {
      hideSwipeActions(at: revealedRow)
      return true
    }
    guard allowsSelection, !isEditing || allowsSelectionDuringEditing, isValid(path) else {
      return false
    }
    guard tableDelegate?.tableView(self, shouldHighlightRowAt: path) ?? true else { return false }
    if allowsMultipleSelection, selectedPaths.contains(path) {
      guard let deselect = willDeselect(path) else { return true }
      deselectRow(at: deselect, animated: false)
      tableDelegate?.tableView(self, didDeselectRowAt: deselect)
      return true
    }
    let target: IndexPath? =
      if let delegate = tableDelegate { delegate.tableView(self, willSelectRowAt: path) } else {
        path
      }
    guard let target, isValid(target) else { return true }
    if !allowsMultipleSelection {
      for previous in selectedPaths where previous != target {
        guard let deselect = willDeselect(previous) else { continue }
        deselectRow(at: deselect, animated: false)
        tableDelegate?.tableView(self, didDeselectRowAt: deselect)
      }
    }
    if !selectedPaths.contains(target) { selectedPaths.append(target) }
    setCellSelected(true, at: target)
    tableDelegate?.tableView(self, didSelectRowAt: target)
    return true
  }

  /// The row the delegate lets be deselected instead of `path`, if any.
  private func willDeselect(_ path: IndexPath) -> IndexPath? {
    guard let delegate = tableDelegate else { return path }
    return delegate.tableView(self, willDeselectRowAt: path)
  }

  // MARK: Editing and swipe actions

  /// Enters or leaves editing mode.
  open func setEditing(_ editing: Bool, animated: Bool) {
    guard editing != isEditing else { return }
    isEditing = editing
    if let revealedRow { hideSwipeActions(at: revealedRow) }
    for (path, cell) in visibleCellsByPath { updateEditingControl(of: cell, at: path) }
    setNeedsDisplay()
    setNeedsLayout()
  }

  /// Gives a row in editing mode its delete control when the data source lets it be edited
  /// and the delegate's style is `.delete`, and takes it away otherwise.
  private func updateEditingControl(of cell: TableViewCell, at path: IndexPath) {
    cell.isEditing = isEditing
    let deletes =
      isEditing && (dataSource?.tableView(self, canEditRowAt: path) ?? false)
      && (tableDelegate?.tableView(self, editingStyleForRowAt: path) ?? .delete) == .delete
    guard deletes else {
      cell.editingControl = nil
      return
    }
    guard cell.editingControl == nil else { return }
    let control = Button(type: .custom)
    control.setTitle("\u{2212}", for: .normal)
    control.setTitleColor(.white, for: .normal)
    control.titleLabel.font = ListMetrics.editingControlFont
    control.backgroundColor = .systemRed
    control.layer.cornerRadius = ListMetrics.editingControlSize / 2
    control.accessibilityIdentifier = "editingControl"
    control.addAction(for: .touchUpInside) { [weak self, weak cell] _ in
      guard let self, let cell, let path = self.indexPath(for: cell) else { return }
      // The red minus asks for the confirmation a swipe shows: the Delete action.
      _ = self.swipe(row: path, revealing: .trailing)
    }
    cell.editingControl = control
  }

  /// A swipe across a row: leftward reveals its trailing actions (`trailing`), rightward its
  /// leading ones. Returns whether any were revealed.
  func swipe(row path: IndexPath, revealing edge: RevealedSwipeActions.Edge) -> Bool {
    guard isValid(path), let cell = visibleCellsByPath[path] else { return false }
    if let revealedRow, revealedRow != path { hideSwipeActions(at: revealedRow) }
    if let shown = cell.revealedActions {
      // A swipe the other way closes them.
      if shown.edge != edge {
        hideSwipeActions(at: path)
        return true
      }
      return false
    }
    guard let configuration = swipeConfiguration(for: path, edge: edge),
      !configuration.actions.isEmpty
    else { return false }
    cell.revealedActions = RevealedSwipeActions(
      configuration: configuration, edge: edge, cell: cell
    ) { [weak self, weak cell] action in
      guard let self, let cell else { return }
      self.run(action, in: cell)
    }
    revealedRow = path
    cell.placeContent()
    return true
  }

  func swipeConfiguration(
    for path: IndexPath, edge: RevealedSwipeActions.Edge
  ) -> SwipeActionsConfiguration? {
    switch edge {
    case .leading:
      return tableDelegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: path)
    case .trailing:
      if let configured = tableDelegate?.tableView(
        self, trailingSwipeActionsConfigurationForRowAt: path)
      {
        return configured
      }
      guard let dataSource, dataSource.tableView(self, canEditRowAt: path),
        (tableDelegate?.tableView(self, editingStyleForRowAt: path) ?? .delete) == .delete
      else { return nil }
      let delete = ContextualAction(style: .destructive, title: "Delete") {
        [weak self] _, view, completion in
        guard let self, let cell = view as? TableViewCell, let path = self.indexPath(for: cell)
        else { return completion(false) }
        self.dataSource?.tableView(self, commit: .delete, forRowAt: path)
        completion(true)
      }
      return SwipeActionsConfiguration(actions: [delete])
    }
  }

  func run(_ action: ContextualAction, in cell: TableViewCell) {
    action.handler(action, cell) { [weak self, weak cell] _ in
      guard let self, let cell, let path = self.indexPath(for: cell) else { return }
      self.hideSwipeActions(at: path)
    }
  }

  func hideSwipeActions(at path: IndexPath) {
    if revealedRow == path { revealedRow = nil }
    guard let cell = visibleCellsByPath[path] else { return }
    cell.revealedActions = nil
    cell.placeContent()
  }

  // MARK: Updates

  /// Groups row and section changes, as `performBatchUpdates(_:completion:)`: the data
  /// source is asked again once, after `updates` ran.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
    beginUpdates()
    updates?()
    endUpdates()
    completion?(true)
  }

  /// Starts a group of changes that `endUpdates()` applies.
  public func beginUpdates() { updateDepth += 1 }

  /// Applies the changes since `beginUpdates()`.
  public func endUpdates() {
    updateDepth = max(0, updateDepth - 1)
    if updateDepth == 0 { setNeedsLayout() }
  }

  /// Inserts rows (index paths after the change); the data source already has them.
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    loadIfNeeded()
    let bySection = Dictionary(grouping: indexPaths.filter { $0.count == 2 }, by: \.section)
    var remap: [IndexPath: IndexPath] = [:]
    for (section, paths) in bySection where geometry.sections.indices.contains(section) {
      let rows = paths.map(\.row).sorted()
      geometry.sections[section].rows.insert(rows: rows)
      for path in visiblePaths(in: section) {
        var shifted = path.row
        for row in rows where row <= shifted { shifted += 1 }
        remap[path] = IndexPath(row: shifted, section: section)
      }
      shiftSelection(in: section) { row in
        var shifted = row
        for inserted in rows where inserted <= shifted { shifted += 1 }
        return shifted
      }
    }
    moveVisibleCells(remap)
    rowsChanged()
  }

  /// Deletes rows (index paths before the change); the data source no longer has them.
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    loadIfNeeded()
    let bySection = Dictionary(grouping: indexPaths.filter { $0.count == 2 }, by: \.section)
    var remap: [IndexPath: IndexPath] = [:]
    for (section, paths) in bySection where geometry.sections.indices.contains(section) {
      let rows = Set(paths.map(\.row))
      geometry.sections[section].rows.delete(rows: rows)
      for path in visiblePaths(in: section) {
        if rows.contains(path.row) {
          remap[path] = nil
          if let cell = visibleCellsByPath.removeValue(forKey: path) { release(cell, at: path) }
          continue
        }
        remap[path] = IndexPath(
          row: path.row - rows.filter { $0 < path.row }.count, section: section)
      }
      selectedPaths.removeAll { $0.section == section && rows.contains($0.row) }
      shiftSelection(in: section) { row in row - rows.filter { $0 < row }.count }
    }
    moveVisibleCells(remap)
    rowsChanged()
  }

  /// Asks for the cells of rows again (their content changed).
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
    for path in indexPaths {
      if let cell = visibleCellsByPath.removeValue(forKey: path) { release(cell, at: path) }
      if isValid(path), heightSource != .uniform {
        geometry.sections[path.section].rows.forgetHeight(of: path.row)
      }
    }
    rowsChanged()
  }

  /// Moves a row; the data source has it at its new place already.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    guard isValid(indexPath) else { return }
    deleteRows(at: [indexPath], with: .none)
    insertRows(at: [newIndexPath], with: .none)
  }

  /// Inserts sections; the data source has them already.
  public func insertSections(_ sections: some Sequence<Int>, with animation: RowAnimation) {
    reloadPreservingSelection()
  }

  /// Deletes sections; the data source no longer has them.
  public func deleteSections(_ sections: some Sequence<Int>, with animation: RowAnimation) {
    reloadPreservingSelection()
  }

  /// Asks for sections again.
  public func reloadSections(_ sections: some Sequence<Int>, with animation: RowAnimation) {
    reloadPreservingSelection()
  }

  private func reloadPreservingSelection() {
    let selection = selectedPaths
    needsReload = true
    loadIfNeeded()
    selectedPaths = selection.filter(isValid)
    setNeedsLayout()
  }

  private func visiblePaths(in section: Int) -> [IndexPath] {
    visibleCellsByPath.keys.filter { $0.section == section }
  }

  private func shiftSelection(in section: Int, _ transform: (Int) -> Int) {
    selectedPaths = selectedPaths.map { path in
      path.section == section ? IndexPath(row: transform(path.row), section: section) : path
    }
  }

  private func moveVisibleCells(_ remap: [IndexPath: IndexPath]) {
    var moved: [IndexPath: TableViewCell] = [:]
    for (path, cell) in visibleCellsByPath {
      let target = remap[path] ?? path
      moved[target] = cell
      cell.indexPath = target
    }
    visibleCellsByPath = moved
  }

  private func rowsChanged() {
    geometry.updateTops()
    applyContentSize()
    if updateDepth == 0 { setNeedsLayout() }
  }

  // MARK: Restoration

  /// Saves the first visible row and the selected rows (keys `TableView.firstVisibleRow`,
  /// `TableView.selectedRows`) besides the scroll view's offset: rows of estimated height
  /// may be elsewhere when restored, so the row is what is restored.
  open override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    if let first = firstVisibleRow {
      coder.encode([Double(first.section), Double(first.row)], forKey: "TableView.firstVisibleRow")
    }
    coder.encode(
      selectedPaths.flatMap { [Double($0.section), Double($0.row)] },
      forKey: "TableView.selectedRows")
  }

  /// Restores the first visible row and the selection.
  open override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    if let first = coder.decodeDoubleArray(forKey: "TableView.firstVisibleRow"), first.count == 2,
      let section = Int(exactly: first[0]), let row = Int(exactly: first[1])
    {
      restoredFirstRow = IndexPath(row: row, section: section)
    }
    if let flat = coder.decodeDoubleArray(forKey: "TableView.selectedRows"), flat.count % 2 == 0 {
      selectedPaths = stride(from: 0, to: flat.count, by: 2).compactMap { index in
        guard let section = Int(exactly: flat[index]), let row = Int(exactly: flat[index + 1])
        else { return nil }
        return IndexPath(row: row, section: section)
      }
      // Kept through the reload that the restored data source triggers.
      needsReload = true
    }
    setNeedsLayout()
  }
}
