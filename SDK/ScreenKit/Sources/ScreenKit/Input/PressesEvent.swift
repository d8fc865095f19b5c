/// The event that carries presses, as `UIPressesEvent`.
@MainActor
public final class PressesEvent {
  /// Every press of the event.
  public let allPresses: Set<Press>
  /// Whether the presses went up the whole responder chain without a responder taking
  /// them (each default `pressesBegan` passes them on; the window's passes them to nobody).
  var reachedEndOfChain = false

  init(presses: Set<Press>) { allPresses = presses }
}
