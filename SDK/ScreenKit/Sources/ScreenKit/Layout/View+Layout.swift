/// The layout API of `View`: anchors, constraints, guides, margins, safe area, intrinsic
/// sizes and the layout cycle. The state lives in `ViewLayoutState`.
extension View: LayoutItem {
  /// The view itself.
  public var owningLayoutView: View? { self }
  /// The accessibility identifier, else the type name: how constraints name the view.
  public var layoutDebugName: String { accessibilityIdentifier ?? "\(type(of: self))" }

  /// The value of an intrinsic dimension that a view does not have, as
  /// `UIView.noIntrinsicMetric` (-1).
  public nonisolated static let noIntrinsicMetric: Double = -1

  /// The baseline of the first line of text; the bottom edge for views without text.
  public var firstBaselineAnchor: LayoutYAxisAnchor {
    LayoutYAxisAnchor(item: self, attribute: .firstBaseline)
  }
  /// The baseline of the last line of text; the bottom edge for views without text.
  public var lastBaselineAnchor: LayoutYAxisAnchor {
    LayoutYAxisAnchor(item: self, attribute: .lastBaseline)
  }

  /// Whether the engine keeps the view's frame as set (true, the default, as UIKit) or
  /// computes it from constraints (false).
  public var translatesAutoresizingMaskIntoConstraints: Bool {
    get { layoutState.translatesAutoresizingMaskIntoConstraints }
    set {
      layoutState.translatesAutoresizingMaskIntoConstraints = newValue
      superview?.setNeedsLayout()
    }
  }

  /// Whether the engine keeps the view's frame as set: it translates its autoresizing mask
  /// into constraints, or it does not but no active constraint names it (directly or
  /// through one of its layout guides) and no stack view arranges it. UIKit's engine, too,
  /// leaves the frame of a view that no constraint affects as it was set.
  var isPlacedByFrame: Bool {
    if layoutState.translatesAutoresizingMaskIntoConstraints { return true }
    guard namingConstraintCount == 0, let parent = superview else { return false }
    if let stack = parent as? StackView, stack.arrangedSubviews.contains(where: { $0 === self }) {
      return false
    }
    return true
  }

  /// The active constraints installed on this view.
  public var constraints: [LayoutConstraint] { layoutState.constraints }

  /// Installs `constraint` (as activating it does).
  public func addConstraint(_ constraint: LayoutConstraint) { constraint.isActive = true }
  /// Installs each of `constraints`.
  public func addConstraints(_ constraints: [LayoutConstraint]) {
    LayoutConstraint.activate(constraints)
  }
  /// Uninstalls `constraint`.
  public func removeConstraint(_ constraint: LayoutConstraint) { constraint.isActive = false }
  /// Uninstalls each of `constraints`.
  public func removeConstraints(_ constraints: [LayoutConstraint]) {
    LayoutConstraint.deactivate(constraints)
  }

  /// The guides added to this view with `addLayoutGuide(_:)`.
  public var layoutGuides: [LayoutGuide] { layoutState.guides }

  /// Adds a user layout guide to this view.
  public func addLayoutGuide(_ guide: LayoutGuide) {
    guard !layoutState.guides.contains(where: { $0 === guide }) else { return }
    guide.owningView?.removeLayoutGuide(guide)
    guide.attach(to: self)
    layoutState.rare.guides.append(guide)
    ConstraintScope.constraintsOrHierarchyChanged()
    setNeedsLayout()
  }

  /// Removes a user layout guide.
  public func removeLayoutGuide(_ guide: LayoutGuide) {
    layoutState.rare.guides.removeAll { $0 === guide }
    if guide.owningView === self { guide.attach(to: nil) }
    ConstraintScope.constraintsOrHierarchyChanged()
    setNeedsLayout()
  }

