/// Direct evaluation of hierarchies made only of stack views and content views, without the
/// simplex: measure natural sizes bottom-up (cached per view until it is marked dirty), then
/// arrange top-down, skipping subtrees whose frame did not change and that are not dirty.
///
/// It computes what the generated stack constraints give, with one documented difference:
/// a nested stack stretches (or shrinks) as a unit with the lowest hugging (compression)
/// priority of its arranged views, where the simplex weighs every arranged view of the
/// nested stack at once. A hierarchy qualifies when every view is a stack view (fill,
/// fillEqually, fillProportionally or equalSpacing distribution; no baseline alignment,
/// margins- or baseline-relative arrangement), or a view whose subviews keep their frames;
/// its only constraints are required constant widths and heights of single views; it uses no
/// layout guides; and its labels are single-line; no safe area reaches it (no window insets,
/// no controller views) and no view preserves its superview's margins. Everything else is
/// solved by the simplex.
@MainActor
enum DirectStackLayout {
  /// Whether `root`'s hierarchy qualifies (see the type's documentation).
  static func qualifies(_ root: View) -> Bool {
    if let cached = root.layoutState.qualifiesForDirectLayout { return cached }
    let result = computeQualifies(root)
    root.layoutState.qualifiesForDirectLayout = result
    return result
  }

  private static func computeQualifies(_ root: View) -> Bool {
    // Safe areas and preserved margins need the frames of the whole chain: the simplex pass
    // computes them.
    if let window = root as? Window, window.hostSafeAreaInsets != .zero { return false }
    if root.owningViewController != nil || root.preservesSuperviewLayoutMargins { return false }
    if root.layoutState.safeAreaGuide != nil || root.layoutState.marginsGuide != nil
      || !root.layoutState.guides.isEmpty || root is ScrollView
    {
      return false
    }
    for constraint in root.layoutState.constraints {
      guard constraint.secondItem == nil, constraint.firstItem === root,
        constraint.priority.isRequired, constraint.relation == .equal,
        constraint.firstAttribute.isDimension
      else { return false }
    }
    if let label = root as? Label, label.numberOfLines != 1 { return false }
    if let stack = root as? StackView {
      if stack.isLayoutMarginsRelativeArrangement || stack.isBaselineRelativeArrangement
        || stack.distribution == .equalCentering
      {
        return false
      }
      switch stack.alignment {
      case .firstBaseline, .lastBaseline: if stack.axis == .horizontal { return false }
      default: break
      }
      if stack.subviews.count != stack.arrangedSubviews.count {
        // Subviews that are not arranged must keep their frames.
        var arranged = Set<ObjectIdentifier>()
        for view in stack.arrangedSubviews { arranged.insert(ObjectIdentifier(view)) }
        for subview in stack.subviews where !arranged.contains(ObjectIdentifier(subview)) {
          if !subview.translatesAutoresizingMaskIntoConstraints { return false }
        }
      }
      for subview in stack.subviews where !qualifies(subview) { return false }
      return true
    }
    for subview in root.subviews {
      if !subview.translatesAutoresizingMaskIntoConstraints { return false }
      if !qualifies(subview) { return false }
    }
    return true
  }

  /// Lays out the hierarchy under `root` (whose frame is fixed), visiting only dirty views
  /// and views whose frames change.
  static func layout(root: View) {
    arrangeChildren(of: root, force: false)
  }

  /// Arranges the subtree of `island`, a qualifying view whose frame anchor-chain evaluation
  /// set (`force` when its size changed); keeps the insets and margins it derived for
  /// `island` itself.
  static func arrange(island: View, force: Bool) {
    arrangeChildren(of: island, force: force, keepsInsets: true)
  }

  /// Whether a natural size that some stack arranges by changed below `root`, from
  /// `boundary` up. A relayout boundary's frame does not depend on its content, but its
  /// natural size still feeds its ancestors' (a column's width is its widest row's): when a
  /// stack above arranges by a size that moved, frames above the boundary move too. Only
  /// the parts a stack uses count (not the length in a `fillEqually` stack, not the
  /// breadth in a `fill`-aligned one), and the walk ends at the first view that is not in a
  /// stack, whose frame is its own.
  static func naturalSizeChanged(from boundary: View, below root: View) -> Bool {
    var view = boundary
    while view !== root, let stack = view.superview as? StackView {
      if let arranged = view.layoutState.lastNaturalSize {
        let natural = naturalSize(of: view)
        let vertical = stack.axis == .vertical
        let along = vertical ? arranged.height != natural.height : arranged.width != natural.width
        let across = vertical ? arranged.width != natural.width : arranged.height != natural.height
        if (along && stack.distribution != .fillEqually) || (across && stack.alignment != .fill) {
          return true
        }
      }
      view = stack
    }
    return false
  }

