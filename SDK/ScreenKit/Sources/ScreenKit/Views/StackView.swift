/// A view that lays out a row or column of views, as `UIStackView`.
///
/// The stack generates constraints for its arranged views each pass, as UIKit's does:
/// the first and last visible views pinned to the stack's edges (or its margins with
/// `isLayoutMarginsRelativeArrangement`), spacing between neighbours (custom spacing after a
/// view wins), a distribution rule along the axis and an alignment rule across it. Hidden
/// arranged views collapse to zero length with their spacing. Equal hugging or compression
/// priorities resolve by arranged order: the first view stretches first, the last shrinks
/// first.
@MainActor
open class StackView: View {
  override var layoutAlgorithm: LayoutAlgorithm { .stack }

  /// How arranged views share the stack's length, as `UIStackView.Distribution`.
  public enum Distribution: String, Sendable, Hashable, CaseIterable {
    /// Views fill the length; hugging and compression priorities decide who stretches or
    /// shrinks.
    case fill
    /// Views have equal lengths.
    case fillEqually
    /// Views' lengths are proportional to their intrinsic lengths.
    case fillProportionally
    /// Views keep their intrinsic lengths; the gaps between them are equal and at least
    /// `spacing`.
    case equalSpacing
    /// Views' centres are equally spaced; gaps are at least `spacing`.
    case equalCentering
  }

  /// How arranged views are placed across the axis, as `UIStackView.Alignment`.
  public enum Alignment: String, Sendable, Hashable, CaseIterable {
    /// Views fill the stack's width (height for a horizontal stack).
    case fill
    /// Views are aligned to the leading edge (vertical stacks).
    case leading
    /// Views are aligned to the top edge (horizontal stacks).
    case top
    /// Views are aligned on their first baselines (horizontal stacks).
    case firstBaseline
    /// Views are centred.
    case center
    /// Views are aligned to the trailing edge (vertical stacks).
    case trailing
    /// Views are aligned to the bottom edge (horizontal stacks).
    case bottom
    /// Views are aligned on their last baselines (horizontal stacks).
    case lastBaseline
  }

  /// The spacing UIKit uses for `spacing = StackView.spacingUseSystem` (8 in ScreenKit).
  public nonisolated static let spacingUseSystem: Double = 8

  /// The views laid out by the stack, in order; a subset of `subviews`.
  @exclusivity(unchecked) public private(set) var arrangedSubviews: [View] = []
  /// The axis views are laid out along (horizontal by default, as UIKit).
  @exclusivity(unchecked) open var axis: LayoutAxis = .horizontal {
    didSet {
      setNeedsLayout()
      setNeedsDisplay()
    }
  }
  /// The distribution along the axis.
  @exclusivity(unchecked) open var distribution: Distribution = .fill {
    didSet { setNeedsLayout() }
  }
  /// The alignment across the axis.
  @exclusivity(unchecked) open var alignment: Alignment = .fill { didSet { setNeedsLayout() } }
  /// The space between neighbouring views (a minimum for the equal distributions).
  @exclusivity(unchecked) open var spacing: Double = 0 {
    didSet {
      setNeedsLayout()
      setNeedsDisplay()
    }
  }
  /// Whether views are laid out inside the stack's layout margins.
  open var isLayoutMarginsRelativeArrangement = false { didSet { setNeedsLayout() } }
  /// Whether vertical spacing is measured between baselines (vertical stacks).
  open var isBaselineRelativeArrangement = false { didSet { setNeedsLayout() } }
  @exclusivity(unchecked) private var customSpacings: [(view: View, spacing: Double)] = []

