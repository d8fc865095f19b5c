/// Recognizes two fingers pinching, as `UIPinchGestureRecognizer`: a continuous gesture.
/// UIKit's header: it begins when two touches have moved enough to be considered a pinch,
/// changes when a finger moves while two are down, and ends when both have lifted.
///
/// ``scale`` is the fingers' distance relative to their distance when they landed (or when
/// ``scale`` was last set), ``velocity`` its change per second. A pinch begins once the
/// distance has changed by ``hysteresis`` points.
@MainActor
open class PinchGestureRecognizer: GestureRecognizer {
  /// Points the distance between the fingers must change by before the pinch begins.
  public static let hysteresis = 8.0

  /// The scale, relative to the fingers' distance as they landed. Setting it makes later
  /// scales relative to it (a handler that applies the scale often resets it to 1).
  public var scale: Double {
    get { baseDistance > 0 ? baseScale * distance / baseDistance : baseScale }
    set {
      baseScale = newValue
      baseDistance = distance
    }
  }
  /// The change of ``scale`` per second at the last move.
  public private(set) var velocity = 0.0

  private var baseScale = 1.0
  private var baseDistance = 0.0
  private var startDistance = 0.0
  private var distance = 0.0
  private var lastSample: (time: Double, scale: Double)?

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    super.touchesBegan(touches, with: event)
    for touch in touches where trackedTouches.count > 2 { ignore(touch) }
    guard trackedTouches.count == 2 else { return }
    distance = currentDistance
    startDistance = distance
    if state == .possible {
      baseScale = 1
      baseDistance = distance
    } else {
      let current = scale
      baseScale = current
      baseDistance = distance
    }
    lastSample = (event.timestamp, scale)
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    super.touchesMoved(touches, with: event)
    guard trackedTouches.count == 2 else { return }
    distance = currentDistance
    if let last = lastSample, event.timestamp > last.time {
      velocity = (scale - last.scale) / (event.timestamp - last.time)
    }
    lastSample = (event.timestamp, scale)
    switch state {
    case .possible:
      if abs(distance - startDistance) >= Self.hysteresis { state = .began }
    case .began, .changed:
      state = .changed
    default:
      break
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    super.touchesEnded(touches, with: event)
    let remaining = trackedTouches.filter { !touches.contains($0) }.count
    switch state {
    case .possible:
      if remaining == 0 { state = .failed }
    case .began, .changed:
      if remaining == 0 { state = .ended }
    default:
      break
    }
  }

  open override func reset() {
    super.reset()
    baseScale = 1
    baseDistance = 0
    distance = 0
    velocity = 0
    lastSample = nil
  }

  private var currentDistance: Double {
    trackedTouches[0].windowLocation.distance(to: trackedTouches[1].windowLocation)
  }
}
