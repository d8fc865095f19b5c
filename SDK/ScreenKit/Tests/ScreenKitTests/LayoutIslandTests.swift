import Foundation
import Testing

@testable import ScreenKit

/// Screens of *islands* (stack subtrees that `DirectStackLayout` qualifies for) placed by
/// constraints next to what a simplex session must solve, laid out two ways: with the
/// default options (direct evaluation, or the session with its presolve), and by the
/// oracle, one full simplex solve of every record (`simplexOnly`, a new solver every pass:
/// `reusesSimplexTableaus` off), itself checked against SciPy in `LayoutReferenceTests`. A
/// session may gather an island as a leaf of its frame rows, its size fixed from outside or
/// taken as its natural size, only where that gives the full solve's layout; these tests
/// hold it to that on the shapes where it must decline too: a size something outside trades
/// (a priority, another view's size, an edge pulled towards the bottom), a constraint from
/// outside reaching into an island, a conflict.

// MARK: - Comparing layouts

/// What a layout of a window left: `layoutSnapshot`'s frames, insets, margins, guides and
/// scroll geometry, and each distinct issue reported, its constraints named by the paths of
/// their items (so that two windows built alike compare).
@MainActor
private struct IslandOutcome {
  var snapshot: [(String, [Double])]
  var issues: [String]

  init(_ window: Window, issues reported: [LayoutIssue]) {
    snapshot = layoutSnapshot(window)
    var paths: [ObjectIdentifier: String] = [:]
    func visit(_ view: View, _ path: String) {
      paths[ObjectIdentifier(view)] = path
      for (index, subview) in view.subviews.enumerated() { visit(subview, "\(path)/\(index)") }
    }
    visit(window, "Window")
    func name(_ item: (any LayoutItem)?) -> String {
      guard let item else { return "nil" }
      if let view = item as? View { return paths[ObjectIdentifier(view)] ?? "a view elsewhere" }
      let owner = item.owningLayoutView.flatMap { paths[ObjectIdentifier($0)] } ?? "nil"
      return "\(owner).\((item as? LayoutGuide)?.identifier ?? "?")"
    }
    func name(_ constraint: LayoutConstraint) -> String {
      var text = "\(name(constraint.firstItem)).\(constraint.firstAttribute.rawValue) "
      text += "\(constraint.relation.rawValue) "
      if let attribute = constraint.secondAttribute {
        text += "\(name(constraint.secondItem)).\(attribute.rawValue) × \(constraint.multiplier) "
      }
      text += "+ \(constraint.constant) @\(constraint.priority.rawValue)"
      return constraint.isGenerated ? "generated " + text : text
    }
    // Each distinct issue once, in the order first reported: a fresh solve reports a
    // conflict in every iteration of its pass, a session in the iterations that start over.
    issues = []
    for issue in reported {
      let text: String
      switch issue {
      case .unsatisfiable(let broken, let conflicting):
        text = "broke \(name(broken)) among \(conflicting.map(name))"
      case .invalidConstraint(let constraint, let reason):
        text = "invalid \(name(constraint)): \(reason)"
      }
      if !issues.contains(text) { issues.append(text) }
    }
  }

  /// The differences from `oracle`, empty when the two agree: snapshots to 2e-6 (both
  /// round to 1e-6, from sums that may differ in the last bits), issues exactly, or with
  /// `relayout` only issues the oracle reports too: an incremental relayout reports a
  /// conflict again only where it solves again (as UIKit's engine reports one when the
  /// constraint is added, not on every pass), while the oracle solves everything afresh.
  func differences(from oracle: IslandOutcome, relayout: Bool = false) -> [String] {
    var found: [String] = []
    if snapshot.count != oracle.snapshot.count {
      found.append("\(snapshot.count) snapshot values, the full solve \(oracle.snapshot.count)")
    }
    for (mine, theirs) in zip(snapshot, oracle.snapshot) {
      let close =
        mine.0 == theirs.0 && mine.1.count == theirs.1.count
        && zip(mine.1, theirs.1).allSatisfy { abs($0 - $1) < 2e-6 }
      if !close { found.append("\(mine.0): \(mine.1), full solve \(theirs.0): \(theirs.1)") }
    }
    let issuesAgree =
      relayout ? issues.allSatisfy(oracle.issues.contains) : issues == oracle.issues
    if !issuesAgree { found.append("issues \(issues), full solve \(oracle.issues)") }
    return found
  }
}

/// Runs `body` (which lays out) with issues collected rather than printed.
@MainActor
private func collectingIssues(_ body: () -> Void) -> [LayoutIssue] {
  let previous = LayoutDiagnostics.handler
  LayoutDiagnostics.handler = nil
  defer { LayoutDiagnostics.handler = previous }
  LayoutDiagnostics.clearRecentIssues()
  body()
  return LayoutDiagnostics.recentIssues
}

/// The two ways a screen is laid out: the default options and the oracle.
private enum IslandLayoutMode: CaseIterable {
  case defaults
  case fullSolve

  @MainActor
  func configure(_ window: Window) {
    switch self {
    case .defaults: break
    case .fullSolve:
      window.layoutOptions.simplexOnly = true
      window.layoutOptions.reusesSimplexTableaus = false
    }
  }
}

