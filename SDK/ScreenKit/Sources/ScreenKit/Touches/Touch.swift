/// One finger on the screen, as `UITouch`: where it is, where it was, its phase, and the view
/// it was hit-tested to when it began.
///
/// A touch object lives from its `began` to its `ended` or `cancelled`; each client event
/// about the same finger (the wire's `id`) updates it, so a responder may keep it between
/// calls and compare. Locations are kept in window coordinates and converted on request, so
/// they follow a view that moves while the finger is down.
@MainActor
public final class Touch: Hashable {
  /// Where a touch is in its life, as `UITouch.Phase`.
  public enum Phase: String, Sendable, Hashable, CaseIterable {
    /// The finger touched the screen.
    case began
    /// The finger moved.
    case moved
    /// The finger is down and did not move in this event.
    case stationary
    /// The finger left the screen.
    case ended
    /// The system stopped tracking the touch (a recognizer took it, the view went away).
    case cancelled
  }

  /// The kind of touch, as `UITouch.TouchType`; every client touch is direct.
  public enum TouchType: String, Sendable, Hashable {
    /// A finger on the screen (a mouse or a pen on a client are reported as fingers).
    case direct
  }

  /// The client's identifier of the finger.
  public let identifier: Int
  /// The phase.
  public internal(set) var phase: Phase
  /// How many taps at about this place in quick succession this touch is (1 for the first).
  public internal(set) var tapCount: Int
  /// When the touch last changed, in seconds of the client's monotonic clock.
  public internal(set) var timestamp: Double
  /// The kind of touch.
  public var type: TouchType { .direct }
  /// The view the touch was hit-tested to when it began; `nil` if it has left the window.
  public internal(set) weak var view: View?
  /// The window the touch is in.
  public internal(set) weak var window: Window?
  /// The gesture recognizers that receive this touch (those of its view and the view's
  /// ancestors, as it began), in delivery order.
  public internal(set) var gestureRecognizers: [GestureRecognizer] = []

  /// The location in window coordinates.
  var windowLocation: Point
  /// The location before the last move, in window coordinates.
  var previousWindowLocation: Point
  /// Where the touch began, in window coordinates.
  let initialWindowLocation: Point
  /// How the touch's phases reach its view.
  var viewDelivery = TouchViewDelivery.pending([])

  init(identifier: Int, at location: Point, timestamp: Double, tapCount: Int, window: Window) {
    self.identifier = identifier
    self.phase = .began
    self.tapCount = tapCount
    self.timestamp = timestamp
    self.windowLocation = location
    self.previousWindowLocation = location
    self.initialWindowLocation = location
    self.window = window
  }

  /// The location in `view`'s coordinates (the window's when `nil`).
  public func location(in view: View?) -> Point {
    guard let view else { return windowLocation }
    return view.convert(windowLocation, from: nil)
  }

  /// The location before the last move, in `view`'s coordinates (the window's when `nil`).
  public func previousLocation(in view: View?) -> Point {
    guard let view else { return previousWindowLocation }
    return view.convert(previousWindowLocation, from: nil)
  }

  /// How far a finger may move and still make a tap, in points (the `allowableMovement`
  /// default UIKit documents for a long press).
  public static let tapMovementTolerance = 10.0

  /// Whether the touch stayed within ``tapMovementTolerance`` of where it began: it may
  /// still be (or have been) a tap.
  var stayedWithinTapTolerance: Bool { distanceFromStart <= Self.tapMovementTolerance }

  /// Whether the touch stayed within ``tapMovementTolerance`` of where it began and is over
  /// `view`'s bounds.
  func isTap(on view: View) -> Bool {
    guard stayedWithinTapTolerance else { return false }
    let point = location(in: view)
    return point.x >= 0 && point.y >= 0 && point.x <= view.bounds.width
      && point.y <= view.bounds.height
  }

  /// How far the touch is from where it began, in points.
  var distanceFromStart: Double { initialWindowLocation.distance(to: windowLocation) }

  /// The touch's radius in points; clients report none, so a fingertip's.
  public var majorRadius: Double { 20 }

  /// Identity: a touch equals only itself.
  public nonisolated static func == (lhs: Touch, rhs: Touch) -> Bool { lhs === rhs }
  /// Hashes the identity.
  public nonisolated func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

}