  /// The area not covered by bars, notches and other views' insets, as a guide.
  public var safeAreaLayoutGuide: LayoutGuide {
    if let guide = layoutState.safeAreaGuide { return guide }
    let guide = LayoutGuide(kind: .safeArea, owner: self, identifier: "safeArea")
    layoutState.safeAreaGuide = guide
    return guide
  }

  /// The area inside the layout margins, as a guide.
  public var layoutMarginsGuide: LayoutGuide {
    if let guide = layoutState.marginsGuide { return guide }
    let guide = LayoutGuide(kind: .layoutMargins, owner: self, identifier: "margins")
    layoutState.marginsGuide = guide
    return guide
  }

  /// The insets of the safe area: the window's host insets (and a controller's
  /// `viewSafeAreaInsets` for a controller's view) where they overlap this view, as of the
  /// last layout pass.
  public var safeAreaInsets: EdgeInsets { layoutState.safeAreaInsets }

  /// The margins, 8 points per edge by default. A view controller's root view reports at
  /// least the system minimum (16 points at the sides in compact width, 20 in regular).
  /// With `insetsLayoutMarginsFromSafeArea`, the margins guide is inset from the safe area.
  public var layoutMargins: EdgeInsets {
    get {
      // Directional margins are stored leading as left; in a right-to-left layout their
      // leading edge is the right one.
      var own = layoutState.layoutMargins
      if View.rightToLeftInUse && layoutState.marginsAreDirectional && isRightToLeft {
        swap(&own.left, &own.right)
      }
      guard
        layoutState.isViewControllerRootView
          || (isControllerRootView && owningViewController != nil)
      else {
        return own
      }
      let minimum = systemMinimumLayoutMargins
      guard layoutState.hasCustomMargins else { return minimum }
      return EdgeInsets(
        top: max(own.top, minimum.top), left: max(own.left, minimum.left),
        bottom: max(own.bottom, minimum.bottom), right: max(own.right, minimum.right))
    }
    set {
      if layoutState.marginsAreDirectional { layoutState.rare.marginsAreDirectional = false }
      setMargins(newValue)
    }
  }

  private func setMargins(_ margins: EdgeInsets) {
    layoutState.layoutMargins = margins
    layoutState.hasCustomMargins = true
    setNeedsLayout()
    layoutMarginsDidChange()
  }

  /// The margins with leading and trailing edges, as `directionalLayoutMargins`: in a
  /// right-to-left layout (``View/effectiveUserInterfaceLayoutDirection``) leading is the
  /// right edge. Margins set this way keep their leading and trailing sides when the
  /// direction changes; margins set through `layoutMargins` keep their left and right.
  public var directionalLayoutMargins: DirectionalEdgeInsets {
    get {
      let margins = layoutMargins
      if View.rightToLeftInUse && isRightToLeft {
        return DirectionalEdgeInsets(
          top: margins.top, leading: margins.right, bottom: margins.bottom,
          trailing: margins.left)
      }
      return DirectionalEdgeInsets(
        top: margins.top, leading: margins.left, bottom: margins.bottom, trailing: margins.right)
    }
    set {
      layoutState.rare.marginsAreDirectional = true
      setMargins(
        EdgeInsets(
          top: newValue.top, left: newValue.leading, bottom: newValue.bottom,
          right: newValue.trailing))
    }
  }

  /// Whether the margins guide is inset from the safe area (true by default).
  public var insetsLayoutMarginsFromSafeArea: Bool {
    get { layoutState.insetsLayoutMarginsFromSafeArea }
    set {
      layoutState.insetsLayoutMarginsFromSafeArea = newValue
      setNeedsLayout()
    }
  }

  /// Whether the superview's margins extend into this view where they overlap it (false by
  /// default).
  public var preservesSuperviewLayoutMargins: Bool {
    get { layoutState.preservesSuperviewLayoutMargins }
    set {
      layoutState.preservesSuperviewLayoutMargins = newValue
      setNeedsLayout()
    }
  }