/// Builds `build()` once per mode, lays each out, and expects the default layout to equal
/// the full solve's; then applies `change` to each and relays them out
/// (`layoutIfNeeded()`: incremental for the defaults, a new solver for the oracle, which
/// keeps none) and expects the same again. Returns the screens with their windows
/// (`fullSolve` last) and what the oracle reported first.
@MainActor
@discardableResult
private func expectIslandLayoutsAgree<Screen>(
  _ label: String, build: () -> (Screen, Window), change: ((Screen) -> Void)? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) -> (screens: [(Screen, Window)], oracle: IslandOutcome) {
  var built: [(IslandLayoutMode, Screen, Window)] = []
  var outcomes: [IslandOutcome] = []
  for mode in IslandLayoutMode.allCases {
    let (screen, window) = build()
    mode.configure(window)
    let issues = collectingIssues {
      window.makeKeyAndVisible()
      window.layoutIfNeeded()
    }
    built.append((mode, screen, window))
    outcomes.append(IslandOutcome(window, issues: issues))
  }
  func compare(_ outcomes: [IslandOutcome], _ stage: String, relayout: Bool = false) {
    guard let oracle = outcomes.last else { return }
    for (index, outcome) in outcomes.dropLast().enumerated() {
      for difference in outcome.differences(from: oracle, relayout: relayout).prefix(12) {
        Issue.record(
          "\(label), \(built[index].0), \(stage): \(difference)", sourceLocation: sourceLocation)
      }
    }
  }
  compare(outcomes, "first layout")
  let first = outcomes.last!
  if let change {
    var changed: [IslandOutcome] = []
    for (_, screen, window) in built {
      let issues = collectingIssues {
        change(screen)
        window.layoutIfNeeded()
      }
      changed.append(IslandOutcome(window, issues: issues))
    }
    compare(changed, "after the change", relayout: true)
  }
  return (built.map { ($0.1, $0.2) }, first)
}

// MARK: - The generator

/// A seeded random screen: a 390 × 844 window with random host insets whose controller's
/// view holds a column of 1–4 pieces placed by constraints (islands sized from outside,
/// naturally sized or traded; plain views holding labels placed by inequalities, some with a
/// nested island or a framed card; a stack view in a scroll view last), sometimes a framed
/// card beside them, constraints reaching into islands, and occasionally an unsatisfiable
/// required constraint. Sizes are chosen so that no layout is ambiguous (ties that the full
/// solve and a shortcut could break differently) and nothing is compressed below zero.
@MainActor
private final class IslandScreen {
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  let root = View()
  /// Every label, in the order made.
  private(set) var labels: [Label] = []
  /// Arranged views that a change may hide (not those a constraint from outside reaches).
  private(set) var hideable: [View] = []
  /// Constraints whose constant a change may move by a few points without making a size
  /// negative or a layout ambiguous.
  private(set) var adjustable: [LayoutConstraint] = []
  /// What the screen holds, for the generator's coverage.
  private(set) var shapes: Set<String> = []

  private var random: SplitMix
  /// Arranged views that a constraint from outside reaches.
  private var reached: [View] = []
  /// Islands whose width is their natural width or traded above it: another island may be
  /// made as wide as one of them.
  private var widthPeers: [StackView] = []
  /// Islands whose width is set from outside by required equalities.
  private var fixedWidthIslands: [StackView] = []
  /// Containers whose height is a required constant.
  private var fixedHeightContainers: [View] = []
  /// Arranged labels of islands sized from outside whose width their `fill`-aligned
  /// vertical stack sets.
  private var filledLabels: [Label] = []
  private var pieces: [View] = []

  static let insets: [EdgeInsets] = [
    .zero, EdgeInsets(top: 47, left: 0, bottom: 34, right: 0),
    EdgeInsets(top: 20, left: 44, bottom: 21, right: 44),
    EdgeInsets(top: 59, left: 0, bottom: 34, right: 0),
  ]

  init(seed: Int, conflict: Bool? = nil) {
    random = SplitMix(seed: UInt64(seed) &* 0x9E37_79B9 &+ 0x1D1A_4D5)
    window.hostSafeAreaInsets = Self.insets[pick(Self.insets.count)]
    root.layoutMargins = EdgeInsets(top: 8, left: Double(8 + pick(3) * 8), bottom: 8, right: 16)
    let count = pick(4) + 1
    var previous: View?
    for index in 0..<count {
      let isLast = index == count - 1
      let reachesBottom = isLast && pick(2) == 0
      let piece: View
      switch pick(reachesBottom ? 4 : 3) {
      case 0, 1: piece = placedIsland(below: previous, reachesBottom: reachesBottom)
      case 2: piece = plainContainer(below: previous)
      default: piece = scrollingIsland(below: previous)
      }
      pieces.append(piece)
      previous = piece
    }
    if pick(3) == 0 { framedCard(in: root, frame: Rect(x: 24, y: 560, width: 300, height: 90)) }
    if pick(2) == 0 { equalArrangedWidths() }
    if conflict ?? (pick(6) == 0) { unsatisfiableConstraint() }
    // Hiding a view a constraint from outside reaches, or a stack holding one, would leave
    // its island's position to that constraint alone: not what these screens test.
    hideable.removeAll { view in reached.contains { $0 === view || $0.isDescendant(of: view) } }
    let controller = ViewController()
    controller.view = root
    window.rootViewController = controller
  }

