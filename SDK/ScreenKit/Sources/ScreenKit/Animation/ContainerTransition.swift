/// The motion of an animated container change — a push, a pop, a presentation, a
/// dismissal, an alert — which the views entering and leaving the tree carry to clients.
///
/// As with animation blocks, the model changes at once (the pushed view is in the tree,
/// the popped one is gone); the `insert` of each entering view and the `remove` of each
/// leaving one carry `animation` with `transition` set to the raw value, and a client runs
/// it: on an `insert` the view comes in, on a `remove` it goes out and is kept until its
/// exit ends (docs/protocol.md, "Motion"). Changes made with `animated: false`, or with
/// animations turned off (`View.setAnimationsEnabled(false)`), carry none.
///
/// Durations: UIKit publishes none for its container transitions except
/// `UINavigationController.hideShowBarDuration` (0.2 s, bars shown or hidden). A push or a
/// pop lasts 0.35 s as measured on devices (Stack Overflow question 7108771, "pushViewController
/// / popViewController animation duration", which react-native-router-flux cites for its
/// native-like timing in pull request 352); compd gives presentations and dismissals the
/// same 0.35 s. An alert fades in from a slightly larger scale over 0.3 s and fades out over
/// `hideShowBarDuration`'s 0.2 s. Curves are UIKit's default, ease-in-out.
public enum ContainerTransition: String, Sendable, Hashable, CaseIterable {
  /// A navigation push: the entering view slides in from the trailing edge over the one
  /// underneath, which moves a third of the width toward the leading edge (UIKit's
  /// parallax) as it leaves.
  case push
  /// A navigation pop: the leaving view slides out to the trailing edge, uncovering the
  /// entering one, which comes back from a third of the width toward the leading edge.
  case pop
  /// A presentation that covers vertically (`ModalTransitionStyle.coverVertical`, sheets,
  /// full-screen covers, action sheets): the presented view slides up from the bottom; a
  /// dimming view fades in; the covered view of a full-screen presentation stays still
  /// underneath until the motion ends.
  case present
  /// The dismissal of a presentation that covered vertically: the view slides down out of
  /// the window; a dimming view fades out; an uncovered view is there at once underneath.
  case dismiss
  /// A cross-dissolve (`ModalTransitionStyle.crossDissolve`, menus, dimming views): an
  /// entering view fades in, a leaving one fades out.
  case fade
  /// An alert: it fades in from a slightly larger scale (1.2) and fades out when it goes.
  case alert

  /// The push's and the pop's measured duration, used for presentations too.
  public static let standardDuration = 0.35
  /// An alert's fade in.
  public static let alertAppearDuration = 0.3
  /// An alert's fade out: `UINavigationController.hideShowBarDuration`.
  public static let alertDisappearDuration = 0.2

  /// Seconds the motion lasts, for the view entering (or, with `leaving`, leaving).
  public func duration(leaving: Bool = false) -> Double {
    switch self {
    case .alert: leaving ? Self.alertDisappearDuration : Self.alertAppearDuration
    default: Self.standardDuration
    }
  }

  /// The description the ops of the entering (or leaving) views carry.
  public func animation(leaving: Bool = false) -> ViewAnimation {
    ViewAnimation(duration: duration(leaving: leaving), curve: .easeInOut, transition: rawValue)
  }
}
