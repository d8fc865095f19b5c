// The layout benchmark (`make bench-layout`): builds fresh trees per iteration and reports
// median full layout, relayout after one leaf change and relayout with nothing changed, for
// the shapes of issue 3 (those of Yoga's and Taffy's published benchmarks).
import ScreenKit

@MainActor
func fixedLeaf(_ width: Double, _ height: Double) -> ImageView {
  ImageView(image: ImageView.Image(name: "leaf", size: Size(width: width, height: height)))
}

@MainActor
func rootView(containing stack: View, width: Double, height: Double) -> View {
  let root = View(frame: Rect(x: 0, y: 0, width: width, height: height))
  stack.frame = root.bounds
  root.addSubview(stack)
  return root
}

@MainActor
func hugeNested(levels: Int) -> (View, Int, () -> Void) {
  var nodes = 0
  var firstLeaf: ImageView?
  func make(_ level: Int) -> View {
    nodes += 1
    if level == levels {
      let leaf = fixedLeaf(10, 10)
      if firstLeaf == nil { firstLeaf = leaf }
      return leaf
    }
    let stack = StackView()
    stack.axis = .vertical
    for _ in 0..<10 { stack.addArrangedSubview(make(level + 1)) }
    return stack
  }
  let top = make(0)
  let leaf = firstLeaf!
  var leaves = 1
  for _ in 0..<levels { leaves *= 10 }
  return (
    rootView(containing: top, width: 1000, height: Double(leaves) * 10), nodes,
    { leaf.image = ImageView.Image(name: "leaf", size: Size(width: 12, height: 10)) }
  )
}

@MainActor
func wide() -> (View, Int, () -> Void) {
  let stack = StackView()
  stack.axis = .vertical
  var nodes = 1
  var leaf: ImageView?
  for row in 0..<10_000 {
    let line = StackView()
    line.axis = .horizontal
    nodes += 1
    for _ in 0...(row % 4) {
      let view = fixedLeaf(20, 10)
      if leaf == nil { leaf = view }
      line.addArrangedSubview(view)
      nodes += 1
    }
    stack.addArrangedSubview(line)
  }
  let changed = leaf!
  return (
    rootView(containing: stack, width: 1000, height: 100_000), nodes,
    { changed.image = ImageView.Image(name: "leaf", size: Size(width: 30, height: 10)) }
  )
}

@MainActor
func deep(depth: Int) -> (View, Int, () -> Void) {
  var nodes = 0
  var firstLeaf: ImageView?
  func make(_ level: Int) -> View {
    nodes += 1
    if level == depth {
      let leaf = fixedLeaf(10, 10)
      if firstLeaf == nil { firstLeaf = leaf }
      return leaf
    }
    let stack = StackView()
    stack.axis = level % 2 == 0 ? .vertical : .horizontal
    stack.addArrangedSubview(make(level + 1))
    stack.addArrangedSubview(make(level + 1))
    return stack
  }
  let top = make(0)
  let leaf = firstLeaf!
  return (
    rootView(containing: top, width: 10_000, height: 10_000), nodes,
    { leaf.image = ImageView.Image(name: "leaf", size: Size(width: 12, height: 10)) }
  )
}

@MainActor
func rows() -> (View, Int, () -> Void) {
  let stack = StackView()
  stack.axis = .vertical
  var nodes = 1
  var firstLabel: Label?
  for index in 0..<2_500 {
    let row = StackView()
    row.axis = .horizontal
    row.alignment = .center
    row.spacing = 8
    row.heightAnchor.constraint(equalToConstant: 44).isActive = true
    let icon = fixedLeaf(30, 30)
    let label = Label()
    label.text = "Setting \(index)"
    label.setContentHuggingPriority(.defaultLow - 1, for: .horizontal)
    // The shape's 50×30 switch (UIKit's intrinsic 51×31 would not match the reference).
    let toggle = Switch()
    toggle.widthAnchor.constraint(equalToConstant: 50).isActive = true
    toggle.heightAnchor.constraint(equalToConstant: 30).isActive = true
    row.addArrangedSubview(icon)
    row.addArrangedSubview(label)
    row.addArrangedSubview(toggle)
    stack.addArrangedSubview(row)
    nodes += 4
    if firstLabel == nil { firstLabel = label }
  }
  let label = firstLabel!
  return (
    rootView(containing: stack, width: 390, height: 110_000), nodes,
    { label.text = "Setting changed" }
  )
}