  private func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }

  private func prepared<V: View>(_ view: V, in container: View) -> V {
    view.translatesAutoresizingMaskIntoConstraints = false
    container.addSubview(view)
    return view
  }

  // MARK: Leaves and stacks

  private func label(_ characters: Int) -> Label {
    let label = Label()
    label.text = String("Wayfinding island".prefix(characters))
    labels.append(label)
    return label
  }

  private func leaf() -> View {
    if pick(2) == 0 { return label(pick(6) + 1) }
    return ImageView(
      image: .init(
        name: "leaf", size: Size(width: Double(pick(40) + 10), height: Double(pick(20) + 10))))
  }

  /// A stack of 1–3 leaves and at most one nested stack of 1–2 leaves. A stack holding a
  /// stack distributes `fillEqually`: stretching a nested stack is where direct evaluation
  /// and the simplex may pick different views among equal priorities (docs/layout.md).
  private func stack(axis: LayoutAxis? = nil, nests: Bool = true, leaves: Int = 3) -> StackView {
    let result = StackView()
    result.axis = axis ?? (pick(2) == 0 ? .vertical : .horizontal)
    let alignments: [StackView.Alignment] =
      result.axis == .vertical ? [.fill, .leading, .center] : [.fill, .top, .center]
    result.alignment = alignments[pick(3)]
    result.spacing = Double(pick(3) * 4)
    var nested = false
    for _ in 0..<(pick(leaves) + 1) {
      if nests && !nested && pick(4) == 0 {
        nested = true
        result.addArrangedSubview(
          stack(axis: result.axis == .vertical ? .horizontal : .vertical, nests: false, leaves: 2))
        shapes.insert("nested stack")
      } else {
        result.addArrangedSubview(leaf())
      }
    }
    result.distribution = !nested && pick(2) == 0 ? .fill : .fillEqually
    return result
  }

  /// Every arranged view below `stack`, depth first.
  private func arranged(_ stack: StackView) -> [View] {
    stack.arrangedSubviews.flatMap { view in
      [view] + ((view as? StackView).map(arranged) ?? [])
    }
  }

  private func noteArranged(_ island: StackView) { hideable += arranged(island) }

  // MARK: Pieces

  private func topAnchor(below previous: View?) -> LayoutYAxisAnchor {
    if let previous { return previous.bottomAnchor }
    return [root.safeAreaLayoutGuide.topAnchor, root.layoutMarginsGuide.topAnchor, root.topAnchor][
      pick(3)]
  }

  private func edges(of container: View) -> (LayoutXAxisAnchor, LayoutXAxisAnchor) {
    [
      (container.leadingAnchor, container.trailingAnchor),
      (container.safeAreaLayoutGuide.leadingAnchor, container.safeAreaLayoutGuide.trailingAnchor),
      (container.layoutMarginsGuide.leadingAnchor, container.layoutMarginsGuide.trailingAnchor),
    ][pick(3)]
  }

  /// A gap the changes may move.
  private func adjustableTop(_ view: View, below previous: View?) {
    let top = view.topAnchor.constraint(
      equalTo: topAnchor(below: previous), constant: Double(pick(3) * 6))
    top.isActive = true
    adjustable.append(top)
  }

  /// An island in the column: across, sized from outside (both edges, or an edge and a
  /// width), naturally sized (one edge or its centre), traded (a minimum width at 800, the
  /// width of an earlier island) or placed by a constraint from outside reaching one of its
  /// arranged views; along, naturally sized, a constant height, a maximum at 500 (below the
  /// labels' compression resistance), or, last and placed 320 below the safe area's top,
  /// pulled to the bottom at 300 or stretched above a fixed-height view pinned to the bottom.
  private func placedIsland(below previous: View?, reachesBottom: Bool) -> View {
    let island = prepared(stack(), in: root)
    let (leading, trailing) = edges(of: root)
    let inset = Double(pick(4) * 5)
    switch pick(6) {
    case 0:
      shapes.insert("width from outside")
      island.leadingAnchor.constraint(equalTo: leading, constant: inset).isActive = true
      island.trailingAnchor.constraint(equalTo: trailing, constant: -inset).isActive = true
      fixedWidthIslands.append(island)
      if island.axis == .vertical && island.alignment == .fill {
        filledLabels += island.arrangedSubviews.compactMap { $0 as? Label }
      }
    case 1:
      shapes.insert("constant width")
      island.leadingAnchor.constraint(equalTo: leading, constant: inset).isActive = true
      let width = island.widthAnchor.constraint(equalToConstant: Double(220 + pick(80)))
      width.isActive = true
      adjustable.append(width)
      fixedWidthIslands.append(island)
    case 2:
      shapes.insert("natural width")
      if pick(2) == 0 {
        island.leadingAnchor.constraint(equalTo: leading, constant: inset).isActive = true
      } else {
        island.centerXAnchor.constraint(equalTo: root.centerXAnchor).isActive = true
      }
      widthPeers.append(island)
    case 3:
      shapes.insert("traded width: minimum at 800")
      island.leadingAnchor.constraint(equalTo: leading, constant: inset).isActive = true
      let minimum = island.widthAnchor.constraint(greaterThanOrEqualToConstant: 300)
      minimum.priority = 800
      minimum.isActive = true
      adjustable.append(minimum)
      widthPeers.append(island)
    case 4 where !widthPeers.isEmpty:
      shapes.insert("traded width: as wide as another island")
      island.leadingAnchor.constraint(equalTo: leading, constant: inset).isActive = true
      island.widthAnchor.constraint(equalTo: widthPeers[pick(widthPeers.count)].widthAnchor)
        .isActive = true
    default:
      // An arranged view pinned from outside places the island; its width stays natural.
      shapes.insert("constraint reaching into an island")
      let views = arranged(island)
      let target = views[pick(views.count)]
      reached.append(target)
      target.leadingAnchor.constraint(
        equalTo: root.layoutMarginsGuide.leadingAnchor, constant: Double(pick(3) * 10)
      ).isActive = true
    }
    if reachesBottom {
      // Not below the pieces above: a pull on its height would reach theirs too, and which
      // of the naturally sized ones gives would be a tie (each hugs at the same priority).
      let top = island.topAnchor.constraint(
        equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 320)
      top.isActive = true
      adjustable.append(top)
    } else {
      adjustableTop(island, below: previous)
    }
    switch reachesBottom ? 3 + pick(2) : pick(3) {
    case 0:
      shapes.insert("natural height")
    case 1:
      shapes.insert("constant height")
      let height = island.heightAnchor.constraint(equalToConstant: Double(160 + pick(60)))
      height.isActive = true
      adjustable.append(height)
    case 2:
      shapes.insert("traded height: maximum at 500")
      let maximum = island.heightAnchor.constraint(lessThanOrEqualToConstant: 40)
      maximum.priority = 500
      maximum.isActive = true
    case 3:
      shapes.insert("traded height: bottom at 300")
      let bottom = island.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -20)
      bottom.priority = 300
      bottom.isActive = true
    default:
      shapes.insert("traded height: above a view pinned to the bottom")
      let footer = prepared(View(), in: root)
      let height = footer.heightAnchor.constraint(equalToConstant: Double(60 + pick(60)))
      LayoutConstraint.activate([
        footer.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        footer.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        footer.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
        height,
        island.bottomAnchor.constraint(equalTo: footer.topAnchor, constant: -8),
      ])
      adjustable.append(height)
      fixedHeightContainers.append(footer)
      labelByInequalities(in: footer)
    }
    noteArranged(island)
    return island
  }

  /// A label pinned to `container`'s leading margin and top, its trailing edge kept inside
  /// by an inequality (which anchor chains do not take), and another below it.
  @discardableResult
  private func labelByInequalities(in container: View) -> Label {
    let first = prepared(label(pick(8) + 1), in: container)
    let second = prepared(label(pick(8) + 1), in: container)
    LayoutConstraint.activate([
      first.leadingAnchor.constraint(equalTo: container.layoutMarginsGuide.leadingAnchor),
      first.topAnchor.constraint(equalTo: container.topAnchor, constant: 6),
      first.trailingAnchor.constraint(
        lessThanOrEqualTo: container.trailingAnchor, constant: -8),
      second.topAnchor.constraint(equalTo: first.bottomAnchor, constant: 4),
      second.leadingAnchor.constraint(equalTo: first.leadingAnchor),
      second.trailingAnchor.constraint(
        lessThanOrEqualTo: container.trailingAnchor, constant: -8),
    ])
    shapes.insert("labels by inequalities")
    return second
  }

  /// A plain view across the column holding labels placed by inequalities and either a
  /// constant height, or a nested island below them (naturally sized) and its bottom at the
  /// island's, or a framed card (a plain view that keeps its frame) of its own.
  private func plainContainer(below previous: View?) -> View {
    let container = prepared(View(), in: root)
    let (leading, trailing) = edges(of: root)
    LayoutConstraint.activate([
      container.leadingAnchor.constraint(equalTo: leading),
      container.trailingAnchor.constraint(equalTo: trailing),
    ])
    adjustableTop(container, below: previous)
    let last = labelByInequalities(in: container)
    switch pick(3) {
    case 0:
      shapes.insert("island in a plain container")
      let island = prepared(stack(), in: container)
      LayoutConstraint.activate([
        island.topAnchor.constraint(equalTo: last.bottomAnchor, constant: 6),
        island.leadingAnchor.constraint(equalTo: container.layoutMarginsGuide.leadingAnchor),
        container.bottomAnchor.constraint(equalTo: island.bottomAnchor, constant: 8),
      ])
      widthPeers.append(island)
      noteArranged(island)
    case 1:
      let height = container.heightAnchor.constraint(equalToConstant: 130)
      height.isActive = true
      adjustable.append(height)
      fixedHeightContainers.append(container)
      framedCard(in: container, frame: Rect(x: 160, y: 56, width: 180, height: 64))
    default:
      let height = container.heightAnchor.constraint(equalToConstant: Double(56 + pick(30)))
      height.isActive = true
      adjustable.append(height)
      fixedHeightContainers.append(container)
    }
    return container
  }

  /// A plain view that keeps its frame and whose constraints stay inside it (a framed
  /// scope), holding a label placed by inequalities and sometimes a small island.
  private func framedCard(in container: View, frame: Rect) {
    shapes.insert("framed card")
    let card = View(frame: frame)
    container.addSubview(card)
    let last = labelByInequalities(in: card)
    if pick(2) == 0 {
      let island = prepared(stack(nests: false, leaves: 2), in: card)
      LayoutConstraint.activate([
        island.trailingAnchor.constraint(equalTo: card.trailingAnchor, constant: -8),
        island.topAnchor.constraint(equalTo: last.topAnchor),
      ])
      noteArranged(island)
      shapes.insert("island in a framed card")
    }
  }

  /// A stack view in a scroll view: the scroll view below the previous piece down to the
  /// safe area's bottom, the stack pinned to its content guide's edges and as wide as its
  /// frame guide, so that the content height is the stack's natural height.
  private func scrollingIsland(below previous: View?) -> View {
    shapes.insert("stack in a scroll view")
    let scroll = prepared(ScrollView(), in: root)
    let island = prepared(stack(axis: .vertical), in: scroll)
    LayoutConstraint.activate([
      scroll.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor),
      scroll.trailingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.trailingAnchor),
      scroll.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
      island.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
      island.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
      island.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
      island.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
      island.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
    ])
    adjustableTop(scroll, below: previous)
    noteArranged(island)
    return scroll
  }

  /// Two arranged labels of different naturally sized islands made equally wide: the wider
  /// one's compression resistance beats the narrower one's hugging, within both islands.
  private func equalArrangedWidths() {
    let candidates = widthPeers.map { arranged($0).compactMap { $0 as? Label } }.filter {
      !$0.isEmpty
    }
    guard candidates.count >= 2, let a = candidates[0].first, let b = candidates[1].last
    else { return }
    shapes.insert("equal widths across islands")
    reached += [a, b]
    a.widthAnchor.constraint(equalTo: b.widthAnchor).isActive = true
  }

  /// A required constraint that cannot hold with those before it, activated last.
  private func unsatisfiableConstraint() {
    var choices: [() -> Void] = [
      { [self] in
        pieces[0].topAnchor.constraint(equalTo: root.topAnchor, constant: 3).isActive = true
      }
    ]
    if let island = fixedWidthIslands.first {
      choices.append { island.widthAnchor.constraint(equalToConstant: 50).isActive = true }
    }
    if let container = fixedHeightContainers.first {
      choices.append { container.heightAnchor.constraint(equalToConstant: 10).isActive = true }
    }
    if let label = filledLabels.first {
      // Against the stack's generated edges: a conflict reaching into an island.
      choices.append { label.widthAnchor.constraint(equalToConstant: 5).isActive = true }
    }
    shapes.insert("unsatisfiable constraint")
    choices[pick(choices.count)]()
  }
}

