import Testing

@testable import ScreenKit

/// Views laid out by frame in a hierarchy that also uses constraints: what UIKit keeps of a
/// frame, and autoresizing masks (`UIView.AutoresizingMask`).
@MainActor
@Suite struct FrameLayoutTests {
  /// A controller whose view is built by the test.
  private final class Hosting: ViewController {
    let build: (View) -> Void
    init(_ build: @escaping (View) -> Void) {
      self.build = build
      super.init()
    }
    override func viewDidLoad() {
      super.viewDidLoad()
      build(view)
    }
  }

  private func show(_ build: @escaping (View) -> Void) -> Window {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.rootViewController = Hosting(build)
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    return window
  }

  /// A view that counts the passes of its `layoutSubviews()`.
  private final class CountingLayouts: View {
    var layouts = 0
    override func layoutSubviews() {
      super.layoutSubviews()
      layouts += 1
    }
  }

  /// UIKit lays out a view's superview when the view is resized, not when it only moves:
  /// setting a dragged card's `center` runs no layout pass ("When is layoutSubviews
  /// called?", UIKit's `setFrame:` marks the view itself only on a new size). Here a move
  /// lays out the superview only where the position can matter to it: a constraint names
  /// the moved view, which the engine then places.
  @Test func movingAViewThatNothingRefersToLaysOutNothing() {
    let container = CountingLayouts(frame: Rect(x: 0, y: 0, width: 390, height: 600))
    let card = CountingLayouts(frame: Rect(x: 20, y: 20, width: 120, height: 80))
    let pinned = View()
    container.addSubview(card)
    container.addSubview(pinned)
    pinned.translatesAutoresizingMaskIntoConstraints = false
    LayoutConstraint.activate([
      pinned.topAnchor.constraint(equalTo: container.topAnchor, constant: 10),
      pinned.leadingAnchor.constraint(equalTo: container.leadingAnchor, constant: 10),
      pinned.widthAnchor.constraint(equalToConstant: 50),
      pinned.heightAnchor.constraint(equalToConstant: 50),
    ])
    container.layoutIfNeeded()
    let (containerBefore, cardBefore) = (container.layouts, card.layouts)

    card.center = Point(x: 200, y: 300)
    container.layoutIfNeeded()
    #expect(container.layouts == containerBefore, "a move lays out no superview")
    #expect(card.layouts == cardBefore, "nor the moved view")
    #expect(card.frame == Rect(x: 140, y: 260, width: 120, height: 80))

    card.frame.size = Size(width: 100, height: 60)
    container.layoutIfNeeded()
    #expect(container.layouts == containerBefore + 1, "a resize lays out the superview")
    #expect(card.layouts == cardBefore + 1, "and the resized view")

    // Named by a constraint (its autoresizing mask translated), its position places others.
    let below = View()
    below.translatesAutoresizingMaskIntoConstraints = false
    container.addSubview(below)
    LayoutConstraint.activate([
      below.topAnchor.constraint(equalTo: card.bottomAnchor, constant: 4),
      below.leadingAnchor.constraint(equalTo: card.leadingAnchor),
      below.widthAnchor.constraint(equalToConstant: 30),
      below.heightAnchor.constraint(equalToConstant: 30),
    ])
    container.layoutIfNeeded()
    let named = container.layouts
    card.center = Point(x: 200, y: 100)
    container.layoutIfNeeded()
    #expect(container.layouts == named + 1, "a move of a view a constraint names lays out")
    #expect(below.frame == Rect(x: card.frame.minX, y: card.frame.maxY + 4, width: 30, height: 30))
    #expect(card.frame == Rect(x: 150, y: 70, width: 100, height: 60))
  }