@MainActor
func superDeep(levels: Int) -> (View, Int, () -> Void) {
  var nodes = 0
  var firstLeaf: ImageView?
  let top = StackView()
  top.axis = .vertical
  nodes += 1
  var current = top
  for level in 0..<levels {
    let a = fixedLeaf(10, 10)
    let b = fixedLeaf(10, 10)
    if firstLeaf == nil { firstLeaf = a }
    current.addArrangedSubview(a)
    current.addArrangedSubview(b)
    nodes += 2
    if level < levels - 1 {
      let next = StackView()
      next.axis = level % 2 == 0 ? .horizontal : .vertical
      current.addArrangedSubview(next)
      nodes += 1
      current = next
    }
  }
  let leaf = firstLeaf!
  return (
    rootView(containing: top, width: 100_000, height: 100_000), nodes,
    { leaf.image = ImageView.Image(name: "leaf", size: Size(width: 12, height: 10)) }
  )
}

/// A form row: a plain view with a title and a value label pinned with anchors and kept
/// apart by an inequality (a fitted scope in a stack); returns the row and its title.
@MainActor
func formRow(_ index: Int) -> (row: View, title: Label) {
  let row = View()
  let title = Label()
  title.text = "Setting \(index)"
  title.translatesAutoresizingMaskIntoConstraints = false
  let value = Label()
  value.text = "Value \(index % 7)"
  value.translatesAutoresizingMaskIntoConstraints = false
  value.setContentCompressionResistancePriority(.defaultHigh + 1, for: .horizontal)
  row.addSubview(title)
  row.addSubview(value)
  LayoutConstraint.activate([
    title.leadingAnchor.constraint(equalTo: row.leadingAnchor, constant: 12),
    title.topAnchor.constraint(equalTo: row.topAnchor, constant: 6),
    row.bottomAnchor.constraint(equalTo: title.bottomAnchor, constant: 6),
    value.trailingAnchor.constraint(equalTo: row.trailingAnchor, constant: -12),
    value.centerYAnchor.constraint(equalTo: title.centerYAnchor),
    value.leadingAnchor.constraint(greaterThanOrEqualTo: title.trailingAnchor, constant: 8),
  ])
  return (row, title)
}

/// A constraint-based form: `rows` rows (333: 1,001 views) of a title and a value label pinned
/// with anchors and kept apart by an inequality, each a fitted scope solved on its own.
@MainActor
func constraints(rows: Int = 333) -> (View, Int, () -> Void) {
  let root = View(frame: Rect(x: 0, y: 0, width: 390, height: Double(rows) * 60))
  let stack = StackView()
  stack.axis = .vertical
  stack.spacing = 4
  stack.translatesAutoresizingMaskIntoConstraints = false
  root.addSubview(stack)
  LayoutConstraint.activate([
    stack.topAnchor.constraint(equalTo: root.topAnchor, constant: 8),
    stack.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
    stack.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
  ])
  var nodes = 2
  var firstTitle: Label?
  for index in 0..<rows {
    let (row, title) = formRow(index)
    stack.addArrangedSubview(row)
    nodes += 3
    if firstTitle == nil { firstTitle = title }
  }
  let title = firstTitle!
  return (root, nodes, { title.text = "Setting changed" })
}

