import Foundation

/// Formats a `printf`-style format in a locale, resolving `.stringsdict` plural variables
/// (`%#@name@`) to the text of their argument's plural category first.
enum LocalizedFormat {
  /// One conversion of a format: where it is, which argument it takes (0-based) and its
  /// text without the leading `%` and position (`d`, `.2f`, `lld`, `#@name@`).
  private struct Conversion {
    var range: Range<String.Index>
    var argument: Int?
    var body: String
  }

  /// `format` with `arguments` in `locale`; with `plural`, its variables are chosen first.
  static func string(
    _ format: String, plural: PluralFormat?, locale: Locale, arguments: [any CVarArg]
  ) -> String {
    guard let plural else {
      return String(format: format, locale: locale, arguments: arguments)
    }
    let language = locale.language.languageCode?.identifier ?? locale.identifier
    // Each conversion is formatted on its own with its argument, and each %#@name@ becomes
    // its category's text formatted with the variable's argument: a chosen text that takes
    // no argument (a "one" reading "a contact") then leaves the others in place, which a
    // single positional format could not (a skipped position has no known type).
    var result = ""
    var cursor = format.startIndex
    for conversion in conversions(in: format) {
      result += format[cursor..<conversion.range.lowerBound]
      cursor = conversion.range.upperBound
      guard let argument = conversion.argument else {
        result += "%"
        continue
      }
      guard argument < arguments.count else { continue }
      if conversion.body.hasPrefix("#@"), conversion.body.hasSuffix("@") {
        let name = String(conversion.body.dropFirst(2).dropLast())
        let forms = plural.variables[name] ?? [:]
        let number = numericValue(arguments[argument])
        var category = PluralCategory.category(for: number, language: language)
        // Apple's stringsdict documents `zero` as the text for 0 in every language.
        if number == 0, forms[.zero] != nil { category = .zero }
        let text = forms[category] ?? forms[.other] ?? ""
        result += String(
          format: positioned(text, argument: 0), locale: locale, arguments: [arguments[argument]])
      } else {
        result += String(
          format: "%" + conversion.body, locale: locale, arguments: [arguments[argument]])
      }
    }
    result += format[cursor...]
    return result
  }

  /// `text`'s conversions all taking argument `argument` (its `%%` kept).
  private static func positioned(_ text: String, argument: Int) -> String {
    var result = ""
    var cursor = text.startIndex
    for conversion in conversions(in: text) {
      result += text[cursor..<conversion.range.lowerBound]
      cursor = conversion.range.upperBound
      result += conversion.argument == nil ? "%%" : "%\(argument + 1)$" + conversion.body
    }
    result += text[cursor...]
    return result
  }

  /// The number an argument stands for, to choose its plural category (0 for non-numbers).
  static func numericValue(_ argument: any CVarArg) -> Double {
    switch argument {
    case let value as Int: Double(value)
    case let value as Int64: Double(value)
    case let value as Int32: Double(value)
    case let value as Int16: Double(value)
    case let value as Int8: Double(value)
    case let value as UInt: Double(value)
    case let value as UInt64: Double(value)
    case let value as UInt32: Double(value)
    case let value as UInt16: Double(value)
    case let value as UInt8: Double(value)
    case let value as Double: value
    case let value as Float: Double(value)
    case let value as NSNumber: value.doubleValue
    default: 0
    }
  }

  /// The conversions of `format` in order, with the argument each takes (nil for `%%`):
  /// sequential ones count up from the last, positional ones (`%2$d`) name theirs.
  private static func conversions(in format: String) -> [Conversion] {
    var result: [Conversion] = []
    var next = 0
    var index = format.startIndex
    while let percent = format[index...].firstIndex(of: "%") {
      var cursor = format.index(after: percent)
      guard cursor < format.endIndex else { break }
      if format[cursor] == "%" {
        let end = format.index(after: cursor)
        result.append(Conversion(range: percent..<end, argument: nil, body: "%"))
        index = end
        continue
      }
      // position: digits followed by "$"
      var position: Int?
      var digitsEnd = cursor
      while digitsEnd < format.endIndex, format[digitsEnd].isASCII, format[digitsEnd].isNumber {
        digitsEnd = format.index(after: digitsEnd)
      }
      if digitsEnd > cursor, digitsEnd < format.endIndex, format[digitsEnd] == "$" {
        position = Int(format[cursor..<digitsEnd]).map { $0 - 1 }
        cursor = format.index(after: digitsEnd)
      }
      let bodyStart = cursor
      if format[cursor...].hasPrefix("#@"),
        let close = format[format.index(cursor, offsetBy: 2)...].firstIndex(of: "@")
      {
        cursor = format.index(after: close)
      } else {
        // flags, width, precision, length, conversion character
        while cursor < format.endIndex, "-+ #0'".contains(format[cursor]) {
          cursor = format.index(after: cursor)
        }
        while cursor < format.endIndex, format[cursor].isASCII,
          format[cursor].isNumber || format[cursor] == "." || format[cursor] == "*"
        {
          cursor = format.index(after: cursor)
        }
        while cursor < format.endIndex, "hlqLzjt".contains(format[cursor]) {
          cursor = format.index(after: cursor)
        }
        guard cursor < format.endIndex else { break }
        cursor = format.index(after: cursor)
      }
      let argument = position ?? next
      next = argument + 1
      result.append(
        Conversion(
          range: percent..<cursor, argument: argument, body: String(format[bodyStart..<cursor])))
      index = cursor
    }
    return result
  }
}
