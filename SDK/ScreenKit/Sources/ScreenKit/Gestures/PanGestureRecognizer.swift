/// Recognizes dragging, as `UIPanGestureRecognizer`: a continuous gesture. UIKit's header:
/// it begins when at least ``minimumNumberOfTouches`` fingers have moved enough to be
/// considered a pan (``hysteresis`` points from where they landed), changes when a finger
/// moves while at least that many are down, and ends when all fingers have lifted (or fewer
/// than the minimum remain). Fingers beyond ``maximumNumberOfTouches`` are ignored.
///
/// ``translation(in:)`` is how far the fingers' centroid has moved since they landed (or
/// since ``setTranslation(_:in:)``), and stays continuous as fingers join or leave;
/// ``velocity(in:)`` is the centroid's speed over the last 100 ms of moves, in points per
/// second, by the touches' timestamps (the last two moves when they are further apart).
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
  /// Fingers needed to begin (1).
  public var minimumNumberOfTouches = 1
  /// Fingers the gesture follows at most (unlimited).
  public var maximumNumberOfTouches = Int.max

  /// How far the fingers must move before a pan begins, in points: UIKit does not publish
  /// its threshold; 10 points is the movement its tap and long-press recognizers tolerate,
  /// so a pan begins where they fail.
  public static let hysteresis = 10.0

  /// The centroid, in window coordinates, that the translation is measured from.
  private var origin = Point.zero
  /// The centroid of the fingers at the last event.
  private var centroid = Point.zero
  /// Recent centroids with their times, for the velocity.
  private var samples: [(time: Double, point: Point)] = []

  /// The translation in `view`'s coordinate space (frames carry no transforms, so it is
  /// the same vector in every view).
  public func translation(in view: View?) -> Point {
    Point(x: centroid.x - origin.x, y: centroid.y - origin.y)
  }

  /// Makes the current translation `translation`: later translations are measured from
  /// here (a drag handler often resets it to zero after applying it).
  public func setTranslation(_ translation: Point, in view: View?) {
    origin = Point(x: centroid.x - translation.x, y: centroid.y - translation.y)
  }

  /// The centroid's velocity in points per second.
  public func velocity(in view: View?) -> Point {
    guard let first = samples.first, let last = samples.last, last.time > first.time else {
      return .zero
    }
    let seconds = last.time - first.time
    return Point(
      x: (last.point.x - first.point.x) / seconds, y: (last.point.y - first.point.y) / seconds)
  }

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    super.touchesBegan(touches, with: event)
    for touch in touches where trackedTouches.count > maximumNumberOfTouches { ignore(touch) }
    followCentroid(at: event.timestamp, keepingTranslation: trackedTouches.count > touches.count)
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    super.touchesMoved(touches, with: event)
    let previous = centroid
    centroid = windowCentroid
    record(event.timestamp)
    switch state {
    case .possible:
      guard trackedTouches.count >= minimumNumberOfTouches else { return }
      if origin.distance(to: centroid) >= Self.hysteresis { state = .began }
    case .began, .changed:
      if previous != centroid { state = .changed }
    default:
      break
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    super.touchesEnded(touches, with: event)
    let remaining = trackedTouches.filter { !touches.contains($0) }
    switch state {
    case .possible:
      if remaining.isEmpty { state = .failed }
    case .began, .changed:
      if remaining.count < minimumNumberOfTouches {
        state = .ended
      } else {
        let before = centroid
        centroid = Self.windowCentroid(of: remaining) ?? .zero
        origin = Point(x: origin.x + centroid.x - before.x, y: origin.y + centroid.y - before.y)
      }
    default:
      break
    }
  }

  open override func reset() {
    super.reset()
    samples = []
    origin = .zero
    centroid = .zero
  }

  private var windowCentroid: Point { Self.windowCentroid(of: trackedTouches) ?? .zero }

  /// A finger joined: the centroid jumps, and the origin with it so the translation does
  /// not (the first finger starts the translation at zero).
  private func followCentroid(at time: Double, keepingTranslation: Bool) {
    let before = centroid
    centroid = windowCentroid
    if keepingTranslation {
      origin = Point(x: origin.x + centroid.x - before.x, y: origin.y + centroid.y - before.y)
      samples = []
    } else {
      origin = centroid
    }
    record(time)
  }

  private func record(_ time: Double) {
    samples.append((time, centroid))
    while samples.count > 2, time - samples[0].time > 0.1 { samples.removeFirst() }
  }
}
