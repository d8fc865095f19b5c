import Foundation

extension Window {
  /// One phase of a finger's touch, as a touch screen reports it: `id` tells fingers apart,
  /// `location` is in window coordinates, `timestamp` in seconds of the client's monotonic
  /// clock (the host's uptime when `nil`). A `began` is hit-tested; the touched view's
  /// gesture recognizers and those of its ancestors get each phase first, then the view
  /// (`touchesBegan(_:with:)` and the others, passed up the responder chain by views that
  /// do not handle them). Several fingers may be down at once.
  ///
  /// Returns whether something takes the touch (a recognizer, a control or a tappable view
  /// at or above the touched view). Throws `invalidValue` for a `began` of a finger already
  /// down, another phase of a finger that is not, or a location or time that is not finite;
  /// `notInteractive` while the window is hidden.
  @discardableResult
  public func touch(
    _ phase: Touch.Phase, id: Int, at location: Point, timestamp: Double? = nil
  ) throws(InputError) -> Bool {
    guard !isHidden else {
      throw .notInteractive(view: inputName, reason: "the window is hidden")
    }
    Window.active = self  // its scene's code runs now (Screen.main)
    defer { afterInput() }
    return try gestureArena.receive(
      phase, id: id, at: location,
      timestamp: timestamp ?? ProcessInfo.processInfo.systemUptime)
  }

  /// The fingers that are down, by the client's ids.
  public var touchesInFlight: [Touch] {
    gestureArena.touches.values.sorted { $0.identifier < $1.identifier }
  }
}