  /// The system minimum margins of a view controller's root view: 0 top and bottom, 16 at
  /// the sides when the view is narrower than 600 points (compact width), else 20, as
  /// `UIViewController.systemMinimumLayoutMargins`.
  var systemMinimumLayoutMargins: EdgeInsets {
    let side: Double = frame.width >= 600 ? 20 : 16
    return EdgeInsets(top: 0, left: side, bottom: 0, right: side)
  }

  /// The margins the last layout pass used, from the view's edges: the margins plus the
  /// safe area when `insetsLayoutMarginsFromSafeArea`, at least the superview's margins
  /// where they reach in when `preservesSuperviewLayoutMargins`.
  public var effectiveLayoutMargins: EdgeInsets { layoutState.effectiveLayoutMargins }

  /// Drops the cached intrinsic size and schedules layout.
  public func invalidateIntrinsicContentSize() {
    setNeedsDisplay()  // what changed the size (text, font, title, image) is drawn too
    layoutState.cachedIntrinsicSize = nil
    setNeedsLayout()
    // A stack's arranged view that is a relayout boundary keeps its frame whatever its size;
    // the natural sizes above it are checked when the boundary is laid out alone.
    guard let superview else { return }
    if !(layoutState.relayoutBoundary != .none && superview.layoutAlgorithm == .stack) {
      superview.setNeedsLayout()
    }
  }

  /// The intrinsic size, measured once per invalidation.
  var measuredIntrinsicSize: Size {
    if let cached = layoutState.cachedIntrinsicSize { return cached }
    let size = intrinsicContentSize
    layoutState.cachedIntrinsicSize = size
    return size
  }

  /// Resizes the view to `sizeThatFits` its current size.
  public func sizeToFit() {
    frame.size = sizeThatFits(frame.size)
  }

  /// How much the view resists growing beyond its intrinsic size on `axis` (250 default).
  public func contentHuggingPriority(for axis: LayoutAxis) -> LayoutPriority {
    axis == .horizontal
      ? layoutState.huggingPriority.horizontal : layoutState.huggingPriority.vertical
  }

  /// Sets the hugging priority on `axis`.
  public func setContentHuggingPriority(_ priority: LayoutPriority, for axis: LayoutAxis) {
    guard priority != contentHuggingPriority(for: axis) else { return }
    if axis == .horizontal {
      layoutState.huggingPriority.horizontal = priority
    } else {
      layoutState.huggingPriority.vertical = priority
    }
    // (The lowest priority inside an island is cached by constraint generation.)
    ConstraintScope.constraintsOrHierarchyChanged()
    superview?.setNeedsLayout()
  }

  /// How much the view resists shrinking below its intrinsic size on `axis` (750 default).
  public func contentCompressionResistancePriority(for axis: LayoutAxis) -> LayoutPriority {
    axis == .horizontal
      ? layoutState.compressionPriority.horizontal : layoutState.compressionPriority.vertical
  }

  /// Sets the compression-resistance priority on `axis`.
  public func setContentCompressionResistancePriority(
    _ priority: LayoutPriority, for axis: LayoutAxis
  ) {
    guard priority != contentCompressionResistancePriority(for: axis) else { return }
    if axis == .horizontal {
      layoutState.compressionPriority.horizontal = priority
    } else {
      layoutState.compressionPriority.vertical = priority
    }
    // (The lowest priority inside an island is cached by constraint generation.)
    ConstraintScope.constraintsOrHierarchyChanged()
    superview?.setNeedsLayout()
  }

