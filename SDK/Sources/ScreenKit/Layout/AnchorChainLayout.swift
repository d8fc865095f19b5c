/// Direct evaluation of anchor chains, without the simplex: views whose frames follow, axis
/// by axis, from required equalities to items already placed, resolved in dependency order
/// from the root down; subtrees that qualify for `DirectStackLayout` are arranged by it inside
/// the frames the chains give them.
///
/// A hierarchy qualifies when, below the root (whose frame is fixed), every view is either
///
/// * an **island**: a subtree that `DirectStackLayout` qualifies for;
/// * a **container**: a view other than a stack, scroll view or label, without user guides,
///   whose subviews are islands, containers or scroll views; or
/// * a **sealed container**: the root of a constraint scope (`ConstraintScope`) that keeps
///   its frame and whose own constraints need the simplex (an inequality or a priority below
///   required), such as a
///   card of labels placed with inequalities; its subtree is solved by its own simplex
///   session (as the simplex solves its sealed containers) when it needs layout or its
///   frame, safe area or margins changed;
/// * a **scroll view** without user guides whose subviews are islands, containers or scroll
///   views: a container whose scope has its `contentLayoutGuide` and `frameLayoutGuide` in
///   place of the safe-area and margins guides, as the simplex reads it — a subview's
///   constraint to the scroll view's edges or centre means the content guide, whose leading
///   and top edges are the scroll view's and which may be related to the frame guide (the
///   content as wide as the frame); the content guide's size is what the chains give its
///   other edges (an island's natural size included: nothing but the pull towards zero
///   at priority 1 acts on it), zero where nothing places it, or `contentSize` where set.
///   This is a stacked form (a stack view in a scroll view in a controller): a stack of rows pinned to the content guide and
///   as wide as the frame guide.
///
/// Views that translate their autoresizing mask keep their frames. Every other view is placed
/// by the constraints of its superview's **scope**: those installed on the superview, which may
/// relate only the superview, its `safeAreaLayoutGuide` and `layoutMarginsGuide`, and its
/// direct subviews; and the constant widths and heights installed on the view itself. Each
/// constraint must be a required equality between attributes of one axis (edges and centres
/// with multiplier 1, dimensions with any non-zero multiplier), or a dimension equal to a
/// constant. Per axis a view needs exactly two independent equations (position and size) from
/// constraints whose other item is already placed; an island with one position equation and
/// nothing else about that axis but constraints that only read it takes its natural size
/// (`DirectStackLayout.naturalSize`), when the simplex's result is the same: an intrinsic
/// size, or a fill / fill-equally stack of such views. A size that would depend on another
/// view's natural size (which the simplex trades against priorities), an unplaced view, a
/// cycle, a constraint between two placed items, a negative size, or anything else falls back
/// to the simplex for the whole root.
///
/// Safe-area insets and effective margins are derived as the simplex pass derives them
/// (`View.deriveInsets`), parents before children, so one pass suffices where the simplex
/// iterates. Inside an island they follow direct stack evaluation (zero, own margins) while the
/// island lies inside the safe area, and are derived view by view when it does not.
@MainActor
enum AnchorChainLayout {
  /// Lays out the hierarchy under `root` (whose frame is fixed) if it qualifies: `declined`
  /// when it does not (frames it set by then are ones the simplex recomputes),
  /// `needsSimplex` when an island's self-sizing view could not be placed exactly.
  static func layout(root: View, engine: LayoutEngine) -> LayoutEngine.Outcome {
    let evaluation = AnchorChainEvaluation(root: root, engine: engine)
    guard evaluation.resolve() else { return .declined }
    return evaluation.apply() ? .laidOut : .needsSimplex
  }

}

/// One anchor-chain pass: resolves every container's scope top-down, then applies frames,
/// insets and guides and arranges the islands.
@MainActor
private final class AnchorChainEvaluation {
  enum Kind {
    case container
    /// A scroll view: a container whose scope has its content and frame guides.
    case scroll
    case island
    /// A view that keeps its frame, whose subtree its own simplex session solves.
    case sealed
  }

  /// A container or island with its absolute frame and derived insets.
  struct Entry {
    var view: View
    var kind: Kind
    var absolute: Rect
    var derived: View.DerivedInsets
    /// Whether the view keeps its frame (the root, or translating its autoresizing mask).
    var keepsFrame: Bool
    var sizeChanged: Bool
    /// The natural width and height the chains gave the view, on those axes.
    var natural: (width: Double?, height: Double?) = (nil, nil)
    /// For a scroll view, the size its scope gave the content guide.
    var contentSize: Size?
  }