  /// The natural size: fixed constant constraints, else the intrinsic size (0 where there is
  /// none), else for a stack the sum along its axis and the maximum across.
  static func naturalSize(of view: View) -> Size {
    let state = view.layoutState
    if let cached = state.naturalSize { return cached }
    LayoutEngine.statistics.visitedViews += 1
    var size: Size
    if let stack = view as? StackView {
      var along = 0.0
      var across = 0.0
      var largest = 0.0
      var count = 0
      var previous: View?
      for child in stack.arrangedSubviews where !child.isHidden {
        let natural = naturalSize(of: child)
        let a = stack.axis == .vertical ? natural.height : natural.width
        let c = stack.axis == .vertical ? natural.width : natural.height
        if let previous { along += stack.spacing(after: previous) }
        along += a
        largest = max(largest, a)
        across = max(across, c)
        count += 1
        previous = child
      }
      if stack.distribution == .fillEqually && count > 0 {
        along += Double(count) * largest - (along - stack.totalSpacingOfVisible())
      }
      size =
        stack.axis == .vertical
        ? Size(width: across, height: along) : Size(width: along, height: across)
    } else {
      let intrinsic = view.measuredIntrinsicSize
      size = Size(width: max(0, intrinsic.width), height: max(0, intrinsic.height))
    }
    if let width = fixedDimension(view, .width) { size.width = width }
    if let height = fixedDimension(view, .height) { size.height = height }
    state.naturalSize = size
    return size
  }

  private static func fixedDimension(_ view: View, _ attribute: LayoutAttribute) -> Double? {
    for constraint in view.layoutState.constraints where constraint.firstAttribute == attribute {
      return constraint.constant
    }
    return nil
  }

  /// How willing the view is to grow (`hugging`) or shrink (`compression`) along `axis`:
  /// a fixed dimension never; a view without intrinsic size freely (0); a stack as its most
  /// willing arranged view.
  private static func priority(_ view: View, _ axis: LayoutAxis, growing: Bool) -> Float {
    if fixedDimension(view, axis == .horizontal ? .width : .height) != nil { return 1000 }
    if let stack = view as? StackView {
      var lowest: Float = 1000
      var any = false
      for child in stack.arrangedSubviews where !child.isHidden {
        lowest = min(lowest, priority(child, axis, growing: growing))
        any = true
      }
      return any ? lowest : 0
    }
    let intrinsic = view.measuredIntrinsicSize
    if (axis == .horizontal ? intrinsic.width : intrinsic.height) < 0 { return 0 }
    return growing
      ? view.contentHuggingPriority(for: axis).rawValue
      : view.contentCompressionResistancePriority(for: axis).rawValue
  }

  private static func arrangeChildren(of view: View, force: Bool, keepsInsets: Bool = false) {
    LayoutEngine.statistics.visitedViews += 1
    if let stack = view as? StackView {
      arrange(stack)
    } else {
      for subview in view.subviews where subview.layoutState.needsLayout || force {
        // A subview that keeps its frame is a relayout boundary.
        subview.layoutState.isRelayoutBoundary = true
        arrangeChildren(of: subview, force: force)
      }
    }
    view.layoutState.needsLayout = false
    view.layoutState.selfDirty = false
    view.layoutState.dirtyChildren.removeAll(keepingCapacity: true)
    // No safe area reaches a qualifying hierarchy, so the margins are the view's own.
    if !keepsInsets {
      view.layoutState.safeAreaInsets = .zero
      view.layoutState.effectiveLayoutMargins = view.layoutMargins
    }
    view.layoutSubviews()
  }

