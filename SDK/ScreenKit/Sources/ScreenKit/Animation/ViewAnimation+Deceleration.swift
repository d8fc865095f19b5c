import Foundation

extension ViewAnimation {
  /// How a scroll view's content comes to rest after a fling, as the wire's
  /// `animation.decelerate` describes it: the content leaves at ``velocity`` and its speed
  /// is multiplied by ``rate`` every millisecond, as `UIScrollView`'s deceleration.
  ///
  /// A client runs it from the offset it shows, `from`, to the op's offset, `to`, over the
  /// animation's `duration` `D` (milliseconds `Dms`): at `t` ms the offset is
  /// `from + (to − from) · (1 − rate^t) / (1 − rate^Dms)` on each axis, the decay of the
  /// fling's speed scaled so that it ends exactly at `to`.
  public struct Deceleration: Sendable, Hashable {
    /// The factor the speed is multiplied by each millisecond
    /// (``ScrollView/DecelerationRate-swift.struct``).
    public var rate: Double
    /// The content's velocity when the finger lifted, in points per second (positive when
    /// the offset grows).
    public var velocity: Point

    /// A deceleration at `rate` from `velocity`.
    public init(rate: Double, velocity: Point) {
      self.rate = rate
      self.velocity = velocity
    }
  }
}
