import Testing

@testable import ScreenKit

/// The one predicate for "a subtree solved on its own" (`ConstraintScope`): what makes a
/// view the root of a constraint scope, and that the cached answer follows every change that
/// can alter it (constraints installed, removed or re-prioritised, views moved, labels that
/// start wrapping).
@MainActor
@Suite struct LayoutConstraintScopeTests {
  /// A card: a plain view holding a title pinned inside it by anchors and an inequality,
  /// in a plain superview.
  @MainActor private struct Card {
    let container = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    let card = View(frame: Rect(x: 10, y: 10, width: 200, height: 80))
    let title = Label()
    let constraints: [LayoutConstraint]

    init() {
      title.text = "Title"
      title.translatesAutoresizingMaskIntoConstraints = false
      container.addSubview(card)
      card.addSubview(title)
      constraints = [
        title.leadingAnchor.constraint(equalTo: card.leadingAnchor, constant: 8),
        title.topAnchor.constraint(equalTo: card.topAnchor, constant: 8),
        card.trailingAnchor.constraint(greaterThanOrEqualTo: title.trailingAnchor, constant: 8),
      ]
      LayoutConstraint.activate(constraints)
    }
  }

  @Test func aPlainViewWhoseConstraintsStayInsideIsAScope() {
    let card = Card()
    let scope = ConstraintScope.rooted(at: card.card)
    #expect(scope == ConstraintScope())
    #expect(scope?.answersMeasureByFitting == true)
    // Not a scope: a subclass, a view without subviews, a controller's view.
    #expect(ConstraintScope.rooted(at: card.title) == nil)
    let stack = StackView()
    stack.addArrangedSubview(View())
    #expect(ConstraintScope.rooted(at: stack) == nil)
    #expect(ConstraintScope.rooted(at: View()) == nil)
    let controller = ViewController()
    controller.view.addSubview(View())
    #expect(ConstraintScope.rooted(at: controller.view) == nil)
  }

  @Test func aConstraintFromOutsideEndsTheScopeUntilItGoes() {
    let card = Card()
    #expect(ConstraintScope.rooted(at: card.card) != nil)
    let outside = View()
    card.container.addSubview(outside)
    let reaching = outside.topAnchor.constraint(equalTo: card.title.bottomAnchor)
    reaching.isActive = true
    #expect(ConstraintScope.rooted(at: card.card) == nil)
    reaching.isActive = false
    #expect(ConstraintScope.rooted(at: card.card) != nil)
    // One relating the card itself from its container counts too.
    let pinned = card.card.widthAnchor.constraint(equalTo: card.container.widthAnchor)
    pinned.isActive = true
    #expect(ConstraintScope.rooted(at: card.card) == nil)
  }

  @Test func aConstraintLeftReachingOutOfTheSubtreeEndsTheScope() {
    // Constraints stay installed when a view moves: one installed inside the card that now
    // relates a view outside it reaches out.
    let card = Card()
    let badge = View()
    card.card.addSubview(badge)
    badge.leadingAnchor.constraint(equalTo: card.title.trailingAnchor).isActive = true
    #expect(ConstraintScope.rooted(at: card.card) != nil)
    card.container.addSubview(badge)
    #expect(ConstraintScope.rooted(at: card.card) == nil)
  }

  @Test func whatAFittingMeasureCannotKnowFollowsChanges() {
    let card = Card()
    #expect(ConstraintScope.rooted(at: card.card)?.answersMeasureByFitting == true)
    card.title.numberOfLines = 0
    #expect(ConstraintScope.rooted(at: card.card)?.holdsContentSizedViews == true)
    card.title.numberOfLines = 1
    #expect(ConstraintScope.rooted(at: card.card)?.answersMeasureByFitting == true)
    card.constraints[2].priority = .fittingSizeLevel
    #expect(ConstraintScope.rooted(at: card.card)?.hasFittingLevelConstraints == true)
    card.constraints[2].priority = .required
    #expect(ConstraintScope.rooted(at: card.card)?.answersMeasureByFitting == true)
    let guided = card.title.bottomAnchor.constraint(
      lessThanOrEqualTo: card.card.layoutMarginsGuide.bottomAnchor)
    guided.isActive = true
    #expect(ConstraintScope.rooted(at: card.card)?.relatesGuides == true)
    guided.isActive = false
    let scroll = ScrollView()
    card.card.addSubview(scroll)
    #expect(ConstraintScope.rooted(at: card.card)?.holdsContentSizedViews == true)
    scroll.removeFromSuperview()
    #expect(ConstraintScope.rooted(at: card.card)?.answersMeasureByFitting == true)
  }
}
