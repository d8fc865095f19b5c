/// The printf-style formats of `os_log`: placeholders with optional privacy
/// (`%{public}@`, `%{private}d`), flags, width, precision and length modifiers.
enum OSLogFormat {
  /// `format` with each placeholder replaced by the next of `arguments`, or by `<private>`.
  static func render(_ format: String, _ arguments: [any CVarArg]) -> String {
    var output = ""
    var next = 0
    var characters = format[...]
    while let percent = characters.firstIndex(of: "%") {
      output += characters[..<percent]
      characters = characters[characters.index(after: percent)...]
      if characters.first == "%" {
        output += "%"
        characters = characters.dropFirst()
        continue
      }
      var privacy: Substring = ""
      if characters.first == "{", let close = characters.firstIndex(of: "}") {
        privacy = characters[characters.index(after: characters.startIndex)..<close]
        characters = characters[characters.index(after: close)...]
      }
      // Flags, width, precision and length modifiers up to the conversion.
      var spec = ""
      while let character = characters.first, "-+ #0123456789.*lhqjztL".contains(character) {
        spec.append(character)
        characters = characters.dropFirst()
      }
      guard let conversion = characters.first else { break }
      characters = characters.dropFirst()
      let argument = next < arguments.count ? arguments[next] : nil
      next += 1
      let isDynamic = conversion == "@" || conversion == "s"
      let modifiers = privacy.split(separator: ",").map {
        $0.trimmingCharacters(in: " ")
      }
      let isPrivate =
        modifiers.contains("private") || modifiers.contains("sensitive")
        || (isDynamic && !modifiers.contains("public"))
      if isPrivate {
        output += "<private>"
      } else if let argument {
        output += describe(argument, conversion: conversion, spec: spec)
      } else {
        output += "<missing>"
      }
    }
    output += characters
    return output
  }

  private static func describe(_ argument: any CVarArg, conversion: Character, spec: String)
    -> String
  {
    let precision = spec.split(separator: ".").dropFirst().first.flatMap { Int($0) }
    switch conversion {
    case "x", "X":
      if let value = argument as? any BinaryInteger {
        let text = String(value, radix: 16, uppercase: conversion == "X")
        return text
      }
    case "f", "F", "e", "g":
      if let value = argument as? Double { return fixed(value, precision ?? 6) }
      if let value = argument as? Float { return fixed(Double(value), precision ?? 6) }
    case "c":
      if let value = argument as? any BinaryInteger, let scalar = Unicode.Scalar(UInt32(value)) {
        return String(Character(scalar))
      }
    default: break
    }
    return "\(argument)"
  }

  private static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    let whole = (rounded / scale).rounded(.down)
    var fraction = String(Int64(rounded - whole * scale))
    while fraction.count < digits { fraction = "0" + fraction }
    let sign = value < 0 && rounded != 0 ? "-" : ""
    return digits == 0 ? "\(sign)\(Int64(whole))" : "\(sign)\(Int64(whole)).\(fraction)"
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in set: String) -> Substring {
    var result = self
    while let first = result.first, set.contains(first) { result = result.dropFirst() }
    while let last = result.last, set.contains(last) { result = result.dropLast() }
    return result
  }
}
