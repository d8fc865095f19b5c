/// A window's focus engine, as `UIFocusSystem`: which view has focus, and how it moves.
///
/// ScreenKit's behaviour, chosen for kiosks driven by a D-pad, a rotary panel or a
/// keyboard without touch:
/// * The engine is dormant until it is first used, as iPadOS shows no focus until a
///   hardware key is pressed: the first key event, a `focus` request or a requested focus
///   update (``FocusEnvironment/setNeedsFocusUpdate()`` then ``updateFocusIfNeeded()``)
///   activates it. A move key pressed while nothing is focused focuses the preferred item:
///   the first focusable item found along the frontmost visible controller's
///   ``FocusEnvironment/preferredFocusEnvironments``, recursively (an environment without
///   preferences gives its first focusable item in reading order).
/// * The arrow keys move geometrically across the whole screen, as tvOS's focus engine does
///   for the remote's D-pad (iPadOS keeps arrows within a focus group, which a panel with
///   only a D-pad could not leave): the candidates are the focusable items and
///   ``FocusGuide``s whose frame lies wholly beyond the focused item's edge in that
///   direction; the nearest wins, items overlapping the focused one across the heading
///   (aligned in its row or column) before the others, then by the gap along the heading,
///   then by the distance between centres across it. A guide hands focus on to its
///   preferred item.
/// * Tab and Shift-Tab move to the next and previous focusable item in reading order
///   (``View/accessibilityReadingOrder``'s rule), wrapping at the ends, with the items of one focus group
///   (``View/focusGroupIdentifier``, inherited) kept together where the group's first item
///   stands: iPadOS moves Tab between groups and arrows within them, but a screen must also
///   be usable by Tab alone, item after item, as on the web.
/// * Candidates are views that say ``View/canBecomeFocused``, are in the window, visible
///   (not hidden, not transparent, user interaction enabled up the tree), enabled when they
///   are controls, of non-zero size, and in the frontmost presented controller's view when
///   one is presented (views behind a modal are not candidates).
/// * Every update asks the environments containing the item losing focus and the one
///   gaining it (``FocusEnvironment/shouldUpdateFocus(in:)``), any of which may refuse,
///   then tells them (``FocusEnvironment/didUpdateFocus(in:with:)``). Focusing a text field
///   or search bar begins editing and moving focus away ends it, as iPadOS does, and focus
///   follows a view that becomes first responder otherwise; a focused view inside a scroll
///   view is scrolled into sight.
/// * When the focused view leaves the window, is hidden or disabled, or a controller is
///   presented over it, focus moves to the frontmost controller's preferred item; when
///   the item can have focus again (the controller is dismissed, a pushed level popped),
///   focus returns to it, as UIKit's `restoresFocusAfterTransition`.
@MainActor
public final class FocusSystem {
  /// The window whose focus this is.
  public private(set) weak var window: Window?
  /// The focused view, if any.
  public private(set) weak var focusedView: View?
  /// Whether the engine was used in this window (see the type's description).
  public internal(set) var isActive = false
  /// The environment that asked for a focus update, if one is pending.
  private weak var pendingEnvironment: FocusEnvironment?
  private var hasPendingUpdate = false
  /// Items that lost focus because they could no longer have it, to return to.
  private var rememberedFocus: [WeakView] = []
  /// How many such items are remembered.
  private static let rememberedLimit = 8
  /// The presses whose key is down and that went to responders, by key, to end them.
  var pressesDown: [String: (press: Press, responder: Responder)] = [:]
  /// Keys whose down the engine or a key command consumed: their up is consumed too.
  var consumedKeys: Set<String> = []

  init(window: Window) { self.window = window }

  /// The focus system of the window `environment` is in.
  public static func focusSystem(for environment: FocusEnvironment) -> FocusSystem? {
    var current: FocusEnvironment? = environment
    var steps = 0
    while let environment = current, steps < 10_000 {
      if let view = environment as? View { return view.window?.focusSystem }
      if let controller = environment as? ViewController, let view = controller.viewIfLoaded {
        return view.window?.focusSystem
      }
      current = environment.parentFocusEnvironment
      steps += 1
    }
    return nil
  }

  /// The focused item, if any.
  public var focusedItem: FocusItem? { focusedView }

  /// Asks for focus to move to `environment`'s preferred focus at the next update,
  /// whatever is focused now.
  public func requestFocusUpdate(to environment: FocusEnvironment) {
    pendingEnvironment = environment
    hasPendingUpdate = true
  }

