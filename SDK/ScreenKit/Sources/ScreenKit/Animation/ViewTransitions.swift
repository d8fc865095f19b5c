/// The container transitions noted for views entering or leaving the tree, for hosts that
/// send the changes to clients: a container notes each view it adds or removes in an
/// animated change, and the host takes the view's transition when it encodes the view's
/// `insert` or `remove`.
@MainActor
public enum ViewTransitions {
  private struct Noted {
    weak var view: View?
    let animation: ViewAnimation
  }
  private static var pending: [ObjectIdentifier: Noted] = [:]

  /// Notes that `view` enters (or leaves) the tree with `animation`.
  static func note(_ view: View, _ animation: ViewAnimation) {
    pending[ObjectIdentifier(view)] = Noted(view: view, animation: animation)
  }

  /// The transition `view` entered or left the tree with since the last call, if any; it is
  /// forgotten.
  public static func take(for view: View) -> ViewAnimation? {
    guard !pending.isEmpty,
      let noted = pending.removeValue(forKey: ObjectIdentifier(view)), noted.view === view
    else { return nil }
    return noted.animation
  }

  /// Forgets every noted transition (after a host published its changes).
  public static func clear() { pending.removeAll(keepingCapacity: true) }

  /// Runs a container change's motion: when `animated` (and animations are on), notes
  /// `transition` on the views `entering` and `leaving`, and a fade of the same duration on
  /// `fadingIn` and `fadingOut` (dimming views); gives `controllers` a running
  /// ``TransitionCoordinator``; and runs its completions and then `completion` on the host
  /// after the transition's duration. Otherwise it runs `completion` at once.
  static func run(
    _ transition: ContainerTransition, animated: Bool, entering: [View], leaving: [View],
    fadingIn: [View] = [], fadingOut: [View] = [], controllers: [ViewController],
    completion: (() -> Void)?
  ) {
    guard animated && View.areAnimationsEnabled else {
      completion?()
      return
    }
    let appearing = transition.animation()
    let disappearing = transition.animation(leaving: true)
    var fade = appearing
    fade.transition = ContainerTransition.fade.rawValue
    var fadeOut = disappearing
    fadeOut.transition = ContainerTransition.fade.rawValue
    for view in entering { note(view, appearing) }
    for view in leaving { note(view, disappearing) }
    for view in fadingIn { note(view, fade) }
    for view in fadingOut { note(view, fadeOut) }
    let timing = entering.isEmpty ? disappearing : appearing
    let coordinator = TransitionCoordinator(running: timing, duration: timing.duration)
    for controller in controllers { coordinator.coordinate(controller) }
    Task { @MainActor in
      try? await Task.sleep(for: .seconds(timing.duration))
      coordinator.finish()
      completion?()
    }
  }
}
