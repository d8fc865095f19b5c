/// How a presented controller comes in and goes out, as `UIModalTransitionStyle`.
///
/// compd sends a vertical cover as the ``ContainerTransition/present`` and
/// ``ContainerTransition/dismiss`` transitions and a cross-dissolve as
/// ``ContainerTransition/fade``; its clients have no 3D flip or page curl, so those two
/// cross-dissolve as well.
public enum ModalTransitionStyle: Int, Sendable, Hashable, CaseIterable {
  /// The view slides up from the bottom, and back down on dismissal; the default.
  case coverVertical = 0
  /// A horizontal 3D flip (a cross-dissolve in compd's clients).
  case flipHorizontal = 1
  /// The old view fades out while the new one fades in; the reverse on dismissal.
  case crossDissolve = 2
  /// A page curl of a full-screen presentation (a cross-dissolve in compd's clients).
  case partialCurl = 3
}

extension ViewController {
  /// How the controller comes in when presented and goes out when dismissed;
  /// `.coverVertical` by default, as UIKit's. Alerts and menus have their own motion.
  public var modalTransitionStyle: ModalTransitionStyle {
    get { presentationState.transitionStyle }
    set { presentationState.transitionStyle = newValue }
  }
}