/// A change to an `IslandScreen`, by index so that it applies alike to each copy.
private enum IslandChange: CustomStringConvertible {
  case text(label: Int, String?)
  case hide(arranged: Int)
  case constant(index: Int, by: Double)
  case insets(EdgeInsets)
  case resize(Size)

  @MainActor
  init(seed: Int, screen: IslandScreen) {
    var random = SplitMix(seed: UInt64(seed) ^ 0xC4A7_6E5)
    func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
    switch pick(5) {
    case 0 where !screen.labels.isEmpty:
      let index = pick(screen.labels.count)
      // At most 10 characters: wider texts could squeeze a view of an island sized from
      // outside below zero, where no constraint keeps it.
      let texts = ["Wayfinding", "W", "", "Way"]
      self = .text(label: index, texts[pick(texts.count)])
    case 1 where !screen.hideable.isEmpty:
      self = .hide(arranged: pick(screen.hideable.count))
    case 2 where !screen.adjustable.isEmpty:
      self = .constant(index: pick(screen.adjustable.count), by: Double(pick(5) - 2) * 6 + 1)
    case 3:
      self = .insets(IslandScreen.insets[pick(IslandScreen.insets.count)])
    default:
      let sizes = [Size(width: 430, height: 932), Size(width: 375, height: 812)]
      self = .resize(sizes[pick(sizes.count)])
    }
  }

