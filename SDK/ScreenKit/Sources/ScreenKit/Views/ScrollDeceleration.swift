import Foundation

/// The path of a fling coming to rest: its start and end offsets, the velocity along each
/// axis, the decay rate and the duration, worked out as UIKit's scroll view decelerates.
///
/// The content's speed is multiplied by `rate` each millisecond, so after `n` ms it has
/// travelled `v · rate · (1 − rateⁿ) / (1 − rate)` (speed `v` in points per millisecond),
/// and in all `v · rate / (1 − rate)`: the projection Apple gives in WWDC 2018's
/// "Designing Fluid Interfaces" (`(initialVelocity / 1000) · decelerationRate /
/// (1 − decelerationRate)` with the velocity in points per second; reproduced, e.g., in
/// rizadh/Puzzil's `CGPoint+Projection.swift`).
///
/// The duration is how long until the speed falls below half a point per 60 Hz frame
/// (0.03 points per millisecond): `ln(0.03 / |v|) / ln(rate)` ms; or, when the content
/// reaches the edge of the scrollable range first, the time it takes to get there,
/// `ln(1 − d · (1 − rate) / (v · rate)) / ln(rate)` ms for the distance `d` to it. When the
/// target is not where the fling would stop (paging, or a delegate moved it), the velocity
/// is the one whose projection is the target, `d · (1 − rate) / rate`, and the duration
/// follows from it. The longest axis gives the duration; at least one frame.
struct ScrollDeceleration: Equatable {
  /// The speed below which the content is at rest, in points per millisecond: half a
  /// point per frame at 60 Hz.
  static let restingSpeed = 0.5 * 60 / 1000
  /// The shortest deceleration, in seconds: one frame at 60 Hz.
  static let shortestDuration = 1.0 / 60

  /// Where the content was when the finger lifted.
  var from: Point
  /// Where it comes to rest.
  var to: Point
  /// The velocity along each axis the client's decay starts with, in points per second.
  var velocity: Point
  /// The factor per millisecond.
  var rate: Double
  /// Seconds until the content is at rest.
  var duration: Double
  /// When it began, in seconds of the host's uptime.
  var startTime: Double

  /// Where the content stops when it leaves `offset` at `velocity` (points per second)
  /// decaying by `rate` per millisecond, without limits.
  static func projection(of offset: Point, velocity: Point, rate: Double) -> Point {
    Point(
      x: offset.x + velocity.x / 1000 * rate / (1 - rate),
      y: offset.y + velocity.y / 1000 * rate / (1 - rate))
  }

  /// The deceleration from `from` to `target` for a fling at `velocity` (points per
  /// second) whose unlimited projection is `projection` and `clampedProjection` within the
  /// scrollable range.
  init(
    from: Point, to target: Point, velocity: Point, projection: Point,
    clampedProjection: Point, rate: Double
  ) {
    self.from = from
    self.to = target
    self.rate = rate
    self.startTime = ProcessInfo.processInfo.systemUptime
    let x = Self.axis(
      from: from.x, to: target.x, velocity: velocity.x, projection: projection.x,
      clamped: clampedProjection.x, rate: rate)
    let y = Self.axis(
      from: from.y, to: target.y, velocity: velocity.y, projection: projection.y,
      clamped: clampedProjection.y, rate: rate)
    self.velocity = Point(x: x.velocity, y: y.velocity)
    self.duration = max(Self.shortestDuration, max(x.milliseconds, y.milliseconds) / 1000)
  }

  /// One axis: the velocity the decay starts with (points per second) and how long it
  /// runs (ms).
  private static func axis(
    from: Double, to target: Double, velocity: Double, projection: Double, clamped: Double,
    rate: Double
  ) -> (velocity: Double, milliseconds: Double) {
    let distance = target - from
    guard abs(distance) > 1e-9 else { return (0, 0) }
    let logRate = log(rate)
    let perMillisecond = velocity / 1000
    let projected = projection - from
    if abs(projected - distance) <= 1e-6 {
      // The fling stops where it would on its own.
      return (velocity, restingTime(perMillisecond, logRate: logRate))
    }
    if abs(target - clamped) <= 1e-6, perMillisecond != 0 {
      // Stopped short by the edge of the content: until it gets there.
      let reached = log(1 - distance * (1 - rate) / (perMillisecond * rate)) / logRate
      return (velocity, min(reached, restingTime(perMillisecond, logRate: logRate)))
    }
    // A target of its own (a page, the delegate's): the fling that stops there.
    let needed = distance * (1 - rate) / rate
    return (needed * 1000, restingTime(needed, logRate: logRate))
  }

  /// Milliseconds until a speed of `speed` points per millisecond falls below the resting
  /// speed.
  private static func restingTime(_ speed: Double, logRate: Double) -> Double {
    guard abs(speed) > restingSpeed else { return 0 }
    return log(restingSpeed / abs(speed)) / logRate
  }

  /// Where a client running the deceleration shows the content `elapsed` seconds in:
  /// `from + (to − from) · (1 − rate^t) / (1 − rate^D)` with `t` and `D` in milliseconds.
  func offset(after elapsed: Double) -> Point {
    guard elapsed < duration else { return to }
    let fraction = (1 - pow(rate, max(0, elapsed) * 1000)) / (1 - pow(rate, duration * 1000))
    return Point(x: from.x + (to.x - from.x) * fraction, y: from.y + (to.y - from.y) * fraction)
  }

  /// The animation a client runs for it.
  var animation: ViewAnimation {
    var animation = ViewAnimation(duration: duration, curve: .easeOut)
    animation.deceleration = ViewAnimation.Deceleration(rate: rate, velocity: velocity)
    return animation
  }
}