/// A stacked form (a stack view in a scroll view in a controller): `rows` rows like `constraints`'s in a `StackViewController`
/// (a stack pinned to a scroll view's content guide) shown by a window with the host's
/// safe-area insets.
@MainActor
func scrollForm(rows: Int = 333) -> (View, Int, () -> Void) {
  let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
  window.hostSafeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
  let controller = StackViewController()
  var nodes = 4
  var firstTitle: Label?
  for index in 0..<rows {
    let (row, title) = formRow(index)
    controller.addStackedView(row)
    nodes += 3
    if firstTitle == nil { firstTitle = title }
  }
  window.rootViewController = controller
  let title = firstTitle!
  return (window, nodes, { title.text = "Setting changed" })
}

/// 333 cards that keep their frames, each a title and a detail label placed with anchors and
/// inequalities (1,000 views): every card is a framed scope with its own simplex session.
@MainActor
func cards(count: Int = 333) -> (View, Int, () -> Void) {
  let root = View(frame: Rect(x: 0, y: 0, width: 390, height: Double(count) * 72 + 24))
  var nodes = 1
  var firstTitle: Label?
  for index in 0..<count {
    let card = View(frame: Rect(x: 16, y: Double(index) * 70, width: 358, height: 64))
    let title = Label()
    title.text = "Card \(index)"
    title.translatesAutoresizingMaskIntoConstraints = false
    let detail = Label()
    detail.text = "Detail \(index % 7)"
    detail.translatesAutoresizingMaskIntoConstraints = false
    card.addSubview(title)
    card.addSubview(detail)
    LayoutConstraint.activate([
      title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
      title.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
      title.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -8),
      detail.topAnchor.constraint(equalTo: title.bottomAnchor, constant: 4),
      detail.leadingAnchor.constraint(equalTo: title.leadingAnchor),
      detail.trailingAnchor.constraint(lessThanOrEqualTo: card.trailingAnchor, constant: -8),
    ])
    root.addSubview(card)
    nodes += 3
    if firstTitle == nil { firstTitle = title }
  }
  let title = firstTitle!
  return (root, nodes, { title.text = "Card changed" })
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

/// Lays out small trees of the constraint shapes once, unmeasured and through none of
/// `Phase`'s functions (which callgrind counts by), so that the first measured layout of a
/// shape does not pay what the process pays once: generic metadata the runtime instantiates
/// on its first use, which a run of one iteration (`--quick`) would otherwise count as part
/// of a relayout.
@MainActor
func warmUp(options: LayoutOptions) {
  let builds: [@MainActor () -> (View, Int, () -> Void)] = [
    { constraints(rows: 4) }, { scrollForm(rows: 4) }, { cards(count: 4) },
  ]
  for build in builds {
    let (root, _, change) = build()
    root.layoutOptions = options
    root.layoutIfNeeded()
    change()
    root.layoutIfNeeded()
    root.setNeedsLayout()
    root.layoutIfNeeded()
  }
}