  @MainActor
  func apply(to screen: IslandScreen) {
    switch self {
    case .text(let index, let text): screen.labels[index].text = text
    case .hide(let index): screen.hideable[index].isHidden = true
    case .constant(let index, let amount): screen.adjustable[index].constant += amount
    case .insets(let insets): screen.window.hostSafeAreaInsets = insets
    case .resize(let size): try? screen.window.resize(to: size)
    }
  }

  var description: String {
    switch self {
    case .text(let index, let text): "label \(index) retitled \(text.debugDescription)"
    case .hide(let index): "arranged view \(index) hidden"
    case .constant(let index, let amount): "constant \(index) moved by \(amount)"
    case .insets(let insets): "host insets \(insets)"
    case .resize(let size): "window resized to \(size)"
    }
  }
}

/// Seeds of a random test: `range`, or with `SCREENKIT_ISLAND_SEEDS=N` (read by these tests
/// only, as `SCREENKIT_REFERENCE_SEEDS` is by `LayoutReferenceTests`) the N seeds from its
/// start, for a longer run: `SCREENKIT_ISLAND_SEEDS=2000 swift test --package-path SDK/ScreenKit
/// --filter LayoutIslandTests`.
private func islandSeeds(_ range: Range<Int>) -> [Int] {
  if let text = ProcessInfo.processInfo.environment["SCREENKIT_ISLAND_SEEDS"],
    let count = Int(text), count > range.count
  {
    return Array(range.lowerBound..<(range.lowerBound + count))
  }
  return Array(range)
}

// MARK: - Tests

@MainActor
@Suite struct LayoutIslandTests {
  /// Random screens of islands (see `IslandScreen`) laid out with the default options and
  /// by the session alone equal the full simplex solve (`simplexOnly`, a new solver each
  /// pass; itself checked against SciPy in `LayoutReferenceTests`) in every frame, inset,
  /// margin, guide and scroll geometry and in the conflicts reported; and again after a
  /// random change (a label's text, a hidden arranged view, a constant, the host insets, the
  /// window's size), relaid out incrementally against the oracle relaid out by a new solver.
  /// 240 seeds (`islandSeeds` for more).
  @Test(arguments: islandSeeds(0..<240))
  func islandScreensAgreeWithTheFullSolve(seed: Int) {
    expectIslandLayoutsAgree(
      "seed \(seed), \(IslandChange(seed: seed, screen: IslandScreen(seed: seed)))",
      build: {
        let screen = IslandScreen(seed: seed)
        return (screen, screen.window)
      },
      change: { IslandChange(seed: seed, screen: $0).apply(to: $0) })
  }

  /// The same screens, each with an unsatisfiable required constraint activated last (on a
  /// piece's top, an island's width set from outside, a fixed height, or an arranged label
  /// of a `fill`-aligned stack sized from outside): the broken constraint and the
  /// conflicting list are the full solve's, first and after the change, and the rest of the
  /// layout too. 60 seeds (`islandSeeds` for more).
  @Test(arguments: islandSeeds(1000..<1060))
  func conflictsInIslandScreensAreReportedAsByTheFullSolve(seed: Int) {
    let (_, oracle) = expectIslandLayoutsAgree(
      "seed \(seed), \(IslandChange(seed: seed, screen: IslandScreen(seed: seed, conflict: true)))",
      build: {
        let screen = IslandScreen(seed: seed, conflict: true)
        return (screen, screen.window)
      },
      change: { IslandChange(seed: seed, screen: $0).apply(to: $0) })
    #expect(!oracle.issues.isEmpty, "seed \(seed): the full solve reports the conflict")
  }

  // MARK: Fixtures