  /// An attribute's kind on one axis: `position + size × sizeFactor`.
  enum Part: Int {
    case minEdge = 0
    case maxEdge = 1
    case center = 2
    case size = 3

    init?(_ attribute: LayoutAttribute) {
      switch attribute {
      case .left, .leading, .top: self = .minEdge
      case .right, .trailing, .bottom: self = .maxEdge
      case .centerX, .centerY: self = .center
      case .width, .height: self = .size
      case .firstBaseline, .lastBaseline: return nil
      }
    }

    var positionFactor: Double { self == .size ? 0 : 1 }
    var sizeFactor: Double {
      switch self {
      case .minEdge: 0
      case .maxEdge, .size: 1
      case .center: 0.5
      }
    }
  }

  /// A constraint of a scope: `first.firstPart == second.secondPart × multiplier + constant`
  /// on one axis; `second` is -1 for a constant.
  struct Link {
    var first: Int
    var firstPart: Part
    var second: Int
    var secondPart: Part
    var multiplier: Double
    var constant: Double
  }

  /// An equation on an unplaced item: `part == value`; `dependsOnNatural` when the value
  /// follows from a natural size.
  struct Equation {
    var part: Part
    var value: Double
    var dependsOnNatural: Bool
  }

  /// One axis of one item of a scope while it is resolved.
  struct AxisState {
    var placed = false
    var position = 0.0
    var size = 0.0
    var positionFromNatural = false
    var sizeFromNatural = false
    /// The size is the item's own natural size.
    var isNatural = false
    var equations: [Equation] = []

    func value(_ part: Part) -> Double {
      position * part.positionFactor + size * part.sizeFactor
    }

    func dependsOnNatural(_ part: Part) -> Bool {
      (part.positionFactor != 0 && positionFromNatural)
        || (part.sizeFactor != 0 && sizeFromNatural)
    }
  }

  let root: View
  /// The engine of the hierarchy: its options and statistics, and the direct evaluation of
  /// islands.
  let engine: LayoutEngine
  private(set) var entries: [Entry] = []

  init(root: View, engine: LayoutEngine) {
    self.root = root
    self.engine = engine
  }

  /// Places every container's subviews; false when the hierarchy does not qualify.
  func resolve() -> Bool {
    let frame = root.frame
    guard frame.width.isFinite, frame.height.isFinite, isContainer(root),
      root.layoutState.constraints.allSatisfy({ involvesSubview($0, of: root) })
    else { return false }
    let absolute = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
    let derived = root.deriveInsets(frame: absolute, isPassRoot: true, parent: nil)
    entries.append(
      Entry(
        view: root, kind: .container, absolute: absolute, derived: derived, keepsFrame: true,
        sizeChanged: false))
    var index = 0
    while index < entries.count {
      if entries[index].kind == .container || entries[index].kind == .scroll {
        guard resolveScope(of: index) else { return false }
      }
      index += 1
    }
    return true
  }

  /// Whether `view` may hold anchor chains (see `AnchorChainLayout`).
  private func isContainer(_ view: View) -> Bool {
    view.layoutAlgorithm.holdsAnchorChains && view.layoutState.guides.isEmpty
  }

  /// Whether `view` is a sealed container (see `AnchorChainLayout`): the root of a
  /// constraint scope (`ConstraintScope`) that keeps its frame, whose own constraints need
  /// the simplex (deeper ones may still be chained or self-sizing).
  private func isSealed(_ view: View) -> Bool {
    guard view.translatesAutoresizingMaskIntoConstraints,
      let scope = ConstraintScope.rooted(at: view)
    else { return false }
    return scope.ownConstraintsNeedSimplex
  }

  /// Whether `view` is a scroll view whose scope may hold anchor chains.
  private func isScrollScope(_ view: View) -> Bool {
    view.layoutAlgorithm == .scroll && view.layoutState.guides.isEmpty
  }

  /// Whether a constraint installed on `view` relates something other than `view` alone.
  private func involvesSubview(_ constraint: LayoutConstraint, of view: View) -> Bool {
    for item in [constraint.firstItem, constraint.secondItem] {
      if let child = item as? View, child !== view, child.superview === view { return true }
    }
    return false
  }