  @Test func aViewThatNoConstraintNamesKeepsItsFrame() {
    let badge = View(frame: Rect(x: 300, y: 200, width: 60, height: 24))
    let pinned = View()
    let window = show { root in
      badge.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(badge)
      // A sibling placed by constraints: the hierarchy uses Auto Layout.
      pinned.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(pinned)
      LayoutConstraint.activate([
        pinned.topAnchor.constraint(equalTo: root.topAnchor, constant: 10),
        pinned.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 10),
        pinned.widthAnchor.constraint(equalToConstant: 50),
        pinned.heightAnchor.constraint(equalToConstant: 50),
      ])
    }
    #expect(badge.frame == Rect(x: 300, y: 200, width: 60, height: 24))
    #expect(pinned.frame == Rect(x: 10, y: 10, width: 50, height: 50))
    // Moved by hand later: still its own.
    badge.frame = Rect(x: 10, y: 100, width: 80, height: 30)
    window.layoutIfNeeded()
    #expect(badge.frame == Rect(x: 10, y: 100, width: 80, height: 30))
    // Once a constraint names it, the engine places it (and its other edges are free).
    let width = badge.widthAnchor.constraint(equalToConstant: 44)
    let height = badge.heightAnchor.constraint(equalToConstant: 20)
    let left = badge.leadingAnchor.constraint(equalTo: pinned.trailingAnchor, constant: 8)
    let top = badge.topAnchor.constraint(equalTo: pinned.topAnchor)
    LayoutConstraint.activate([width, height, left, top])
    window.layoutIfNeeded()
    #expect(badge.frame == Rect(x: 68, y: 10, width: 44, height: 20))
    // Without them again it keeps the frame it has.
    LayoutConstraint.deactivate([width, height, left, top])
    window.layoutIfNeeded()
    #expect(badge.frame == Rect(x: 68, y: 10, width: 44, height: 20))
  }

  @Test func anArrangedViewIsPlacedByItsStackEvenWithoutConstraints() {
    let first = View(frame: Rect(x: 300, y: 300, width: 10, height: 10))
    let stack = StackView(arrangedSubviews: [first])
    _ = show { root in
      stack.translatesAutoresizingMaskIntoConstraints = false
      stack.axis = .vertical
      root.addSubview(stack)
      LayoutConstraint.activate([
        stack.topAnchor.constraint(equalTo: root.topAnchor),
        stack.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        stack.widthAnchor.constraint(equalToConstant: 100),
        first.heightAnchor.constraint(equalToConstant: 30),
      ])
    }
    #expect(first.frame == Rect(x: 0, y: 0, width: 100, height: 30))
  }

  @Test func aRootViewLoadedByAWindowStartsAtItsSize() {
    var sizeInViewDidLoad = Size.zero
    _ = show { root in sizeInViewDidLoad = root.frame.size }
    #expect(sizeInViewDidLoad == Size(width: 390, height: 844))
  }

  @Test func flexibleWidthAndTopMarginFollowTheSuperview() {
    // UIKit's documented example: a footer made for 320 × 480 that keeps to the bottom and
    // stretches across.
    let container = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    let footer = View(frame: Rect(x: 0, y: 400, width: 320, height: 50))
    footer.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
    let label = View(frame: Rect(x: 16, y: 0, width: 288, height: 50))
    label.autoresizingMask = .flexibleWidth
    footer.addSubview(label)
    container.addSubview(footer)
    container.frame = Rect(x: 0, y: 0, width: 390, height: 810)
    // Height +330 all to the top margin (the only flexible part vertically); width +70 all
    // to the width.
    #expect(footer.frame == Rect(x: 0, y: 730, width: 390, height: 50))
    // The footer's +70 goes to the label's width: margins 16 and 16 stay.
    #expect(label.frame == Rect(x: 16, y: 0, width: 358, height: 50))
  }

  @Test func severalFlexiblePartsShareInProportion() {
    let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    // Left margin 50, width 100, right margin 150: +60 is shared 10 / 20 / 30.
    let view = View(frame: Rect(x: 50, y: 0, width: 100, height: 100))
    view.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin]
    container.addSubview(view)
    container.frame = Rect(x: 0, y: 0, width: 360, height: 300)
    #expect(view.frame == Rect(x: 60, y: 0, width: 120, height: 100))
    // A centred view (both margins flexible) stays centred.
    let centred = View(frame: Rect(x: 130, y: 130, width: 100, height: 40))
    centred.autoresizingMask = [
      .flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin, .flexibleBottomMargin,
    ]
    container.addSubview(centred)
    container.frame = Rect(x: 0, y: 0, width: 200, height: 100)
    #expect(centred.frame == Rect(x: 50, y: 30, width: 100, height: 40))
  }

  @Test func noMaskOrNoAutoresizingKeepsTheFrame() {
    let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let fixed = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
    container.addSubview(fixed)
    let masked = View(frame: Rect(x: 10, y: 10, width: 100, height: 100))
    masked.autoresizingMask = .flexibleWidth
    container.addSubview(masked)
    container.autoresizesSubviews = false
    container.frame = Rect(x: 0, y: 0, width: 400, height: 300)
    #expect(fixed.frame == Rect(x: 10, y: 10, width: 100, height: 100))
    #expect(masked.frame == Rect(x: 10, y: 10, width: 100, height: 100))
    container.autoresizesSubviews = true
    container.frame = Rect(x: 0, y: 0, width: 500, height: 300)
    #expect(fixed.frame == Rect(x: 10, y: 10, width: 100, height: 100))
    #expect(masked.frame == Rect(x: 10, y: 10, width: 200, height: 100))
  }

  @Test func aViewSizedByConstraintsResizesItsMaskedSubviews() {
    let card = View()
    let fill = View()
    let window = show { root in
      card.translatesAutoresizingMaskIntoConstraints = false
      root.addSubview(card)
      fill.frame = Rect(x: 0, y: 0, width: 0, height: 0)
      fill.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      card.addSubview(fill)
      LayoutConstraint.activate([
        card.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
        card.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        card.widthAnchor.constraint(equalToConstant: 200),
        card.heightAnchor.constraint(equalToConstant: 80),
      ])
    }
    window.layoutIfNeeded()
    #expect(card.frame == Rect(x: 20, y: 100, width: 200, height: 80))
    #expect(fill.frame == Rect(x: 0, y: 0, width: 200, height: 80))
  }
}