  /// A stack sized by its content below the safe area's top (47): two images, 40 × 20 and
  /// 60 × 30, spacing 4, `fill` alignment; top 8 below the safe area, leading at the root's
  /// margin (16). Across, the 60-wide image's compression resistance (750) beats the other's
  /// hugging (250): 60 wide, both images too. Along, 20 + 4 + 30 = 54. So the stack is
  /// (16, 55, 60, 54), the images (0, 0, 60, 20) and (0, 24, 60, 30).
  @Test func naturallySizedStackBelowTheSafeArea() {
    expectFixtureFrames(
      "natural stack",
      [
        Rect(x: 16, y: 55, width: 60, height: 54), Rect(x: 0, y: 0, width: 60, height: 20),
        Rect(x: 0, y: 24, width: 60, height: 30),
      ]
    ) { Self.naturallySizedStack() }
  }

  /// The window of `naturallySizedStackBelowTheSafeArea`: the stack and its two images.
  private static func naturallySizedStack() -> ([View], Window) {
    let (window, root) = fixtureWindow()
    let (stack, images) = imageStack([(40, 20), (60, 30)], axis: .vertical, spacing: 4)
    place(stack, in: root) {
      [
        stack.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 8),
        stack.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
      ]
    }
    return ([stack] + images, window)
  }

  /// A `fillEqually` column of a 40 × 40 image held 50 high by a constant and a 40 × 20 one,
  /// sized by its content below the safe area: its natural height is determined while the
  /// constant height (50) is the longest, and stops being determined when it becomes 10,
  /// shorter than the other image's 20 (the equal heights then trade the two). The answer kept with
  /// the column's measure (`ViewLayoutState.determinedNaturalLengths`) must follow the change:
  /// each layout, before and after it, equals the full solve's.
  @Test func equalColumnWhoseConstantHeightStopsBeingTheLongest() {
    expectIslandLayoutsAgree(
      "equal column",
      build: { () -> (LayoutConstraint, Window) in
        let (window, root) = fixtureWindow()
        let (stack, images) = imageStack([(40, 40), (40, 20)], axis: .vertical, spacing: 4)
        stack.distribution = .fillEqually
        place(stack, in: root) {
          [
            stack.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 8),
            stack.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
          ]
        }
        let height = images[0].heightAnchor.constraint(equalToConstant: 50)
        height.isActive = true
        return (height, window)
      },
      change: { height in height.constant = 10 })
  }

  /// A horizontal stack sized from outside on both axes: leading and trailing 20 from the
  /// root's edges (390 − 40 = 350 wide), top at the safe area (47), height 200. `fillEqually`
  /// with spacing 10 gives each image (350 − 10) / 2 = 170, `fill` alignment the full 200:
  /// the stack is (20, 47, 350, 200), the images (0, 0, 170, 200) and (180, 0, 170, 200),
  /// whatever their natural sizes (40 × 20 and 60 × 30).
  @Test func stackSizedFromOutsideOnBothAxes() {
    expectFixtureFrames(
      "stack sized from outside",
      [
        Rect(x: 20, y: 47, width: 350, height: 200), Rect(x: 0, y: 0, width: 170, height: 200),
        Rect(x: 180, y: 0, width: 170, height: 200),
      ]
    ) {
      let (window, root) = fixtureWindow()
      let (stack, images) = imageStack([(40, 20), (60, 30)], axis: .horizontal, spacing: 10)
      stack.distribution = .fillEqually
      place(stack, in: root) {
        [
          stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
          stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
          stack.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
          stack.heightAnchor.constraint(equalToConstant: 200),
        ]
      }
      return ([stack] + images, window)
    }
  }

  /// A stack sized from outside across (leading and trailing pinned, 350 wide) whose `fill`
  /// alignment contradicts an arranged image's constant width of 5: the required
  /// constraints cannot hold together, so the full solve breaks the last one added (the
  /// width) and reports it. The session gathers such an island whole rather than arranging
  /// it directly in a width it cannot take, and reports the same conflict.
  @Test func constantWidthInsideAStackSizedFromOutsideConflicts() {
    let (_, oracle) = expectIslandLayoutsAgree(
      "constant width inside a stack sized from outside",
      build: {
        let (window, root) = fixtureWindow()
        let (stack, images) = imageStack([(40, 20), (60, 30)], axis: .vertical, spacing: 4)
        images[1].widthAnchor.constraint(equalToConstant: 5).isActive = true
        place(stack, in: root) {
          [
            stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
            stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -20),
            stack.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
          ]
        }
        return ([stack] + images, window)
      })
    #expect(oracle.issues.count == 1)
  }

  /// A full-height column, the kiosk's usual screen: a vertical `fill` stack pinned between
  /// the safe area's top and bottom (844 − 47 − 34 = 763 tall), holding an image 40 × 20
  /// and an image whose height is a constant 44, spacing 10. The constant fits (the first
  /// image stretches to 763 − 44 − 10 = 709), so nothing contradicts it: anchor chains and
  /// the session arrange the stack directly, and the frames are the full solve's, (16, 47,
  /// 40, 763) with the images at (0, 0, 40, 709) and (0, 719, 40, 44); across, leading
  /// alignment keeps each image's width. With the constant at 800 the stack cannot hold it
  /// (800 + 10 > 763): the full solve breaks it and reports it, and so do the others.
  @Test(arguments: [44.0, 800.0])
  func constantHeightInAColumnSizedFromOutside(height: Double) {
    func build() -> ([View], Window) {
      let (window, root) = fixtureWindow()
      let (stack, images) = imageStack([(40, 20), (40, 30)], axis: .vertical, spacing: 10)
      stack.alignment = .leading
      images[1].heightAnchor.constraint(equalToConstant: height).isActive = true
      place(stack, in: root) {
        [
          stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
          stack.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
          stack.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
        ]
      }
      return ([stack] + images, window)
    }
    let (screens, oracle) = expectIslandLayoutsAgree(
      "column with a \(height) high image", build: build)
    #expect(oracle.issues.count == (height == 44 ? 0 : 1))
    if height == 44 {
      for (views, _) in screens {
        #expect(
          views[0].convert(views[0].bounds, to: nil) == Rect(x: 16, y: 47, width: 40, height: 763))
        #expect(views[2].frame == Rect(x: 0, y: 719, width: 40, height: 44))
      }
    }
    // The session takes the stack as a leaf only when it fits.
    let (_, window) = build()
    let statistics = window.countingLayoutWork()
    let previous = LayoutDiagnostics.handler
    LayoutDiagnostics.handler = nil
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    LayoutDiagnostics.handler = previous
    #expect((statistics.counts.leafIslands > 0) == (height == 44))
  }

  /// A vertical stack of three one-line labels (spacing 0, each h tall, h the font's line
  /// height, about 20.7) whose natural height 3h is traded against a maximum. `<= 40 @ 500`
  /// loses to the labels' compression resistance (750): the stack keeps its natural height
  /// 3h, each label h. `<= 50 @ 800` wins: the stack is 50 tall, and the missing 3h − 50
  /// comes from the last label (equal compression priorities shrink the last view first),
  /// which is 50 − 2h tall. Top 10 below the safe area (47), leading at the margin (16); as
  /// wide as the widest label ("Three").
  @Test(arguments: [(500, 40), (800, 50)] as [(Float, Double)])
  func naturalHeightTradedAgainstAMaximum(priority: Float, maximum height: Double) throws {
    let h = naturalSize(ofLabel: "One").height
    let width = naturalSize(ofLabel: "Three").width
    try #require(3 * h > height && (priority < 750 || height - 2 * h > 0))
    let last = priority > 750 ? height - 2 * h : h
    expectFixtureFrames(
      "maximum at \(priority)",
      [
        Rect(x: 16, y: 57, width: width, height: 2 * h + last),
        Rect(x: 0, y: 0, width: width, height: h), Rect(x: 0, y: h, width: width, height: h),
        Rect(x: 0, y: 2 * h, width: width, height: last),
      ]
    ) {
      let (window, root) = fixtureWindow()
      let labels = ["One", "Two", "Three"].map { text in
        let label = Label()
        label.text = text
        return label
      }
      let stack = StackView(arrangedSubviews: labels)
      stack.axis = .vertical
      let maximum = stack.heightAnchor.constraint(lessThanOrEqualToConstant: height)
      maximum.priority = LayoutPriority(priority)
      place(stack, in: root) {
        [
          stack.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor, constant: 10),
          stack.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
          maximum,
        ]
      }
      return ([stack] + labels, window)
    }
  }

  /// A stack view in a scroll view: the scroll view pinned to the root's safe area
  /// (0, 47, 390, 763), the stack (images 100, 200 and 300 tall, spacing 10, `fill`
  /// alignment) pinned to the content guide's edges and as wide as the frame guide. The
  /// content is the stack's natural height, 100 + 10 + 200 + 10 + 300 = 620, by the frame's
  /// width: content size 390 × 620, the images (0, 0, 390, 100), (0, 110, 390, 200) and
  /// (0, 320, 390, 300); the scroll view lies inside the safe area, so no inset is added.
  @Test func stackInAScrollViewSetsTheContentHeight() {
    let screens = expectFixtureFrames(
      "stack in a scroll view",
      [
        Rect(x: 0, y: 47, width: 390, height: 763), Rect(x: 0, y: 0, width: 390, height: 620),
        Rect(x: 0, y: 0, width: 390, height: 100), Rect(x: 0, y: 110, width: 390, height: 200),
        Rect(x: 0, y: 320, width: 390, height: 300),
      ]
    ) {
      let (window, root) = fixtureWindow()
      let scroll = ScrollView()
      let (stack, images) = imageStack(
        [(100, 100), (100, 200), (100, 300)], axis: .vertical, spacing: 10)
      place(scroll, in: root) {
        [
          scroll.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
          scroll.leadingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.leadingAnchor),
          scroll.trailingAnchor.constraint(equalTo: root.safeAreaLayoutGuide.trailingAnchor),
          scroll.bottomAnchor.constraint(equalTo: root.safeAreaLayoutGuide.bottomAnchor),
        ]
      }
      place(stack, in: scroll) {
        [
          stack.topAnchor.constraint(equalTo: scroll.contentLayoutGuide.topAnchor),
          stack.leadingAnchor.constraint(equalTo: scroll.contentLayoutGuide.leadingAnchor),
          stack.trailingAnchor.constraint(equalTo: scroll.contentLayoutGuide.trailingAnchor),
          stack.bottomAnchor.constraint(equalTo: scroll.contentLayoutGuide.bottomAnchor),
          stack.widthAnchor.constraint(equalTo: scroll.frameLayoutGuide.widthAnchor),
        ]
      }
      return ([scroll, stack] + images, window)
    }
    for (views, _) in screens {
      let scroll = views[0] as? ScrollView
      #expect(scroll?.contentSize == Size(width: 390, height: 620))
      #expect(scroll?.adjustedContentInset == .zero)
    }
  }

  /// A constraint from outside into an island: a `center`-aligned vertical stack of an
  /// image (100 × 20) and a label (w × h, w < 100) whose leading edge is pinned to the
  /// root's margin (16), not the stack's. The stack is as wide as the image (100) and 20 + h
  /// tall; the label is centred in it at x = (100 − w) / 2, so the stack's leading edge is
  /// 16 − (100 − w) / 2. Top at the safe area (47).
  @Test func constraintFromOutsideIntoAnArrangedLabel() throws {
    let size = naturalSize(ofLabel: "Hi")
    try #require(size.width < 100)
    let inset = (100 - size.width) / 2
    let screens = expectFixtureFrames(
      "reaching into a stack",
      [
        Rect(x: 16 - inset, y: 47, width: 100, height: 20 + size.height),
        Rect(x: 0, y: 0, width: 100, height: 20),
        Rect(x: inset, y: 20, width: size.width, height: size.height),
      ]
    ) {
      let (window, root) = fixtureWindow()
      let label = Label()
      label.text = "Hi"
      let (stack, images) = imageStack([(100, 20)], axis: .vertical, spacing: 0)
      stack.addArrangedSubview(label)
      stack.alignment = .center
      place(stack, in: root) {
        [
          stack.topAnchor.constraint(equalTo: root.safeAreaLayoutGuide.topAnchor),
          label.leadingAnchor.constraint(equalTo: root.layoutMarginsGuide.leadingAnchor),
        ]
      }
      return ([stack] + images + [label], window)
    }
    for (views, _) in screens {
      #expect(abs(views[2].convert(views[2].bounds, to: nil).minX - 16) < 2e-6)
    }
  }

  /// A hidden arranged view: the naturally sized stack of
  /// `naturallySizedStackBelowTheSafeArea` (images 40 × 20 and 60 × 30, `fill` alignment,
  /// 60 wide), its first image hidden. The stack keeps the visible image's size,
  /// (16, 55, 60, 30). The stack's generated constraints for a hidden view
  /// (`StackView.collapse`) pin only its leading and top edges and make its length zero, so
  /// it keeps its natural width apart from the alignment of the views shown, (0, 0, 40, 0),
  /// and direct evaluation places it so too (seeds 53, 62 and 175 of the random test hide
  /// such views in `fill`- and `center`-aligned stacks).
  @Test func hiddenArrangedViewOfAFillAlignedStack() {
    let (screens, _) = expectIslandLayoutsAgree(
      "hidden arranged view",
      build: Self.naturallySizedStack,
      change: { views in views[1].isHidden = true })
    for (views, _) in screens {
      #expect(views[1].frame == Rect(x: 0, y: 0, width: 40, height: 0))
    }
  }

  /// The generator makes every shape the random tests are about, many times over.
  @Test func randomScreensCoverEveryShape() {
    var counts: [String: Int] = [:]
    for seed in 0..<240 {
      for shape in IslandScreen(seed: seed).shapes { counts[shape, default: 0] += 1 }
    }
    let shapes = [
      "width from outside", "constant width", "natural width", "traded width: minimum at 800",
      "traded width: as wide as another island", "constraint reaching into an island",
      "natural height", "constant height", "traded height: maximum at 500",
      "traded height: bottom at 300", "traded height: above a view pinned to the bottom",
      "labels by inequalities", "island in a plain container", "framed card",
      "island in a framed card", "stack in a scroll view", "equal widths across islands",
      "nested stack", "unsatisfiable constraint",
    ]
    for shape in shapes {
      #expect(counts[shape, default: 0] >= 8, "\(shape): \(counts[shape, default: 0]) seeds")
    }
  }
}

