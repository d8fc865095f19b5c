import JSONRPC

extension JSON {
  /// A number as the wire prefers it: an integer when it is integral (`90`, not `90.0`).
  package static func number(_ value: Double) -> JSON {
    if value.rounded() == value, abs(value) < 9_007_199_254_740_992 { return .int(Int64(value)) }
    return .double(value)
  }
}
