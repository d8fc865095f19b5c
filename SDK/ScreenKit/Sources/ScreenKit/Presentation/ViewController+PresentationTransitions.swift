extension ViewController {
  /// The transition a presentation of `kind` comes in with (or, `leaving`, goes out with):
  /// an alert its own fade and scale, a menu a fade, an action sheet a vertical cover, the
  /// other styles their ``modalTransitionStyle``.
  func presentationTransition(kind: PresentationKind, leaving: Bool) -> ContainerTransition {
    switch kind {
    case .alert: return .alert
    case .menu: return .fade
    case .actionSheet: return leaving ? .dismiss : .present
    case .fullScreen, .overFullScreen, .pageSheet, .formSheet:
      guard modalTransitionStyle == .coverVertical else { return .fade }
      return leaving ? .dismiss : .present
    }
  }

  /// Gives an animated presentation its motion and runs `completion` when it ends (at once
  /// when not animated): the presented view comes in, a dimming view fades in, the covered
  /// view of a full-screen presentation stays underneath until the end.
  func runPresentationTransition(
    of presented: ViewController, kind: PresentationKind, covered: View?, dimming: View?,
    animated: Bool, completion: (() -> Void)?
  ) {
    ViewTransitions.run(
      presented.presentationTransition(kind: kind, leaving: false), animated: animated,
      entering: presented.viewIfLoaded.map { [$0] } ?? [], leaving: covered.map { [$0] } ?? [],
      fadingIn: dimming.map { [$0] } ?? [], controllers: [self, presented],
      completion: completion)
  }

  /// Gives an animated dismissal its motion and runs `completion` when it ends (at once
  /// when not animated): the dismissed view goes out, a dimming view fades out, an
  /// uncovered view is back underneath at once.
  func runDismissalTransition(
    of dismissed: ViewController, kind: PresentationKind?, uncovered: View?, dimming: View?,
    animated: Bool, completion: (() -> Void)?
  ) {
    guard let kind, let dismissedView = dismissed.viewIfLoaded else {
      completion?()
      return
    }
    ViewTransitions.run(
      dismissed.presentationTransition(kind: kind, leaving: true), animated: animated,
      entering: [], leaving: [dismissedView], fadingOut: dimming.map { [$0] } ?? [],
      controllers: [self, dismissed], completion: completion)
    if let uncovered, animated, View.areAnimationsEnabled {
      // Underneath from the start: it carries the dismissal so that clients keep it under
      // the view going out.
      ViewTransitions.note(
        uncovered, dismissed.presentationTransition(kind: kind, leaving: true).animation())
    }
  }
}
