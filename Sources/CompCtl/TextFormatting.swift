import JSONRPC

/// `value` as the wire prefers it: an integer when it is integral (`390`, not `390.0`).
func wireNumber(_ value: Double) -> JSON {
  if value.rounded() == value, abs(value) < 9_007_199_254_740_992 { return .int(Int64(value)) }
  return .double(value)
}

/// `value` for people: no fraction when integral, else at most two decimals (`16.5`).
func formatNumber(_ value: Double) -> String {
  guard value.isFinite else { return "\(value)" }
  let rounded = (value * 100).rounded() / 100
  if rounded.rounded() == rounded, abs(rounded) < 1e15 { return String(Int64(rounded)) }
  return "\(rounded)"
}

/// `text` cut to at most `width` characters, ending in `…` when cut.
func truncate(_ text: String, to width: Int) -> String {
  guard width > 0 else { return "" }
  guard text.count > width else { return text }
  return String(text.prefix(width - 1)) + "…"
}

/// A revision for people: `r5` for the integer 5.
func revisionLabel(_ value: JSON?) -> String {
  guard let value else { return "r?" }
  if let number = value.intValue { return "r\(number)" }
  return value.stringValue ?? value.serialized()
}