  /// Resolves the scope of the container at `containerIndex`: appends entries for its
  /// subviews. False when the scope does not qualify.
  private func resolveScope(of containerIndex: Int) -> Bool {
    let container = entries[containerIndex].view
    let containerFrame = entries[containerIndex].absolute
    let derived = entries[containerIndex].derived
    let subviews = container.subviews
    let scroll =
      entries[containerIndex].kind == .scroll
      ? unsafeDowncast(container, to: ScrollView.self) : nil
    // Items: 0 the container, 1 and 2 its safe-area and margins guides (a scroll view's
    // content and frame guides), 3... subviews.
    let firstGuide = scroll?.contentLayoutGuide ?? container.layoutState.safeAreaGuide
    let secondGuide = scroll?.frameLayoutGuide ?? container.layoutState.marginsGuide
    let firstGuideFrame = Self.unclamped(containerFrame, derived.safeAreaInsets)
    let secondGuideFrame =
      scroll == nil ? Self.unclamped(containerFrame, derived.effectiveMargins) : containerFrame

    var slots: [ObjectIdentifier: Int] = [:]
    var kinds: [Kind] = []
    for (offset, child) in subviews.enumerated() {
      slots[ObjectIdentifier(child)] = offset + 3
      if engine.direct.qualifies(child) {
        kinds.append(.island)
      } else if isSealed(child) {
        kinds.append(.sealed)
      } else if isContainer(child) {
        kinds.append(.container)
      } else if isScrollScope(child) {
        kinds.append(.scroll)
      } else {
        return false
      }
    }
    func slot(of item: (any LayoutItem)?) -> Int? {
      guard let item else { return nil }
      if item === container { return 0 }
      if let firstGuide, item === firstGuide { return 1 }
      if let secondGuide, item === secondGuide { return 2 }
      return slots[ObjectIdentifier(item)]
    }
    /// In a scroll view's scope, a subview's constraint to the scroll view's edges or
    /// centre means the content guide, and the content guide's leading and top edges are
    /// the scroll view's (so that they are known before the guide's size is).
    func scrollSlot(_ item: Int, _ part: Part, other: Int) -> Int {
      guard scroll != nil else { return item }
      if item == 0 && part != .size && other >= 3 { return part == .minEdge ? 0 : 1 }
      if item == 1 && part == .minEdge { return 0 }
      return item
    }

    var links: [(horizontal: Bool, link: Link)] = []
    func addLink(_ constraint: LayoutConstraint) -> Bool {
      guard constraint.priority.isRequired, constraint.relation == .equal,
        constraint.constant.isFinite, constraint.multiplier.isFinite,
        constraint.multiplier != 0, var first = slot(of: constraint.firstItem),
        let firstPart = Part(constraint.firstAttribute)
      else { return false }
      let horizontal = constraint.firstAttribute.isHorizontal
      guard let secondAttribute = constraint.secondAttribute else {
        guard firstPart == .size, first >= 3 else { return false }
        links.append(
          (
            horizontal,
            Link(
              first: first, firstPart: .size, second: -1, secondPart: .size, multiplier: 1,
              constant: constraint.constant)
          ))
        return true
      }
      guard var second = slot(of: constraint.secondItem), first != second,
        // (In a scroll view's scope also a relation of the content guide to the scroll view
        // or its frame guide: the content as wide as the frame.)
        first >= 3 || second >= 3 || (scroll != nil && (first == 1 || second == 1)),
        let secondPart = Part(secondAttribute),
        secondAttribute.isHorizontal == horizontal,
        (firstPart == .size) == (secondPart == .size),
        firstPart == .size || constraint.multiplier == 1
      else { return false }
      (first, second) = (
        scrollSlot(first, firstPart, other: second), scrollSlot(second, secondPart, other: first)
      )
      guard first != second else { return false }
      links.append(
        (
          horizontal,
          Link(
            first: first, firstPart: firstPart, second: second, secondPart: secondPart,
            multiplier: constraint.multiplier, constant: constraint.constant)
        ))
      return true
    }
    for constraint in container.layoutState.constraints {
      // The container's own constant sizes belong to its superview's scope.
      if constraint.hasFirstItem(container) && constraint.lacksSecondItem { continue }
      guard addLink(constraint) else { return false }
    }
    for child in subviews {
      let keepsFrame = child.translatesAutoresizingMaskIntoConstraints
      for constraint in child.layoutState.constraints
      where constraint.hasFirstItem(child) && constraint.lacksSecondItem {
        // A view that keeps its frame and has a size constraint conflicts in the simplex.
        if keepsFrame { return false }
        guard addLink(constraint) else { return false }
      }
    }

    var horizontal: [AxisState] = []
    var vertical: [AxisState] = []
    for isHorizontal in [true, false] {
      var states = [AxisState](repeating: AxisState(), count: subviews.count + 3)
      func place(_ index: Int, _ rect: Rect) {
        states[index].placed = true
        states[index].position = isHorizontal ? rect.minX : rect.minY
        states[index].size = isHorizontal ? rect.width : rect.height
      }
      place(0, containerFrame)
      place(2, secondGuideFrame)
      if let scroll {
        // The content guide starts at the scroll view's origin; its size is the set
        // content size, else what its other edges get (zero if nothing places them).
        if let size = scroll.explicitContentSize {
          place(1, Rect(origin: containerFrame.origin, size: size))
        } else {
          states[1].equations = [
            Equation(
              part: .minEdge, value: isHorizontal ? containerFrame.minX : containerFrame.minY,
              dependsOnNatural: false)
          ]
        }
      } else {
        place(1, firstGuideFrame)
      }
      for (offset, child) in subviews.enumerated()
      where child.translatesAutoresizingMaskIntoConstraints {
        let frame = child.frame
        guard frame.minX.isFinite, frame.minY.isFinite, frame.width.isFinite,
          frame.height.isFinite
        else { return false }
        place(
          offset + 3,
          Rect(
            x: containerFrame.minX + frame.minX, y: containerFrame.minY + frame.minY,
            width: frame.width, height: frame.height))
      }
      let axisLinks = links.filter { $0.horizontal == isHorizontal }.map(\.link)
      guard
        solveAxis(
          &states, links: axisLinks, subviews: subviews, kinds: kinds, horizontal: isHorizontal,
          across: isHorizontal ? nil : horizontal.map(\.size), contentGuide: scroll != nil)
      else { return false }
      if isHorizontal { horizontal = states } else { vertical = states }
    }

    if scroll != nil {
      entries[containerIndex].contentSize = Size(
        width: Self.clean(horizontal[1].size), height: Self.clean(vertical[1].size))
    }
    for (offset, child) in subviews.enumerated() {
      let h = horizontal[offset + 3]
      let v = vertical[offset + 3]
      // An island given a length from outside that its arranged views' constant lengths
      // contradict: only the simplex finds and reports that conflict.
      if kinds[offset] == .island, let stack = child as? StackView,
        (!h.isNatural && !DirectStackLayout.takesLength(stack, h.size, horizontal: true))
          || (!v.isNatural && !DirectStackLayout.takesLength(stack, v.size, horizontal: false))
      {
        return false
      }
      let keepsFrame = child.translatesAutoresizingMaskIntoConstraints
      let absolute: Rect
      var sizeChanged = false
      if keepsFrame {
        absolute = Rect(x: h.position, y: v.position, width: h.size, height: v.size)
      } else {
        guard h.size >= -1e-9, v.size >= -1e-9 else { return false }
        absolute = Rect(
          x: Self.clean(h.position), y: Self.clean(v.position), width: Self.clean(h.size),
          height: Self.clean(v.size))
        let frame = Rect(
          x: absolute.minX - containerFrame.minX, y: absolute.minY - containerFrame.minY,
          width: absolute.width, height: absolute.height)
        sizeChanged = child.frame.size != frame.size
        if child.frame != frame {
          LayoutEngine.isApplyingFrames = true
          child.frame = frame
          LayoutEngine.isApplyingFrames = false
        }
      }
      let childDerived = child.deriveInsets(
        frame: absolute, isPassRoot: false,
        parent: View.ParentInsetsContext(
          frame: containerFrame, safeRect: derived.safeRect,
          effectiveMargins: derived.effectiveMargins))
      entries.append(
        Entry(
          view: child, kind: kinds[offset], absolute: absolute, derived: childDerived,
          keepsFrame: keepsFrame, sizeChanged: sizeChanged,
          natural: (h.isNatural ? h.size : nil, v.isNatural ? v.size : nil)))
    }
    return true
  }