  /// `environment` asks for a focus update: it is taken when the environment contains
  /// the focused item, or nothing is focused.
  func setNeedsFocusUpdate(in environment: FocusEnvironment) {
    if let focusedView, !contains(environment, focusedView) { return }
    requestFocusUpdate(to: environment)
  }

  /// Runs a pending focus update, and moves focus off an item that can no longer have it
  /// (see the type's description). Returns whether focus moved.
  @discardableResult
  public func updateFocusIfNeeded() -> Bool {
    if hasPendingUpdate {
      hasPendingUpdate = false
      let environment = pendingEnvironment
      pendingEnvironment = nil
      if let environment, let target = preferredItem(of: environment) {
        return update(to: target, heading: [])
      }
    }
    guard isActive, let window else { return false }
    // Focus follows the first responder (a field a key command or a `text` event focused).
    if let editing = window.firstResponder as? View, editing !== focusedView,
      isCandidate(editing)
    {
      return update(to: editing, heading: [])
    }
    if let focusedView, isCandidate(focusedView) { return false }
    // The item losing focus is remembered, to return to when it can have focus again (a
    // dismissed modal, a popped navigation level), newest first, at most a few.
    rememberedFocus.removeAll { $0.view == nil || $0.view === focusedView }
    if let focusedView { rememberedFocus.append(WeakView(focusedView)) }
    if rememberedFocus.count > Self.rememberedLimit {
      rememberedFocus.removeFirst(rememberedFocus.count - Self.rememberedLimit)
    }
    for index in rememberedFocus.indices.reversed() {
      guard let view = rememberedFocus[index].view, view !== focusedView, isCandidate(view)
      else { continue }
      rememberedFocus.removeSubrange(index...)
      return update(to: view, heading: [])
    }
    guard let frontmost = frontmostController, let target = preferredItem(of: frontmost) else {
      return focusedView != nil ? update(to: nil, heading: [], force: true) : false
    }
    return update(to: target, heading: [])
  }

  // MARK: Moves

  /// Focuses `view` as a `focus` request does. Returns whether it is focused now.
  func focus(_ view: View) -> Bool {
    isActive = true
    if focusedView === view { return true }
    guard isCandidate(view) else { return false }
    return update(to: view, heading: [])
  }

  /// Moves focus one step towards `heading` (the four directions, next or previous);
  /// with nothing focused, focuses the preferred item. Returns whether focus moved.
  func move(_ heading: FocusHeading) -> Bool {
    isActive = true
    guard let focusedView, isCandidate(focusedView) else {
      guard let frontmost = frontmostController, let target = preferredItem(of: frontmost)
      else { return false }
      return update(to: target, heading: [])
    }
    if heading == .next || heading == .previous {
      let order = tabOrder()
      guard let index = order.firstIndex(where: { $0 === focusedView }), order.count > 1 else {
        return false
      }
      let step = heading == .next ? 1 : order.count - 1
      return update(to: order[(index + step) % order.count], heading: heading)
    }
    guard let target = geometricTarget(from: focusedView, heading: heading) else { return false }
    return update(to: target, heading: heading)
  }

  /// Focuses `next`, asking and telling the affected environments. Returns whether focus
  /// moved (`false` when it was refused or `next` is already focused).
  @discardableResult
  private func update(to next: View?, heading: FocusHeading, force: Bool = false) -> Bool {
    let previous = focusedView
    guard next !== previous else { return false }
    isActive = true
    let context = FocusUpdateContext(previous: previous, next: next, heading: heading)
    let affected = affectedEnvironments(previous, next)
    if !force {
      for environment in affected where !environment.shouldUpdateFocus(in: context) {
        return false
      }
    }
    focusedView = next
    window?.setNeedsDisplay()  // the root's `focused`
    previous?.setNeedsDisplay()
    next?.setNeedsDisplay()
    if let previous, previous.isFirstResponder, previous.canBecomeFirstResponder {
      _ = previous.resignFirstResponder()
    }
    if let next, next.canBecomeFirstResponder, !next.isFirstResponder {
      _ = next.becomeFirstResponder()
    }
    if let next { reveal(next) }
    let coordinator = FocusAnimationCoordinator()
    for environment in affected { environment.didUpdateFocus(in: context, with: coordinator) }
    coordinator.run()
    return true
  }