@MainActor
func measure(_ body: () -> Void) -> Double {
  let clock = ContinuousClock()
  let elapsed = clock.measure(body)
  return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

/// A benchmark shape: a tree builder and how many fresh trees to measure.
struct Shape {
  let name: String
  let iterations: Int
  /// Whether to evict the caches between building a tree and its full layout, so that the
  /// pass starts from memory as it would on a tree built long before.
  var evictsCaches = false
  let build: @MainActor () -> (View, Int, () -> Void)
}

/// Evicts the processor caches by writing one word per cache line of a buffer three times
/// the size of this machine's last-level cache (32 MiB).
enum CacheEviction {
  nonisolated(unsafe) static var buffer = [UInt64](repeating: 0, count: 96 << 17)

  static func evict() {
    buffer.withUnsafeMutableBufferPointer { words in
      for index in stride(from: 0, to: words.count, by: 8) { words[index] &+= 1 }
    }
  }
}

/// The measured phases, each a function of its own that is never inlined, so that a profiler
/// can count one phase alone: `valgrind --tool=callgrind --toggle-collect='*5PhaseO4leaf*'`
/// counts the instructions of the one-leaf relayouts only (`scripts/bench-layout-callgrind.sh`).
/// Each records which phase ran last, so that no optimization merges their bodies into one.
@MainActor
enum Phase {
  static var last = 0

  /// The first layout of a fresh tree.
  @inline(never) static func full(_ root: View) {
    last = 1
    root.layoutIfNeeded()
  }

  /// The first layout of a window made visible (its controllers' appearance callbacks and
  /// the layout they end with).
  @inline(never) static func appear(_ window: Window) {
    last = 5
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
  }

  /// The relayout after one leaf changed.
  @inline(never) static func leaf(_ root: View) {
    last = 2
    root.layoutIfNeeded()
  }

  /// A relayout with nothing changed (a clean root).
  @inline(never) static func unchanged(_ root: View) {
    last = 3
    root.layoutIfNeeded()
  }

  /// A relayout of the root marked dirty with nothing changed.
  @inline(never) static func forced(_ root: View) {
    last = 4
    root.setNeedsLayout()
    root.layoutIfNeeded()
  }
}

/// One shape's measurements, in nanoseconds.
struct Samples {
  var full: [Double] = []
  var leaf: [Double] = []
  var noop: [Double] = []
  var forced: [Double] = []
  var nodes = 0

  /// Builds a fresh tree and measures its full layout, a relayout after its one-leaf change
  /// and (the median of 101) relayouts with nothing changed; with `forcing`, also three
  /// relayouts of the whole tree marked dirty with nothing changed.
  @MainActor
  mutating func measure(_ shape: Shape, forcing: Bool, options: LayoutOptions) {
    let (root, count, change) = shape.build()
    root.layoutOptions = options
    nodes = count
    if shape.evictsCaches { CacheEviction.evict() }
    full.append(LayoutBench.measure { Phase.full(root) })
    change()
    leaf.append(LayoutBench.measure { Phase.leaf(root) })
    var idle: [Double] = []
    for _ in 0..<101 { idle.append(LayoutBench.measure { Phase.unchanged(root) }) }
    noop.append(median(idle))
    if forcing {
      // A pass with nothing changed (the root marked dirty): what the simplex re-solves.
      for _ in 0..<3 { forced.append(LayoutBench.measure { Phase.forced(root) }) }
    }
  }
}

@MainActor
func run() {
  var only: Set<String> = []
  var iterationScale = 1.0
  let options = LayoutOptions()
  for argument in CommandLine.arguments.dropFirst() {
    if argument.hasPrefix("--quick") {
      iterationScale = 0.34
    } else {
      only.insert(argument)
    }
  }
  let shapes = [
    Shape(name: "huge-nested-1k", iterations: 21) { hugeNested(levels: 3) },
    Shape(name: "huge-nested-10k", iterations: 11) { hugeNested(levels: 4) },
    Shape(name: "huge-nested-100k", iterations: 5) { hugeNested(levels: 5) },
    // The same trees laid out with cold caches: how the pass scales when a 10k tree is no
    // longer in the cache it was just built in.
    Shape(name: "huge-nested-10k-cold", iterations: 11, evictsCaches: true) {
      hugeNested(levels: 4)
    },
    Shape(name: "huge-nested-100k-cold", iterations: 5, evictsCaches: true) {
      hugeNested(levels: 5)
    },
    Shape(name: "wide", iterations: 7, build: wide),
    Shape(name: "deep", iterations: 11) { deep(depth: 12) },
    Shape(name: "rows", iterations: 11, build: rows),
    Shape(name: "super-deep", iterations: 11) { superDeep(levels: 1000) },
    Shape(name: "constraints", iterations: 3) { constraints() },
    Shape(name: "constraints-3k", iterations: 3) { constraints(rows: 999) },
    Shape(name: "cards", iterations: 3) { cards() },
    Shape(name: "scroll-form", iterations: 3) { scrollForm() },
    Shape(name: "scroll-form-3k", iterations: 3) { scrollForm(rows: 999) },
  ]
  print("shape                   nodes     full ms   µs/node   leaf ms   noop µs")
  // The shapes are measured in three sweeps, each taking a third of every shape's
  // iterations back to back, so that the machine's speed, which drifts on a shared host,
  // weighs on every shape alike and ratios between shapes (100k/10k, 3k/1k) compare like
  // with like, while each tree is still built where the previous one of its shape was freed.
  let selected = shapes.filter { only.isEmpty || only.contains($0.name) }
  var samples = Array(repeating: Samples(), count: selected.count)
  warmUp(options: options)
  let sweeps = 3
  for sweep in 0..<sweeps {
    for index in selected.indices {
      let shape = selected[index]
      let total = max(1, Int((Double(shape.iterations) * iterationScale).rounded()))
      // This sweep's share of the iterations (the first sweeps take the remainder).
      let share = total / sweeps + (sweep < total % sweeps ? 1 : 0)
      for _ in 0..<share {
        samples[index].measure(
          shape,
          forcing: shape.name.hasPrefix("constraints") || shape.name.hasPrefix("scroll-form")
            || shape.name == "cards", options: options)
      }
    }
  }
  var lines: [String] = []
  var fullByShape: [String: Double] = [:]
  for (index, shape) in selected.enumerated() {
    let name = shape.name
    let taken = samples[index]
    let fullMs = median(taken.full) / 1e6
    fullByShape[name] = fullMs
    let leafMs = median(taken.leaf) / 1e6
    let noopUs = median(taken.noop) / 1e3
    let perNode = fullMs * 1000 / Double(taken.nodes)
    let padded = name.padding(toLength: 22, withPad: " ", startingAt: 0)
    print(
      "\(padded) \(String(taken.nodes).leftPadded(7)) \(format(fullMs).leftPadded(11)) \(format(perNode).leftPadded(9)) \(format(leafMs).leftPadded(9)) \(format(noopUs).leftPadded(9))"
    )
    let forced = taken.forced
    let forcedField = forced.isEmpty ? "" : ",\"forced_ms\":\(format(median(forced) / 1e6))"
    if !forced.isEmpty {
      print("  \(name): relayout with nothing changed \(format(median(forced) / 1e6)) ms")
    }
    lines.append(
      "{\"shape\":\"\(name)\",\"nodes\":\(taken.nodes),\"full_ms\":\(format(fullMs)),\"leaf_ms\":\(format(leafMs)),\"noop_us\":\(format(noopUs))\(forcedField)}"
    )
  }
  for line in lines { print(line) }
  if let small = fullByShape["huge-nested-10k"], let large = fullByShape["huge-nested-100k"] {
    print("huge-nested 100k/10k full-layout ratio: \(format(large / small)) (goal ≤ 11)")
  }
  if let small = fullByShape["huge-nested-10k-cold"],
    let large = fullByShape["huge-nested-100k-cold"]
  {
    print("huge-nested 100k/10k full-layout ratio, caches evicted first: \(format(large / small))")
  }
  if let small = fullByShape["constraints"], let large = fullByShape["constraints-3k"] {
    print("constraints 3k/1k full-layout ratio: \(format(large / small)) (3 is linear)")
  }
  if let small = fullByShape["scroll-form"], let large = fullByShape["scroll-form-3k"] {
    print("scroll-form 3k/1k full-layout ratio: \(format(large / small)) (3 is linear)")
  }
  // `login` measures the login screen with both variants; `login-session` (or the other
  // variant's name) with that one alone (`runLoginScreen` reads which).
  if only.isEmpty || only.contains("login") || only.contains(where: { $0.hasPrefix("login-") }) {
    runLoginScreen(iterations: max(11, Int((301 * iterationScale).rounded())))
  }
}

func format(_ value: Double) -> String {
  let scaled = (value * 1000).rounded() / 1000
  return String(scaled)
}

extension String {
  func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
  func padding(toLength length: Int, withPad pad: String, startingAt: Int) -> String {
    count >= length ? self : self + String(repeating: pad, count: length - count)
  }
}

MainActor.assumeIsolated { run() }