  /// Resolves one axis of a scope in dependency order. False when an item stays unplaced,
  /// gets more equations than it has unknowns, or a size would depend on a natural size —
  /// except a scroll view's content guide (item 1 when `contentGuide`), which takes the size
  /// its content gives it and is empty when nothing places its far edge.
  private func solveAxis(
    _ states: inout [AxisState], links: [Link], subviews: [View], kinds: [Kind], horizontal: Bool,
    across: [Double]?, contentGuide: Bool
  ) -> Bool {
    var linksOf = [[Int]](repeating: [], count: states.count)
    var used = [Bool](repeating: false, count: links.count)
    var queue: [Int] = []
    for index in states.indices where states[index].placed { queue.append(index) }

    func addEquation(_ item: Int, _ equation: Equation) -> Bool {
      guard !states[item].placed,
        !states[item].equations.contains(where: { $0.part == equation.part })
      else { return false }
      states[item].equations.append(equation)
      guard states[item].equations.count == 2 else { return true }
      let a = states[item].equations[0]
      let b = states[item].equations[1]
      // position × pf + size × sf == value, for both equations.
      let determinant =
        a.part.positionFactor * b.part.sizeFactor
        - b.part.positionFactor * a.part.sizeFactor
      guard determinant != 0 else { return false }
      let position = (a.value * b.part.sizeFactor - b.value * a.part.sizeFactor) / determinant
      let size = (a.part.positionFactor * b.value - b.part.positionFactor * a.value) / determinant
      let sizeFromNatural =
        (b.part.positionFactor != 0 && a.dependsOnNatural)
        || (a.part.positionFactor != 0 && b.dependsOnNatural)
      // The simplex would trade this size against the natural size it follows from (a
      // content guide's only pull is towards zero at priority 1).
      if sizeFromNatural && !(contentGuide && item == 1) { return false }
      states[item].placed = true
      states[item].position = position
      states[item].size = size
      states[item].positionFromNatural =
        (b.part.sizeFactor != 0 && a.dependsOnNatural)
        || (a.part.sizeFactor != 0 && b.dependsOnNatural)
      queue.append(item)
      return true
    }

    for (index, link) in links.enumerated() {
      if link.second < 0 {
        used[index] = true
        guard
          addEquation(
            link.first, Equation(part: .size, value: link.constant, dependsOnNatural: false))
        else { return false }
      } else {
        linksOf[link.first].append(index)
        linksOf[link.second].append(index)
      }
    }

    while true {
      while let item = queue.popLast() {
        for index in linksOf[item] where !used[index] {
          used[index] = true
          let link = links[index]
          let state = states[item]
          if item == link.second {
            // first == second × multiplier + constant
            let value = state.value(link.secondPart) * link.multiplier + link.constant
            guard
              addEquation(
                link.first,
                Equation(
                  part: link.firstPart, value: value,
                  dependsOnNatural: state.dependsOnNatural(link.secondPart)))
            else { return false }
          } else {
            let value = (state.value(link.firstPart) - link.constant) / link.multiplier
            guard
              addEquation(
                link.second,
                Equation(
                  part: link.secondPart, value: value,
                  dependsOnNatural: state.dependsOnNatural(link.firstPart)))
            else { return false }
          }
        }
      }
      // Stuck: the first island with a single position equation takes its natural size.
      var filled = false
      for index in 3..<states.count where !states[index].placed {
        let state = states[index]
        guard state.equations.count == 1, state.equations[0].part != .size,
          kinds[index - 3] == .island,
          engine.direct.hasDeterminedNaturalSize(subviews[index - 3], horizontal: horizontal)
        else { continue }
        // (The other axis, when solved first, gives the breadth to measure a stack's rows at
        // when the stack runs along this axis.)
        let island = subviews[index - 3]
        let runsAlong = (island as? StackView)?.axis == (horizontal ? .horizontal : .vertical)
        let natural = engine.direct.naturalSize(
          of: island, across: runsAlong ? across?[index] : nil)
        let size = horizontal ? natural.width : natural.height
        let equation = state.equations[0]
        states[index].placed = true
        states[index].size = size
        states[index].sizeFromNatural = true
        states[index].isNatural = true
        states[index].position = equation.value - size * equation.part.sizeFactor
        states[index].positionFromNatural = true
        queue.append(index)
        filled = true
        break
      }
      if !filled { break }
    }
    if contentGuide && !states[1].placed && states[1].equations.count == 1 {
      // Nothing places the content guide's far edge: it is as small as allowed.
      states[1].placed = true
      states[1].position = states[1].equations[0].value
      states[1].size = 0
    }
    return states.allSatisfy(\.placed)
  }

