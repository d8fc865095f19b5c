import Foundation
import Testing

@testable import ScreenKit

/// Right-to-left layout: the window's direction from its locale, leading and trailing
/// anchors, stack views, directional margins, and `semanticContentAttribute` (UIKit's rules,
/// `UIView.effectiveUserInterfaceLayoutDirection`).
@MainActor
@Suite struct RightToLeftLayoutTests {
  /// A controller whose view is built by the test; records trait changes.
  private final class Hosting: ViewController {
    let build: (View) -> Void
    var directions: [TraitCollection.LayoutDirection] = []
    init(_ build: @escaping (View) -> Void) {
      self.build = build
      super.init()
    }
    override func viewDidLoad() {
      super.viewDidLoad()
      build(view)
    }
    override func traitCollectionDidChange(_ previous: TraitCollection?) {
      super.traitCollectionDidChange(previous)
      directions.append(traitCollection.layoutDirection)
    }
  }

  private func show(locale: String = "ar", _ build: @escaping (View) -> Void) -> (
    Window, Hosting
  ) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let hosting = Hosting(build)
    window.rootViewController = hosting
    window.locale = Locale(identifier: locale)
    window.makeKeyAndVisible()
    window.layoutIfNeeded()
    return (window, hosting)
  }

  private func pinned(_ view: View) -> View {
    view.translatesAutoresizingMaskIntoConstraints = false
    return view
  }

  @Test func theLocaleSetsTheDirection() {
    for (identifier, direction) in [
      ("ar", TraitCollection.LayoutDirection.rightToLeft), ("he", .rightToLeft),
      ("fa", .rightToLeft), ("ur", .rightToLeft), ("ar-EG", .rightToLeft),
      ("en", .leftToRight), ("de", .leftToRight), ("zh-Hant", .leftToRight),
    ] {
      #expect(TraitCollection.LayoutDirection(locale: Locale(identifier: identifier)) == direction)
    }
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    #expect(window.locale.identifier == "en")
    window.locale = Locale(identifier: "he")
    #expect(window.traitCollection.layoutDirection == .rightToLeft)
    #expect(window.effectiveUserInterfaceLayoutDirection == .rightToLeft)
  }

  @Test func leadingAndTrailingAnchorsFlip() {
    let a = View()
    let b = View()
    let c = View()
    let (window, hosting) = show { root in
      for view in [a, b, c] { root.addSubview(self.pinned(view)) }
      LayoutConstraint.activate([
        a.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        a.topAnchor.constraint(equalTo: root.topAnchor, constant: 100),
        a.widthAnchor.constraint(equalToConstant: 100),
        a.heightAnchor.constraint(equalToConstant: 40),
        b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
        b.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
        b.topAnchor.constraint(equalTo: a.topAnchor),
        b.heightAnchor.constraint(equalToConstant: 40),
        // Left and right stay absolute.
        c.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 10),
        c.topAnchor.constraint(equalTo: a.bottomAnchor),
        c.widthAnchor.constraint(equalToConstant: 30),
        c.heightAnchor.constraint(equalToConstant: 30),
      ])
    }
    #expect(a.frame == Rect(x: 270, y: 100, width: 100, height: 40))
    #expect(b.frame == Rect(x: 16, y: 100, width: 246, height: 40))
    #expect(c.frame == Rect(x: 10, y: 140, width: 30, height: 30))
    #expect(hosting.directions == [.rightToLeft])
    // A live switch to a left-to-right language lays it out again.
    window.locale = Locale(identifier: "en")
    window.layoutIfNeeded()
    #expect(a.frame == Rect(x: 20, y: 100, width: 100, height: 40))
    #expect(b.frame == Rect(x: 128, y: 100, width: 246, height: 40))
    #expect(c.frame == Rect(x: 10, y: 140, width: 30, height: 30))
    #expect(hosting.directions == [.rightToLeft, .leftToRight])
  }

  @Test func aCentreTiedToALeadingEdgeFlipsWithIt() {
    let a = View()
    let (window, _) = show { root in
      root.addSubview(self.pinned(a))
      LayoutConstraint.activate([
        a.centerXAnchor.constraint(equalTo: root.leadingAnchor, constant: 50),
        a.widthAnchor.constraint(equalToConstant: 20),
        a.heightAnchor.constraint(equalToConstant: 20),
        a.topAnchor.constraint(equalTo: root.topAnchor),
      ])
    }
    defer { withExtendedLifetime(window) {} }
    #expect(a.frame.midX == 390 - 50)
  }

  @Test func horizontalStacksArrangeFromTheRight() {
    // A stack placed by frame (direct evaluation) and one placed by constraints (simplex).
    func views() -> [View] {
      [40.0, 60, 80].map { width in
        let view = View()
        view.translatesAutoresizingMaskIntoConstraints = false
        view.widthAnchor.constraint(equalToConstant: width).isActive = true
        view.heightAnchor.constraint(equalToConstant: 30).isActive = true
        return view
      }
    }
    let direct = views()
    let solved = views()
    let (window, _) = show { root in
      let first = StackView(arrangedSubviews: direct)
      first.spacing = 10
      first.alignment = .leading
      first.frame = Rect(x: 0, y: 100, width: 200, height: 30)
      root.addSubview(first)
      let second = StackView(arrangedSubviews: solved)
      second.spacing = 10
      root.addSubview(self.pinned(second))
      LayoutConstraint.activate([
        second.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 20),
        second.topAnchor.constraint(equalTo: root.topAnchor, constant: 200),
      ])
    }
    defer { withExtendedLifetime(window) {} }
    // Left to right the first view would be at 0, the next at 50, the last at 120.
    #expect(direct.map(\.frame.minX) == [160, 90, 0])
    // The stack sits 20 points from the right edge; its views from its right edge.
    let stack = solved[0].superview!
    #expect(stack.frame == Rect(x: 390 - 20 - 200, y: 200, width: 200, height: 30))
    #expect(solved.map(\.frame.minX) == [160, 90, 0])
  }

  @Test func verticalStacksAlignLeadingToTheRight() {
    let label = Label()
    let (window, _) = show { root in
      label.text = "مرحبا"
      let stack = StackView(arrangedSubviews: [label])
      stack.axis = .vertical
      stack.alignment = .leading
      stack.frame = Rect(x: 0, y: 100, width: 300, height: 100)
      root.addSubview(stack)
    }
    defer { withExtendedLifetime(window) {} }
    #expect(label.frame.maxX == 300)
  }

  @Test func directionalMarginsSwapSides() {
    let inner = View()
    var container: View!
    let (window, _) = show { root in
      container = View(frame: Rect(x: 0, y: 100, width: 300, height: 100))
      container.directionalLayoutMargins = DirectionalEdgeInsets(
        top: 0, leading: 30, bottom: 0, trailing: 10)
      root.addSubview(container)
      container.addSubview(self.pinned(inner))
      LayoutConstraint.activate([
        inner.leadingAnchor.constraint(equalTo: container.layoutMarginsGuide.leadingAnchor),
        inner.trailingAnchor.constraint(equalTo: container.layoutMarginsGuide.trailingAnchor),
        inner.topAnchor.constraint(equalTo: container.topAnchor),
        inner.heightAnchor.constraint(equalToConstant: 10),
      ])
    }
    defer { withExtendedLifetime(window) {} }
    #expect(container.layoutMargins == EdgeInsets(top: 0, left: 10, bottom: 0, right: 30))
    #expect(
      container.directionalLayoutMargins
        == DirectionalEdgeInsets(top: 0, leading: 30, bottom: 0, trailing: 10))
    #expect(inner.frame == Rect(x: 10, y: 0, width: 260, height: 10))
    // Margins set as left and right stay where they are.
    container.layoutMargins = EdgeInsets(top: 0, left: 30, bottom: 0, right: 10)
    #expect(container.layoutMargins == EdgeInsets(top: 0, left: 30, bottom: 0, right: 10))
    #expect(container.directionalLayoutMargins.leading == 10)
  }

  @Test func semanticContentAttributeDecidesTheEffectiveDirection() {
    let forced = View()
    let inside = View()
    let playback = View()
    let plain = View()
    let (window, _) = show { root in
      root.addSubview(forced)
      forced.addSubview(inside)
      root.addSubview(playback)
      playback.addSubview(plain)
    }
    defer { withExtendedLifetime(window) {} }
    forced.semanticContentAttribute = .forceLeftToRight
    playback.semanticContentAttribute = .playback
    #expect(window.rootViewController!.view.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    #expect(forced.effectiveUserInterfaceLayoutDirection == .leftToRight)
    #expect(inside.effectiveUserInterfaceLayoutDirection == .leftToRight)
    #expect(playback.effectiveUserInterfaceLayoutDirection == .leftToRight)
    // A playback view's content is its own: its subviews follow the window.
    #expect(plain.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    inside.semanticContentAttribute = .forceRightToLeft
    #expect(inside.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    #expect(
      View.userInterfaceLayoutDirection(for: .spatial, relativeTo: .rightToLeft) == .leftToRight)
    #expect(
      View.userInterfaceLayoutDirection(for: .unspecified, relativeTo: .rightToLeft)
        == .rightToLeft)
    #expect(
      View.userInterfaceLayoutDirection(for: .forceRightToLeft, relativeTo: .leftToRight)
        == .rightToLeft)
  }

  @Test func forcedLeftToRightContentIsNotMirrored() {
    let a = View()
    var box: View!
    let (window, _) = show { root in
      box = View(frame: Rect(x: 0, y: 0, width: 200, height: 100))
      box.semanticContentAttribute = .forceLeftToRight
      root.addSubview(box)
      box.addSubview(self.pinned(a))
      LayoutConstraint.activate([
        a.leadingAnchor.constraint(equalTo: box.leadingAnchor, constant: 10),
        a.topAnchor.constraint(equalTo: box.topAnchor),
        a.widthAnchor.constraint(equalToConstant: 20),
        a.heightAnchor.constraint(equalToConstant: 20),
      ])
    }
    defer { withExtendedLifetime(window) {} }
    #expect(a.frame.minX == 10)
  }

  @Test func aForcedRightToLeftViewMirrorsInALeftToRightWindow() {
    let views = [
      View(frame: Rect(x: 0, y: 0, width: 40, height: 10)),
      View(frame: Rect(x: 0, y: 0, width: 60, height: 10)),
    ]
    let (window, _) = show(locale: "en") { root in
      for view in views {
        view.translatesAutoresizingMaskIntoConstraints = false
        view.widthAnchor.constraint(equalToConstant: view.frame.width).isActive = true
      }
      let stack = StackView(arrangedSubviews: views)
      stack.semanticContentAttribute = .forceRightToLeft
      stack.frame = Rect(x: 0, y: 0, width: 100, height: 10)
      root.addSubview(stack)
    }
    defer { withExtendedLifetime(window) {} }
    #expect(views.map(\.frame.minX) == [60, 0])
  }
}
