import CompdProtocol
import Logging

/// Parsers for the value syntaxes shared by the config file and the command line.
package enum ConfigValues {
  /// An octal permission mode such as `0660` or `660`.
  static func mode(_ text: String) -> UInt32? {
    var digits = Substring(text)
    if digits.hasPrefix("0o") { digits = digits.dropFirst(2) }
    guard !digits.isEmpty, digits.count <= 4, let value = UInt32(digits, radix: 8),
      value & ~0o777 == 0
    else { return nil }
    return value
  }

  /// A non-negative count such as `1024`.
  package static func count(_ text: String) -> Int? {
    guard let value = Int(text), value >= 0 else { return nil }
    return value
  }

  /// A byte size: a plain number or one with a suffix `K`, `KiB`, `M`, `MiB`, `G`, `GiB`
  /// (all powers of 1024), e.g. `16MiB`.
  package static func byteSize(_ text: String) -> Int? {
    let units: [(String, Int)] = [
      ("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30), ("K", 1 << 10), ("M", 1 << 20),
      ("G", 1 << 30), ("B", 1),
    ]
    var number = Substring(text.trimmingSpaces)
    var scale = 1
    for (suffix, factor) in units where number.hasSuffix(suffix) {
      number = number.dropLast(suffix.count)
      scale = factor
      break
    }
    guard let value = Int(number.trimmingSpaces), value >= 0 else { return nil }
    let (product, overflow) = value.multipliedReportingOverflow(by: scale)
    return overflow ? nil : product
  }

  /// A log level name (`trace`, `debug`, `info`, `notice`, `warning`, `error`, `critical`).
  package static func logLevel(_ text: String) -> Logger.Level? {
    Logger.Level(rawValue: text.lowercased())
  }

  /// `true` or `false` (also `yes`/`no`, `on`/`off`, `1`/`0`).
  static func boolean(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "true", "yes", "on", "1": true
    case "false", "no", "off", "0": false
    default: nil
    }
  }

  /// A number of seconds, e.g. `10` or `2.5`.
  static func seconds(_ text: String) -> Double? {
    guard let value = Double(text), value >= 0, value.isFinite else { return nil }
    return value
  }
}

extension StringProtocol {
  /// The text without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" || last == "\r" {
      scalars.removeLast()
    }
    return String(scalars)
  }
}