  /// The centre of the frame in the superview's coordinates.
  public var center: Point {
    get { Point(x: frame.midX, y: frame.midY) }
    set {
      frame.origin = Point(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
    }
  }

  /// Converts `rect` from this view's coordinates to `view`'s (the window's when `nil`).
  public func convert(_ rect: Rect, to view: View?) -> Rect {
    let from = originInRoot()
    let to = view?.originInRoot() ?? Point.zero
    return Rect(
      x: rect.minX + from.x - to.x, y: rect.minY + from.y - to.y, width: rect.width,
      height: rect.height)
  }

  /// Converts `rect` from `view`'s coordinates (the window's when `nil`) to this view's.
  public func convert(_ rect: Rect, from view: View?) -> Rect {
    let from = view?.originInRoot() ?? Point.zero
    let to = originInRoot()
    return Rect(
      x: rect.minX + from.x - to.x, y: rect.minY + from.y - to.y, width: rect.width,
      height: rect.height)
  }

  /// Converts `point` from this view's coordinates to `view`'s (the window's when `nil`).
  public func convert(_ point: Point, to view: View?) -> Point {
    convert(Rect(origin: point, size: Size(width: 0, height: 0)), to: view).origin
  }

  /// Converts `point` from `view`'s coordinates (the window's when `nil`) to this view's.
  public func convert(_ point: Point, from view: View?) -> Point {
    convert(Rect(origin: point, size: Size(width: 0, height: 0)), from: view).origin
  }

  /// Where this view's bounds origin lies in its root's coordinates.
  private func originInRoot() -> Point {
    var x = -bounds.minX
    var y = -bounds.minY
    var current: View? = self
    while let view = current, view.superview != nil {
      x += view.frame.minX
      y += view.frame.minY
      current = view.superview
      if let parent = current {
        x -= parent.bounds.minX
        y -= parent.bounds.minY
      }
    }
    return Point(x: x, y: y)
  }

  /// Marks the view as needing layout; the next `layoutIfNeeded()` of its hierarchy (or the
  /// host's frame) lays it out.
  public func setNeedsLayout() { propagateNeedsLayout(throughBoundaries: false) }

  /// The one dirty propagation, after Yoga's `markDirtyAndPropagate`: flags the view, then
  /// each ancestor (recording the child it was reached from in `dirtyChildren` and dropping
  /// its measure and qualification) up to the first one already flagged. It stops at a
  /// relayout boundary, whose frame cannot depend on its content: the boundary registers
  /// with its root, which lays it out alone, and only the measures above it are dropped.
  ///
  /// `throughBoundaries` is for a view that stops being a relayout boundary (its change
  /// moved something its ancestors arranged it by, or laying it out alone failed): it and
  /// every ancestor up to the root are flagged, already flagged or boundaries alike, so that
  /// the root's next pass reaches it.
  func propagateNeedsLayout(throughBoundaries: Bool) {
    layoutState.selfDirty = true
    if throughBoundaries { layoutState.relayoutBoundary = .none }
    guard markNeedsLayout(self, throughBoundaries: throughBoundaries) else { return }
    var child = self
    while let parent = child.superview {
      parent.layoutState.dirtyChildren.append(child)
      guard markNeedsLayout(parent, throughBoundaries: throughBoundaries) else { return }
      child = parent
    }
  }

  /// Flags `view`; returns whether its superview must be flagged too (false when it was
  /// flagged already or is a relayout boundary, which registers with its root instead,
  /// unless `throughBoundaries`).
  private func markNeedsLayout(_ view: View, throughBoundaries: Bool) -> Bool {
    let state = view.layoutState
    if state.needsLayout && !throughBoundaries { return false }
    state.needsLayout = true
    state.dropMeasure()
    state.directQualification = nil
    guard !throughBoundaries, state.relayoutBoundary != .none, let parent = view.superview else {
      return true
    }
    // The view's frame does not depend on its content: only it needs arranging. The natural
    // sizes above it are stale all the same.
    var root = parent
    var ancestor: View? = parent
    while let above = ancestor {
      above.layoutState.dropMeasure()
      root = above
      ancestor = above.superview
    }
    root.layoutState.root.pendingBoundaries.append(WeakView(view))
    return false
  }

  /// How the hierarchy this view is the root of is laid out (`LayoutOptions`): read from
  /// the topmost superview at each pass, so set it there.
  package var layoutOptions: LayoutOptions {
    get { layoutState.layoutOptions }
    set { layoutState.layoutOptions = newValue }
  }

  /// Lays out the view's hierarchy now if anything in it needs layout. With nothing dirty
  /// this is one flag test.
  public func layoutIfNeeded() {
    let root = hierarchyRoot
    if root.layoutState.needsLayout { LayoutEngine(laying: root).layout(root: root) }
    // Boundaries marked alongside a full pass that did not reach them, or left over from it.
    if !root.layoutState.pendingBoundaries.isEmpty {
      LayoutEngine(laying: root).layoutPendingBoundaries(of: root)
    }
  }

  /// The smallest size that satisfies the view's constraints, as close to `targetSize` as
  /// they allow at `fittingSizeLevel`, as `systemLayoutSizeFitting(_:)`.
  public func systemLayoutSizeFitting(_ targetSize: Size) -> Size {
    systemLayoutSizeFitting(
      targetSize, withHorizontalFittingPriority: .fittingSizeLevel,
      verticalFittingPriority: .fittingSizeLevel)
  }

  /// The size that satisfies the view's constraints, as close to `targetSize` as the given
  /// priorities ask.
  public func systemLayoutSizeFitting(
    _ targetSize: Size, withHorizontalFittingPriority horizontal: LayoutPriority,
    verticalFittingPriority vertical: LayoutPriority
  ) -> Size {
    LayoutEngine(laying: self).fittingSize(
      of: self, target: targetSize, horizontal: horizontal, vertical: vertical)
  }

  /// The smallest fitting size, as `UIView.layoutFittingCompressedSize`.
  public nonisolated static let layoutFittingCompressedSize = Size.zero
  /// The largest fitting size, as `UIView.layoutFittingExpandedSize`.
  public nonisolated static let layoutFittingExpandedSize = Size(width: 1e9, height: 1e9)

  func nearestCommonAncestor(with other: View) -> View? {
    var candidate: View? = self
    while let view = candidate {
      if other.isDescendant(of: view) { return view }
      candidate = view.superview
    }
    return nil
  }

  /// Marks the view and its superview: a change to the view's own constraints can change its
  /// frame, which its superview arranges.
  func setNeedsLayoutWithSuperview() {
    setNeedsLayout()
    superview?.setNeedsLayout()
  }

  func hierarchyDidChange() {
    ConstraintScope.constraintsOrHierarchyChanged()
    // What a former superview arranged the view by says nothing about the next one.
    layoutState.arrangedBy = nil
    setNeedsLayout()
    superview?.setNeedsLayout()
  }

  /// A new size lays out the view and its superview, as UIKit does on resizing. A move lays
  /// out the superview only where the view's position can matter to it: a constraint names
  /// the view, or the engine places it (laid out by constraints, or arranged by a stack
  /// view) and puts it back. A view placed by its frame that no constraint names moves
  /// alone, as in UIKit, where setting `center` lays nothing out: a dragged card costs no
  /// layout pass.
  func frameDidChange(from old: Rect) {
    guard !LayoutEngine.isApplyingFrames, old != frame else { return }
    if old.size != frame.size {
      setNeedsLayout()
      superview?.setNeedsLayout()
    } else if namingConstraintCount > 0 || !isPlacedByFrame {
      superview?.setNeedsLayout()
    }
  }
}

/// Insets with leading and trailing edges, as `NSDirectionalEdgeInsets`.
public struct DirectionalEdgeInsets: Sendable, Hashable {
  /// The top inset.
  public var top: Double
  /// The leading inset.
  public var leading: Double
  /// The bottom inset.
  public var bottom: Double
  /// The trailing inset.
  public var trailing: Double
  /// No insets.
  public static let zero = DirectionalEdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0)
  /// Insets with the given values.
  public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}