  private static func arrange(_ stack: StackView) {
    if arrangeDirtyChildrenOnly(stack) { return }
    let vertical = stack.axis == .vertical
    let bounds = stack.frame.size
    stack.layoutState.lastArrangedSize = bounds
    let available = vertical ? bounds.height : bounds.width
    let crossAvailable = vertical ? bounds.width : bounds.height
    let visible = stack.arrangedSubviews.filter { !$0.isHidden }
    var lengths = visible.map { child -> Double in
      let natural = naturalSize(of: child)
      child.layoutState.lastNaturalSize = natural
      return vertical ? natural.height : natural.width
    }
    let spacing = stack.totalSpacingOfVisible()
    let total = lengths.reduce(0, +)
    var gap: Double? = nil
    var stretched = -1
    switch stack.distribution {
    case .fillEqually:
      let each = visible.isEmpty ? 0 : max(0, (available - spacing) / Double(visible.count))
      lengths = lengths.map { _ in each }
    case .fillProportionally:
      let room = max(0, available - spacing)
      lengths = lengths.map { total > 0 ? room * $0 / total : room / Double(visible.count) }
    case .equalSpacing where visible.count > 1 && available - total >= spacing:
      gap = (available - total) / Double(visible.count - 1)
    default:
      var delta = available - total - spacing
      let axis: LayoutAxis = vertical ? .vertical : .horizontal
      if delta > 1e-9 {
        // The lowest hugging priority stretches; ties go to the first view.
        var best = -1
        var bestPriority: Float = 1000
        for (index, child) in visible.enumerated() {
          let p = priority(child, axis, growing: true)
          if p < bestPriority {
            bestPriority = p
            best = index
          }
        }
        if best >= 0 {
          lengths[best] += delta
          stretched = best
        }
      } else {
        // The lowest compression resistance shrinks first; ties go to the last view.
        var remaining = delta < -1e-9 ? Set(visible.indices) : []
        while delta < -1e-9 && !remaining.isEmpty {
          var best = -1
          var bestPriority: Float = 1001
          for index in remaining {
            let p = priority(visible[index], axis, growing: false)
            if p < bestPriority || (p == bestPriority && index > best) {
              bestPriority = p
              best = index
            }
          }
          guard best >= 0, bestPriority < 1000 else { break }
          remaining.remove(best)
          stretched = best
          let cut = min(lengths[best], -delta)
          lengths[best] -= cut
          delta += cut
        }
      }
    }

    var position = 0.0
    var previous: View?
    var visibleIndex = 0
    for child in stack.arrangedSubviews {
      if child.isHidden {
        place(child, in: stack, along: position, length: 0, crossAvailable: crossAvailable)
        continue
      }
      if let previous { position += gap ?? stack.spacing(after: previous) }
      let length = lengths[visibleIndex]
      // The child's frame ignores its content when its length is fixed (or shared equally)
      // and it fills the stack across: a change inside it relayouts it alone.
      let fixedAlong =
        stack.distribution == .fillEqually
        || (stack.distribution == .fill && visibleIndex != stretched
          && fixedDimension(child, vertical ? .height : .width) != nil)
      let fixedAcross =
        stack.alignment == .fill || fixedDimension(child, vertical ? .width : .height) != nil
      child.layoutState.isRelayoutBoundary = fixedAlong && fixedAcross
      place(child, in: stack, along: position, length: length, crossAvailable: crossAvailable)
      position += length
      previous = child
      visibleIndex += 1
    }
  }

  /// When only descendants changed, the stack kept its size and the changed children kept
  /// their natural size along the axis (and across it unless the stack fills), every frame
  /// stays: only the changed children are arranged. Returns whether that was the case.
  private static func arrangeDirtyChildrenOnly(_ stack: StackView) -> Bool {
    let state = stack.layoutState
    guard !state.selfDirty, let size = state.lastArrangedSize, size == stack.frame.size,
      !state.dirtyChildren.isEmpty
    else { return false }
    let vertical = stack.axis == .vertical
    for entry in state.dirtyChildren {
      guard let child = entry.view, child.superview === stack,
        let old = child.layoutState.lastNaturalSize
      else {
        return false
      }
      let new = naturalSize(of: child)
      let sameAlong = vertical ? old.height == new.height : old.width == new.width
      let sameAcross =
        stack.alignment == .fill || (vertical ? old.width == new.width : old.height == new.height)
      guard sameAlong && sameAcross else { return false }
    }
    for entry in state.dirtyChildren {
      guard let child = entry.view, child.layoutState.needsLayout else { continue }
      child.layoutState.lastNaturalSize = naturalSize(of: child)
      arrangeChildren(of: child, force: false)
    }
    return true
  }

  private static func place(
    _ child: View, in stack: StackView, along: Double, length: Double, crossAvailable: Double
  ) {
    let vertical = stack.axis == .vertical
    let natural = naturalSize(of: child)
    let naturalCross = min(vertical ? natural.width : natural.height, crossAvailable)
    var cross = naturalCross
    var crossPosition = 0.0
    switch stack.alignment {
    case .fill, .firstBaseline, .lastBaseline: cross = crossAvailable
    case .leading, .top: crossPosition = 0
    case .center: crossPosition = (crossAvailable - cross) / 2
    case .trailing, .bottom: crossPosition = crossAvailable - cross
    }
    let frame =
      vertical
      ? Rect(x: crossPosition, y: along, width: cross, height: length)
      : Rect(x: along, y: crossPosition, width: length, height: cross)
    let changed = child.frame.size != frame.size
    if child.frame != frame {
      LayoutEngine.isApplyingFrames = true
      child.frame = frame
      LayoutEngine.isApplyingFrames = false
    }
    if changed || child.layoutState.needsLayout {
      arrangeChildren(of: child, force: changed)
    }
  }
}

extension StackView {
  /// The spacing after `view`: its custom spacing, else `spacing`.
  func spacing(after view: View) -> Double {
    let custom = customSpacing(after: view)
    return custom == StackView.spacingUseDefault ? spacing : custom
  }

  /// The spacing between the visible arranged views.
  func totalSpacingOfVisible() -> Double {
    var total = 0.0
    var previous: View?
    for child in arrangedSubviews where !child.isHidden {
      if let previous { total += spacing(after: previous) }
      previous = child
    }
    return total
  }
}