  /// The environments containing `previous` or `next`, innermost first, each once.
  private func affectedEnvironments(_ previous: View?, _ next: View?) -> [FocusEnvironment] {
    var result: [FocusEnvironment] = []
    var seen = Set<ObjectIdentifier>()
    for item in [previous, next] {
      var current: FocusEnvironment? = item
      var steps = 0
      while let environment = current, steps < 10_000 {
        if seen.insert(ObjectIdentifier(environment)).inserted { result.append(environment) }
        current = environment.parentFocusEnvironment
        steps += 1
      }
    }
    return result
  }

  /// Scrolls the scroll views around `view` so that it shows.
  private func reveal(_ view: View) {
    var current = view.superview
    while let ancestor = current {
      if let scroll = ancestor as? ScrollView, !(scroll is TextView) {
        let rect = view.convert(view.bounds, to: scroll)
        let inset = scroll.adjustedContentInset
        let visible = scroll.bounds
        var offset = scroll.contentOffset
        if rect.minY < visible.minY + inset.top {
          offset.y = rect.minY - inset.top
        } else if rect.maxY > visible.maxY - inset.bottom {
          offset.y = rect.maxY - visible.height + inset.bottom
        }
        if rect.minX < visible.minX + inset.left {
          offset.x = rect.minX - inset.left
        } else if rect.maxX > visible.maxX - inset.right {
          offset.x = rect.maxX - visible.width + inset.right
        }
        if offset != scroll.contentOffset { scroll.setContentOffset(offset, animated: false) }
      }
      current = ancestor.superview
    }
  }

  // MARK: Candidates

  /// The controller shown frontmost: the topmost presented one (or the root), down through
  /// its visible children; the window when it has no controller.
  private var frontmostController: FocusEnvironment? {
    guard var deepest = window?.topLevelControllers.last else { return window }
    while let next = deepest.deepestVisibleChild { deepest = next }
    return deepest
  }

  /// The view focus is confined to: the topmost presented controller's view (or the
  /// window).
  private var activeRoot: View? {
    guard let window else { return nil }
    guard let top = window.topLevelControllers.last, let view = top.viewIfLoaded,
      view.window === window
    else { return window }
    return view
  }

  private func isInActiveArea(_ view: View) -> Bool {
    guard let activeRoot else { return false }
    return view.isDescendant(of: activeRoot)
  }

  /// Whether `view` may be focused now (see the type's description).
  func isCandidate(_ view: View) -> Bool {
    guard let window, view.window === window, view.canBecomeFocused, isInActiveArea(view),
      view.bounds.width > 0, view.bounds.height > 0
    else { return false }
    if let control = view as? Control, !control.isEnabled { return false }
    var current: View? = view
    while let candidate = current {
      if candidate.isHidden || candidate.alpha < 0.01 || !candidate.isUserInteractionEnabled {
        return false
      }
      current = candidate.superview
    }
    return true
  }

  /// The focusable views under `root`, in tree order.
  private func candidates(under root: View) -> [View] {
    var result: [View] = []
    func visit(_ view: View) {
      guard !view.isHidden, view.alpha >= 0.01, view.isUserInteractionEnabled else { return }
      if view.canBecomeFocused, isCandidate(view) { result.append(view) }
      for subview in view.subviews { visit(subview) }
    }
    visit(root)
    return result
  }

  /// The enabled focus guides under `root` with their frames in window coordinates.
  private func guides(under root: View) -> [(guide: FocusGuide, frame: Rect)] {
    var result: [(FocusGuide, Rect)] = []
    func visit(_ view: View) {
      guard !view.isHidden, view.alpha >= 0.01 else { return }
      for case let guide as FocusGuide in view.layoutGuides
      where guide.isEnabled && !guide.preferredFocusEnvironments.isEmpty {
        result.append((guide, view.convert(guide.layoutFrame, to: nil)))
      }
      for subview in view.subviews { visit(subview) }
    }
    visit(root)
    return result
  }

  /// The focusable views in Tab order (see the type's description).
  func tabOrder() -> [View] {
    guard let activeRoot else { return [] }
    let ordered = FocusReadingOrder.sorted(candidates(under: activeRoot), in: activeRoot)
    var groups: [String: [View]] = [:]
    for view in ordered {
      if let group = effectiveGroup(of: view) { groups[group, default: []].append(view) }
    }
    var result: [View] = []
    var emitted = Set<String>()
    for view in ordered {
      guard let group = effectiveGroup(of: view) else {
        result.append(view)
        continue
      }
      if emitted.insert(group).inserted { result.append(contentsOf: groups[group] ?? []) }
    }
    return result
  }

  /// The focus group of `view`: its own identifier, else the nearest ancestor's.
  private func effectiveGroup(of view: View) -> String? {
    var current: View? = view
    while let candidate = current {
      if let group = candidate.focusGroupIdentifier { return group }
      current = candidate.superview
    }
    return nil
  }

