import CompdProtocol
import JSONRPC
import ScreenKit

extension NodeEncoding {
  /// A fling's deceleration as an op's `animation.decelerate` carries it (docs/protocol.md,
  /// "Motion"): `{rate, velocity: {x, y}}`, the speed's factor per millisecond and the
  /// content's velocity in points per second.
  static func decelerate(_ deceleration: ViewAnimation.Deceleration) -> JSON {
    [
      "rate": .double(deceleration.rate),
      "velocity": [
        "x": .double(deceleration.velocity.x), "y": .double(deceleration.velocity.y),
      ],
    ]
  }
}
