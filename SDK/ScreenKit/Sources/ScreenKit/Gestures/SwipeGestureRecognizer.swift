import Foundation

/// Recognizes a swipe, as `UISwipeGestureRecognizer`: a discrete gesture, recognized when
/// ``numberOfTouchesRequired`` fingers have moved mostly in one of the allowed
/// ``direction``s, far enough and fast enough.
///
/// UIKit describes the rule but not its figures ("a slow swipe requires high directional
/// precision but a small distance, a fast swipe low precision but a large distance").
/// ScreenKit's: the fingers' centroid must travel ``minimumDistance`` along an allowed
/// direction within ``maximumDuration`` of landing, straying from it by at most
/// `tan(maximumAngle)` of the distance travelled. Lifting before that, straying, or taking
/// longer fails it. The location is where the swipe began.
@MainActor
open class SwipeGestureRecognizer: GestureRecognizer {
  /// Directions of a swipe, as `UISwipeGestureRecognizer.Direction`.
  public struct Direction: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public let rawValue: UInt
    /// Directions from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Towards the right edge.
    public static let right = Direction(rawValue: 1 << 0)
    /// Towards the left edge.
    public static let left = Direction(rawValue: 1 << 1)
    /// Towards the top.
    public static let up = Direction(rawValue: 1 << 2)
    /// Towards the bottom.
    public static let down = Direction(rawValue: 1 << 3)
  }

  /// The allowed directions (`.right`).
  public var direction: Direction = .right
  /// Fingers that must swipe (1).
  public var numberOfTouchesRequired = 1

  /// Points the centroid must travel along the direction.
  public static let minimumDistance = 50.0
  /// Seconds from landing within which the distance must be covered.
  public static let maximumDuration = 0.5
  /// How far from the direction the movement may point, in degrees.
  public static let maximumAngle = 30.0

  private var start = Point.zero
  private var startTime = 0.0
  private var fingers = 0

  /// Where the swipe began (the centroid of its fingers as they landed).
  open override func location(in view: View?) -> Point {
    guard let view else { return start }
    return view.convert(start, from: nil)
  }

  open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
    super.touchesBegan(touches, with: event)
    if trackedTouches.count > numberOfTouchesRequired {
      state = .failed
      return
    }
    fingers = trackedTouches.count
    start = centroid
    startTime = event.timestamp
  }

  open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
    super.touchesMoved(touches, with: event)
    guard state == .possible, fingers == numberOfTouchesRequired else { return }
    if event.timestamp - startTime > Self.maximumDuration {
      state = .failed
      return
    }
    let current = centroid
    let dx = current.x - start.x
    let dy = current.y - start.y
    let candidates: [(Direction, along: Double, across: Double)] = [
      (.right, dx, abs(dy)), (.left, -dx, abs(dy)), (.down, dy, abs(dx)), (.up, -dy, abs(dx)),
    ]
    let slope = (Self.maximumAngle * .pi / 180).tangent
    for (candidate, along, across) in candidates where along >= Self.minimumDistance {
      if direction.contains(candidate) && across <= along * slope {
        state = .recognized
      } else {
        state = .failed
      }
      return
    }
  }

  open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
    super.touchesEnded(touches, with: event)
    if state == .possible { state = .failed }
  }

  private var centroid: Point { Self.windowCentroid(of: trackedTouches) ?? start }
}

extension Double {
  fileprivate var tangent: Double { Foundation.tan(self) }
}