// MARK: - Fixture support

/// A 390 × 844 window with the insets of a phone with a notch (47 top, 34 bottom) and a
/// controller whose view (margins 16 at the sides) is returned with it.
@MainActor
private func fixtureWindow() -> (Window, View) {
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
  let controller = ViewController()
  controller.view = View()
  window.rootViewController = controller
  return (window, controller.view)
}

/// A stack of images of `sizes` (width, height), returned with them.
@MainActor
private func imageStack(
  _ sizes: [(Double, Double)], axis: LayoutAxis, spacing: Double
) -> (StackView, [View]) {
  let images = sizes.map { width, height in
    ImageView(image: .init(name: "fixture", size: Size(width: width, height: height))) as View
  }
  let stack = StackView(arrangedSubviews: images)
  stack.axis = axis
  stack.spacing = spacing
  return (stack, images)
}

/// Adds `view` to `container`, placed by the constraints `constraints()` makes.
@MainActor
private func place(_ view: View, in container: View, _ constraints: () -> [LayoutConstraint]) {
  view.translatesAutoresizingMaskIntoConstraints = false
  container.addSubview(view)
  LayoutConstraint.activate(constraints())
}

/// Lays out `build()`'s window both ways (`expectIslandLayoutsAgree`) and expects, in each,
/// the frame (in its superview) of each view `build()` returns to be the rectangle at its
/// index, to the 1e-6 that frames are rounded to. Returns the views of each layout with
/// its window (which holds the views' superviews).
@MainActor
@discardableResult
private func expectFixtureFrames(
  _ label: String, _ expected: [Rect], sourceLocation: SourceLocation = #_sourceLocation,
  build: () -> ([View], Window)
) -> [([View], Window)] {
  let (screens, _) = expectIslandLayoutsAgree(
    label, build: build, sourceLocation: sourceLocation)
  for (views, _) in screens {
    #expect(views.count == expected.count, sourceLocation: sourceLocation)
    for (view, rect) in zip(views, expected) {
      let frame = view.frame
      let close =
        abs(frame.minX - rect.minX) < 2e-6 && abs(frame.minY - rect.minY) < 2e-6
        && abs(frame.width - rect.width) < 2e-6 && abs(frame.height - rect.height) < 2e-6
      #expect(
        close, "\(label), \(type(of: view)): \(frame), expected \(rect)",
        sourceLocation: sourceLocation)
    }
  }
  return screens
}

/// The natural size of a one-line label of `text` in the default font.
@MainActor
private func naturalSize(ofLabel text: String) -> Size {
  let label = Label()
  label.text = text
  return label.intrinsicContentSize
}
