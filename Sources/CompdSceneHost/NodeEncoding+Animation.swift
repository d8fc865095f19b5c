import CompdProtocol
import JSONRPC
import ScreenKit

extension NodeEncoding {
  /// An animation block's timing as a `frame` or `update` op carries it (docs/protocol.md,
  /// "Motion"): `{duration, delay, curve}`, or `{duration, delay, spring: {damping,
  /// velocity}}`, or a scroll's `{duration, delay, decelerate: {rate, velocity: {x, y}}}`,
  /// with `transition` for `View.transition(with:…)`.
  static func animation(_ animation: ViewAnimation) -> JSON {
    var description: JSONObject = [
      "duration": .double(animation.duration), "delay": .double(animation.delay),
    ]
    if let deceleration = animation.deceleration {
      description["decelerate"] = decelerate(deceleration)
    } else if let spring = animation.spring {
      description["spring"] = [
        "damping": .double(spring.damping), "velocity": .double(spring.initialVelocity),
      ]
    } else {
      description["curve"] = .string(animation.curve.rawValue)
    }
    if let transition = animation.transition { description["transition"] = .string(transition) }
    return .object(description)
  }
}