  /// The first focusable item along `environment`'s preferred environments, recursively.
  func preferredItem(of environment: FocusEnvironment) -> View? {
    var visited = Set<ObjectIdentifier>()
    return preferredItem(of: environment, visited: &visited)
  }

  private func preferredItem(of environment: FocusEnvironment, visited: inout Set<ObjectIdentifier>)
    -> View?
  {
    guard visited.insert(ObjectIdentifier(environment)).inserted, visited.count < 1_000 else {
      return nil
    }
    if let view = environment as? View, isCandidate(view) { return view }
    for preferred in environment.preferredFocusEnvironments where preferred !== environment {
      if let item = preferredItem(of: preferred, visited: &visited) { return item }
    }
    let root: View? =
      (environment as? View) ?? (environment as? ViewController)?.viewIfLoaded
    guard let root, root.window === window else { return nil }
    return FocusReadingOrder.sorted(candidates(under: root), in: root).first
  }

  /// The item the arrow keys' search finds from `origin` towards `heading` (see the type's
  /// description), a guide's preferred item when the search lands on a guide.
  private func geometricTarget(from origin: View, heading: FocusHeading) -> View? {
    guard let activeRoot else { return nil }
    let from = origin.focusFrame
    enum Target {
      case view(View)
      case guide(FocusGuide)
    }
    var scored: [(target: Target, score: (Int, Double, Double))] = []
    for view in candidates(under: activeRoot) where view !== origin {
      if let score = Self.score(view.focusFrame, from: from, heading: heading) {
        scored.append((.view(view), score))
      }
    }
    for (guide, frame) in guides(under: activeRoot) {
      if let score = Self.score(frame, from: from, heading: heading) {
        scored.append((.guide(guide), score))
      }
    }
    scored.sort { $0.score < $1.score }
    for (target, _) in scored {
      switch target {
      case .view(let view): return view
      case .guide(let guide):
        for preferred in guide.preferredFocusEnvironments {
          if let item = preferredItem(of: preferred), item !== origin { return item }
        }
      }
    }
    return nil
  }

  /// How near `frame` is from `origin` towards `heading`: (0 when aligned across the
  /// heading else 1, the gap along the heading, the distance between centres across it);
  /// `nil` when `frame` is not wholly beyond `origin`'s edge in that direction.
  static func score(_ frame: Rect, from origin: Rect, heading: FocusHeading) -> (
    Int, Double, Double
  )? {
    let tolerance = 0.5  // frames that share an edge, after rounding
    let gap: Double
    let aligned: Bool
    let across: Double
    switch heading {
    case .up:
      guard frame.maxY <= origin.minY + tolerance else { return nil }
      gap = origin.minY - frame.maxY
      aligned = frame.maxX > origin.minX && frame.minX < origin.maxX
      across = abs(frame.midX - origin.midX)
    case .down:
      guard frame.minY >= origin.maxY - tolerance else { return nil }
      gap = frame.minY - origin.maxY
      aligned = frame.maxX > origin.minX && frame.minX < origin.maxX
      across = abs(frame.midX - origin.midX)
    case .left:
      guard frame.maxX <= origin.minX + tolerance else { return nil }
      gap = origin.minX - frame.maxX
      aligned = frame.maxY > origin.minY && frame.minY < origin.maxY
      across = abs(frame.midY - origin.midY)
    case .right:
      guard frame.minX >= origin.maxX - tolerance else { return nil }
      gap = frame.minX - origin.maxX
      aligned = frame.maxY > origin.minY && frame.minY < origin.maxY
      across = abs(frame.midY - origin.midY)
    default: return nil
    }
    guard frame.width > 0, frame.height > 0 else { return nil }
    return (aligned ? 0 : 1, max(0, gap), across)
  }

  private func contains(_ environment: FocusEnvironment, _ view: View) -> Bool {
    var current: FocusEnvironment? = view
    var steps = 0
    while let candidate = current, steps < 10_000 {
      if candidate === environment { return true }
      current = candidate.parentFocusEnvironment
      steps += 1
    }
    return false
  }
}

extension Window {
  /// The window's focus engine (see ``FocusSystem``).
  public var focusSystem: FocusSystem {
    if let system = controllerState.focusSystem { return system }
    let system = FocusSystem(window: self)
    controllerState.focusSystem = system
    return system
  }

  /// The focused view, if any.
  public var focusedView: View? { controllerState.focusSystem?.focusedView }
}
