/// The views whose client-visible state changed, for hosts that mirror view trees elsewhere
/// (compd sends each scene's changes to its clients).
///
/// ScreenKit's own setters call `View.setNeedsDisplay()` when something a client draws
/// changes: text, colours, control state, focus, hidden, frame, subviews. While
/// `isRecording` is on, those views collect here until the host drains them; a host then
/// re-reads only them instead of the whole tree. A view subclass with its own drawn state
/// calls `setNeedsDisplay()` when it changes, as in UIKit.
@MainActor
public enum DisplayJournal {
  /// Whether changes are recorded; off by default, when nothing is kept.
  public static var isRecording = false
  private static var views: [View] = []
  private static var recorded = Set<ObjectIdentifier>()

  /// Called when the empty journal records a view: a host learns that something changed,
  /// also when no input of its caused it (a timer, a gesture recognizer's wait, a task), and
  /// publishes it.
  public static var onFirstRecord: (@MainActor () -> Void)?

  /// Records `view` (once until the next drain).
  static func record(_ view: View) {
    if ViewAnimations.current != nil { ViewAnimations.note(view) }
    guard isRecording, recorded.insert(ObjectIdentifier(view)).inserted else { return }
    if views.isEmpty { onFirstRecord?() }
    views.append(view)
  }

  /// The views recorded since the last drain, in the order they first changed; the journal
  /// is empty afterwards. The journal keeps them alive until then.
  public static func drain() -> [View] {
    let drained = views
    views = []
    recorded.removeAll(keepingCapacity: true)
    return drained
  }
}
