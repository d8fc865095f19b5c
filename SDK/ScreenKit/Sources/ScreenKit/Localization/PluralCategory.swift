import Foundation

/// A CLDR plural category: which form of a counted phrase a number takes in a language
/// (`.stringsdict` files name them: `zero`, `one`, `two`, `few`, `many`, `other`).
///
/// The rules are CLDR's cardinal plural rules (Unicode CLDR, `common/supplemental/plurals.xml`,
/// charted at https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html),
/// written here for the languages listed in ``category(for:language:)``; other languages take
/// English's rule. Operands as CLDR defines them: `n` the absolute value, `i` its integer
/// digits, `v` the number of visible fraction digits.
public enum PluralCategory: String, Sendable, CaseIterable {
  case zero, one, two, few, many, other

  /// The category of `number` in `language` (a language code such as `ar`; a full tag's
  /// language is taken): Arabic has all six categories, German and English `one` and
  /// `other`, Japanese only `other`.
  public static func category(for number: Double, language: String) -> PluralCategory {
    let n = abs(number)
    // A count is integral when it has no visible fraction digits (v = 0).
    let v = n == n.rounded(.towardZero) ? 0 : 1
    let i = n < 1e18 ? Int(n.rounded(.towardZero)) : Int.max
    let code = String(
      language.lowercased().replacingOccurrences(of: "_", with: "-").split(separator: "-").first
        ?? "")
    let isInteger = v == 0
    switch code {
    case "ar":
      // zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10; many: n % 100 = 11..99
      guard isInteger else { return .other }
      if i == 0 { return .zero }
      if i == 1 { return .one }
      if i == 2 { return .two }
      if (3...10).contains(i % 100) { return .few }
      if (11...99).contains(i % 100) { return .many }
      return .other
    case "ja", "zh", "ko", "th", "vi", "id", "ms", "lo", "my":
      return .other
    case "fr", "pt":
      // one: i = 0,1 (pt: i = 0..1); many: e = 0 and i != 0 and i % 1000000 = 0 and v = 0
      if i == 0 || i == 1 { return .one }
      if isInteger, i != 0, i % 1_000_000 == 0 { return .many }
      return .other
    case "ru", "uk":
      // one: v = 0 and i % 10 = 1 and i % 100 != 11; few: v = 0 and i % 10 = 2..4 and
      // i % 100 != 12..14; many: v = 0 and (i % 10 = 0 or i % 10 = 5..9 or i % 100 = 11..14)
      guard isInteger else { return .other }
      if i % 10 == 1, i % 100 != 11 { return .one }
      if (2...4).contains(i % 10), !(12...14).contains(i % 100) { return .few }
      return .many
    case "pl":
      // one: i = 1 and v = 0; few: v = 0 and i % 10 = 2..4 and i % 100 != 12..14;
      // many: v = 0 and (i != 1 and i % 10 = 0..1 or i % 10 = 5..9 or i % 100 = 12..14)
      guard isInteger else { return .other }
      if i == 1 { return .one }
      if (2...4).contains(i % 10), !(12...14).contains(i % 100) { return .few }
      return .many
    case "he":
      // one: i = 1 and v = 0 or i = 0 and v != 0; two: i = 2 and v = 0
      if (i == 1 && isInteger) || (i == 0 && !isInteger) { return .one }
      if i == 2, isInteger { return .two }
      return .other
    default:
      // en, de, nl, sv, da, it, es …: one: i = 1 and v = 0 (es: n = 1)
      return i == 1 && isInteger ? .one : .other
    }
  }
}