  /// Applies insets, guides and flags, arranges the islands and runs `layoutSubviews()` of
  /// the containers, parents first. Returns false when an island's self-sizing view could
  /// not be placed exactly.
  func apply() -> Bool {
    var exact = true
    engine.statistics?.counts.visitedViews += entries.count
    for entry in entries {
      let view = entry.view
      let state = view.layoutState
      let previousInsets = state.safeAreaInsets
      state.absoluteOrigin = entry.absolute.origin
      state.safeAreaInsets = entry.derived.safeAreaInsets
      state.effectiveLayoutMargins = entry.derived.effectiveMargins
      state.arrangedBy =
        entry.natural.width == nil && entry.natural.height == nil
        ? nil
        : Size(width: entry.natural.width ?? .nan, height: entry.natural.height ?? .nan)
      switch entry.kind {
      case .container, .scroll:
        state.isRelayoutBoundary = false
        let size = entry.absolute.size
        let insets = entry.derived.safeAreaInsets
        let margins = entry.derived.effectiveMargins
        state.safeAreaGuide?.layoutFrame = Self.guideFrame(size, insets)
        state.marginsGuide?.layoutFrame = Self.guideFrame(size, margins)
        if let contentSize = entry.contentSize {
          let scroll = unsafeDowncast(view, to: ScrollView.self)
          scroll.contentLayoutGuide.layoutFrame = Rect(origin: .zero, size: contentSize)
          scroll.frameLayoutGuide.layoutFrame = Self.guideFrame(size, .zero)
          scroll.contentGuideWasResolved(size: contentSize)
        }
      case .sealed:
        // As the simplex pass solves its sealed containers: again only when something
        // inside changed, or its frame, safe area or margins did.
        let input = LayoutPass.Nested(
          origin: entry.absolute.origin, safeRect: entry.derived.safeRect)
        state.containerInput = input
        if state.shouldSolveContainer(with: input, size: entry.absolute.size) {
          engine.layOutSubtree(of: view, nested: input, top: root)
        }
        // Its frame is its own: a change inside it solves it alone (set after its pass,
        // which clears the flags of the views it places).
        state.relayoutBoundary = .sealed
      case .island:
        // A change inside an island that keeps its frame relayouts it alone unless the
        // safe area reaches it (boundaries are laid out with zero insets).
        state.isRelayoutBoundary = entry.keepsFrame && entry.derived.safeAreaInsets == .zero
        if entry.sizeChanged || state.needsLayout,
          !engine.direct.arrange(island: view, force: entry.sizeChanged)
        {
          exact = false
        }
        if entry.derived.safeAreaInsets != .zero || previousInsets != .zero {
          view.deriveInsetsBelow(absolute: entry.absolute, derived: entry.derived)
        }
      }
    }
    let containers = entries.lazy.filter { $0.kind == .container || $0.kind == .scroll }
    for entry in containers {
      let state = entry.view.layoutState
      state.needsLayout = false
      state.selfDirty = false
      state.dirtyChildren.removeAll(keepingCapacity: true)
    }
    for entry in containers { entry.view.layoutSubviews() }
    return exact
  }

  /// `frame` inset by `insets` without clamping, as the simplex pins a system guide.
  private static func unclamped(_ frame: Rect, _ insets: EdgeInsets) -> Rect {
    Rect(
      x: frame.minX + insets.left, y: frame.minY + insets.top,
      width: frame.width - insets.left - insets.right,
      height: frame.height - insets.top - insets.bottom)
  }

  /// A system guide's frame in its view's coordinates.
  private static func guideFrame(_ size: Size, _ insets: EdgeInsets) -> Rect {
    Rect(
      x: clean(insets.left), y: clean(insets.top),
      width: clean(size.width - insets.left - insets.right),
      height: clean(size.height - insets.top - insets.bottom))
  }

  /// Rounds to 1e-6, as the simplex pass cleans its solution.
  private static func clean(_ value: Double) -> Double {
    let rounded = (value * 1_000_000).rounded() / 1_000_000
    return rounded == 0 ? 0 : rounded
  }
}