  /// A stack of `views`.
  public init(arrangedSubviews views: [View]) {
    super.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  /// An empty stack with the given frame.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// Adds `view` at the end of the arranged views (and as a subview); it is laid out by
  /// constraints from now on.
  open func addArrangedSubview(_ view: View) {
    insertArrangedSubview(view, at: arrangedSubviews.count)
  }

  /// Inserts `view` among the arranged views at `index`.
  open func insertArrangedSubview(_ view: View, at index: Int) {
    if view.superview === self { arrangedSubviews.removeAll { $0 === view } }
    arrangedSubviews.insert(view, at: min(max(index, 0), arrangedSubviews.count))
    view.translatesAutoresizingMaskIntoConstraints = false
    if view.superview !== self { addSubview(view) }
    ConstraintScope.constraintsOrHierarchyChanged()
    setNeedsLayout()
  }

  /// Removes `view` from the arranged views; it stays a subview, as UIKit.
  open func removeArrangedSubview(_ view: View) {
    arrangedSubviews.removeAll { $0 === view }
    customSpacings.removeAll { $0.view === view }
    ConstraintScope.constraintsOrHierarchyChanged()
    setNeedsLayout()
  }

  open override func willRemoveSubview(_ subview: View) {
    super.willRemoveSubview(subview)
    removeArrangedSubview(subview)
  }

  /// Sets the spacing after `arrangedSubview`, replacing `spacing` there.
  open func setCustomSpacing(_ spacing: Double, after arrangedSubview: View) {
    customSpacings.removeAll { $0.view === arrangedSubview }
    customSpacings.append((arrangedSubview, spacing))
    setNeedsLayout()
  }

  /// The custom spacing after `arrangedSubview`, or `StackView.spacingUseDefault`.
  open func customSpacing(after arrangedSubview: View) -> Double {
    customSpacings.first { $0.view === arrangedSubview }?.spacing ?? StackView.spacingUseDefault
  }

  /// The value `customSpacing(after:)` returns when no custom spacing is set.
  public nonisolated static let spacingUseDefault = Double.greatestFiniteMagnitude

  override func baselineView(first: Bool) -> View? {
    let visible = arrangedSubviews.filter { !$0.isHidden && $0.superview === self }
    return first ? visible.first : visible.last
  }

  /// Adds the constraints `UIStackView` generates for the arranged views to a simplex pass.
  func addArrangementConstraints(to pass: LayoutPass) {
    let arranged = arrangedSubviews.filter { $0.superview === self }
    let visible = arranged.filter { !$0.isHidden }
    let region: any LayoutItem = isLayoutMarginsRelativeArrangement ? layoutMarginsGuide : self
    let vertical = axis == .vertical
    let lead: LayoutAttribute = vertical ? .top : .leading
    let trail: LayoutAttribute = vertical ? .bottom : .trailing
    let length: LayoutAttribute = vertical ? .height : .width
    let crossLead: LayoutAttribute = vertical ? .leading : .top
    let crossTrail: LayoutAttribute = vertical ? .trailing : .bottom
    let crossCenter: LayoutAttribute = vertical ? .centerX : .centerY
    let crossLength: LayoutAttribute = vertical ? .width : .height

    for (rank, view) in visible.enumerated() {
      // Earlier views stretch first (lower hugging), later views shrink first.
      view.layoutState.priorityTieBreak = (
        hugging: Float(visible.count - rank) * 0.001,
        compression: Float(rank + 1) * 0.001
      )
    }

    guard let first = visible.first, let last = visible.last else {
      pass.add(region, length, .equal, nil, nil, constant: 0, priority: 49, direction: self)
      pass.add(region, crossLength, .equal, nil, nil, constant: 0, priority: 49, direction: self)
      for view in arranged { collapse(view, after: nil, pass: pass, region: region) }
      return
    }
    pass.add(first, lead, .equal, region, lead, direction: self)
    pass.add(last, trail, .equal, region, trail, direction: self)

    var previousVisible: View?
    for view in arranged {
      if view.isHidden {
        collapse(view, after: previousVisible, pass: pass, region: region)
        continue
      }
      defer { previousVisible = view }
      guard let previous = previousVisible else { continue }
      let custom = customSpacing(after: previous)
      let gap = custom == StackView.spacingUseDefault ? spacing : custom
      let baselineRelative = vertical && isBaselineRelativeArrangement
      let nextLead: LayoutAttribute = baselineRelative ? .firstBaseline : lead
      let previousTrail: LayoutAttribute = baselineRelative ? .lastBaseline : trail
      switch distribution {
      case .fill, .fillEqually, .fillProportionally:
        pass.add(view, nextLead, .equal, previous, previousTrail, constant: gap, direction: self)
      case .equalSpacing, .equalCentering:
        pass.add(
          view, nextLead, .greaterThanOrEqual, previous, previousTrail, constant: gap,
          direction: self)
      }
    }

    switch distribution {
    case .fill:
      break
    case .fillEqually:
      for view in visible.dropFirst() {
        pass.add(view, length, .equal, first, length, direction: self)
      }
    case .fillProportionally:
      let lengths = visible.map { view -> Double in
        let size = view.measuredIntrinsicSize
        return max(0, vertical ? size.height : size.width)
      }
      let total = lengths.reduce(0, +)
      let spacingTotal = totalSpacing(visible)
      for (index, view) in visible.enumerated() {
        let share = total > 0 ? lengths[index] / total : 1 / Double(visible.count)
        // view.length == share × (region.length − spacing)
        pass.add(
          view, length, .equal, region, length, multiplier: share,
          constant: -share * spacingTotal, priority: 999, direction: self)
      }
    case .equalSpacing:
      guard visible.count > 2 else { break }
      let firstGap = gapExpression(visible[0], visible[1], lead, trail, pass)
      for index in 1..<(visible.count - 1) {
        guard var gap = gapExpression(visible[index], visible[index + 1], lead, trail, pass),
          let firstGap
        else { continue }
        gap.add(firstGap, times: -1)
        pass.add(gap, .equal, priority: .required)
      }
    case .equalCentering:
      guard visible.count > 2 else { break }
      let firstGap = gapExpression(visible[0], visible[1], crossCenterAlong(vertical), nil, pass)
      for index in 1..<(visible.count - 1) {
        guard
          var gap = gapExpression(
            visible[index], visible[index + 1], crossCenterAlong(vertical), nil, pass),
          let firstGap
        else { continue }
        gap.add(firstGap, times: -1)
        pass.add(gap, .equal, priority: 999)
      }
    }

    var effective = alignment
    if vertical && (effective == .firstBaseline || effective == .lastBaseline) { effective = .fill }
    var anyNonFill = false
    for view in visible {
      switch effective {
      case .fill:
        pass.add(view, crossLead, .equal, region, crossLead, direction: self)
        pass.add(view, crossTrail, .equal, region, crossTrail, direction: self)
      case .leading, .top:
        anyNonFill = true
        pass.add(view, crossLead, .equal, region, crossLead, direction: self)
        pass.add(view, crossTrail, .lessThanOrEqual, region, crossTrail, direction: self)
      case .trailing, .bottom:
        anyNonFill = true
        pass.add(view, crossTrail, .equal, region, crossTrail, direction: self)
        pass.add(view, crossLead, .greaterThanOrEqual, region, crossLead, direction: self)
      case .center:
        anyNonFill = true
        pass.add(view, crossCenter, .equal, region, crossCenter, direction: self)
        pass.add(view, crossLead, .greaterThanOrEqual, region, crossLead, direction: self)
      case .firstBaseline, .lastBaseline:
        anyNonFill = true
        let baseline: LayoutAttribute = effective == .firstBaseline ? .firstBaseline : .lastBaseline
        if view !== first { pass.add(view, baseline, .equal, first, baseline, direction: self) }
        pass.add(view, .top, .greaterThanOrEqual, region, .top, direction: self)
        pass.add(view, .bottom, .lessThanOrEqual, region, .bottom, direction: self)
        pass.add(view, .top, .equal, region, .top, priority: 49, direction: self)
      }
    }
    if anyNonFill {
      // The stack hugs its widest (tallest) view across the axis unless told otherwise.
      pass.add(region, crossLength, .equal, nil, nil, constant: 0, priority: 49, direction: self)
    }
  }

  private func crossCenterAlong(_ vertical: Bool) -> LayoutAttribute {
    vertical ? .centerY : .centerX
  }

  /// `next.a − previous.b` (or `next.a − previous.a` when `b` is nil).
  private func gapExpression(
    _ previous: View, _ next: View, _ a: LayoutAttribute, _ b: LayoutAttribute?,
    _ pass: LayoutPass
  ) -> LayoutPass.Expression? {
    let mirrored = !vertical(a) && isRightToLeft
    guard var expression = pass.expression(next, a, mirrored: mirrored),
      let other = pass.expression(previous, b ?? a, mirrored: mirrored)
    else { return nil }
    expression.add(other, times: -1)
    return expression
  }

  private func vertical(_ attribute: LayoutAttribute) -> Bool { !attribute.isHorizontal }

  private func totalSpacing(_ visible: [View]) -> Double {
    var total = 0.0
    for view in visible.dropLast() {
      let custom = customSpacing(after: view)
      total += custom == StackView.spacingUseDefault ? spacing : custom
    }
    return total
  }

  /// A hidden arranged view: zero length, placed where it would be, aligned as the others.
  private func collapse(
    _ view: View, after previous: View?, pass: LayoutPass, region: any LayoutItem
  ) {
    let vertical = axis == .vertical
    let length: LayoutAttribute = vertical ? .height : .width
    let lead: LayoutAttribute = vertical ? .top : .leading
    pass.add(view, length, .equal, nil, nil, constant: 0, direction: self)
    if let previous {
      pass.add(view, lead, .equal, previous, vertical ? .bottom : .trailing, direction: self)
    } else {
      pass.add(view, lead, .equal, region, lead, direction: self)
    }
    pass.add(
      view, vertical ? .leading : .top, .equal, region, vertical ? .leading : .top, direction: self)
  }
}
