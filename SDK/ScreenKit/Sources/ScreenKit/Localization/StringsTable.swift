import Foundation
import Synchronization

/// The strings of one `.lproj` table in one language: a `<table>.strings` file's key-value
/// pairs and a `<table>.stringsdict` file's plural rules, parsed once per file.
struct StringsTable: Sendable {
  /// Translated strings by key (`.strings`).
  var strings: [String: String] = [:]
  /// Plural formats by key (`.stringsdict`).
  var plurals: [String: PluralFormat] = [:]

  var isEmpty: Bool { strings.isEmpty && plurals.isEmpty }

  /// The table `name` in `folder` (an `.lproj` directory, or a bundle's top directory for
  /// unlocalized tables); empty when neither file exists or parses. Parsed the first time
  /// and kept until a file's modification time changes.
  static func named(_ name: String, in folder: String) -> StringsTable {
    var table = StringsTable()
    if let strings = parsed(folder + "/" + name + ".strings", as: Self.strings(from:)) {
      table.strings = strings.strings
    }
    if let plurals = parsed(folder + "/" + name + ".stringsdict", as: Self.plurals(from:)) {
      table.plurals = plurals.plurals
    }
    return table
  }

  /// The key-value pairs of a `.strings` file: an old-style property list (a dictionary of
  /// strings, braces optional) in UTF-8, or UTF-16 with its byte order mark, as Foundation's
  /// `PropertyListSerialization` reads it on Linux too.
  static func strings(from data: Data) -> StringsTable? {
    guard
      let list = try? PropertyListSerialization.propertyList(from: data, format: nil)
        as? [String: Any]
    else { return nil }
    var table = StringsTable()
    for (key, value) in list {
      if let value = value as? String { table.strings[key] = value }
    }
    return table
  }

  /// The plural formats of a `.stringsdict` file (an XML property list): per key, the
  /// `NSStringLocalizedFormatKey` format and its `%#@variable@`s, each a dictionary with
  /// `NSStringFormatSpecTypeKey` `NSStringPluralRuleType` and a text per plural category.
  static func plurals(from data: Data) -> StringsTable? {
    guard
      let list = try? PropertyListSerialization.propertyList(from: data, format: nil)
        as? [String: Any]
    else { return nil }
    var table = StringsTable()
    for (key, value) in list {
      guard let entry = value as? [String: Any],
        let format = entry["NSStringLocalizedFormatKey"] as? String
      else { continue }
      var variables: [String: [PluralCategory: String]] = [:]
      for (name, rule) in entry where name != "NSStringLocalizedFormatKey" {
        guard let rule = rule as? [String: Any],
          rule["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType"
        else { continue }
        var forms: [PluralCategory: String] = [:]
        for category in PluralCategory.allCases {
          if let text = rule[category.rawValue] as? String { forms[category] = text }
        }
        variables[name] = forms
      }
      table.plurals[key] = PluralFormat(format: format, variables: variables)
    }
    return table
  }

  private static func parsed(_ path: String, as parse: (Data) -> StringsTable?) -> StringsTable? {
    let stamp = modificationTime(of: path)
    guard stamp >= 0 else { return nil }
    if let cached = cache.withLock({ $0[path] }), cached.stamp == stamp { return cached.table }
    let table = FileManager.default.contents(atPath: path).flatMap(parse)
    cache.withLock { $0[path] = (stamp, table) }
    return table
  }

  private static func modificationTime(of path: String) -> Int64 {
    var status = stat()
    guard stat(path, &status) == 0 else { return -1 }
    return Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
  }

  /// Parsed files by path, with the modification time they were parsed at.
  private static let cache = Mutex<[String: (stamp: Int64, table: StringsTable?)]>([:])
}

/// A `.stringsdict` entry: a format whose `%#@name@` variables each become the text of the
/// plural category its argument falls in.
public struct PluralFormat: Sendable, Equatable {
  /// The `NSStringLocalizedFormatKey` format.
  public var format: String
  /// Per variable name, its text per plural category.
  public var variables: [String: [PluralCategory: String]]

  /// A plural format of `format` with `variables`.
  public init(format: String, variables: [String: [PluralCategory: String]]) {
    self.format = format
    self.variables = variables
  }
}
