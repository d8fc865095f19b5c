import Foundation
import Synchronization

/// Looks up a plugin's translated strings in the language of the running scene, as
/// `Bundle.localizedString(forKey:value:table:)` does in an app's bundle.
///
/// A plugin ships its strings as SwiftPM resources: `Resources/<language>.lproj/
/// <Table>.strings` (and `<Table>.stringsdict` for plurals), the table `Localizable` unless
/// another is named. They are found in the resource bundles next to the plugin's library
/// (as ``Image/init(named:in:compatibleWith:dsoHandle:)`` finds images) or in a given bundle.
///
/// A key is looked up in the locale's languages from the most specific to the least
/// (`de-AT` → `de_AT` → `de`; a script is kept before it is dropped: `zh-Hant-TW` →
/// `zh-Hant` → `zh`), then in the development region (`en`, or the bundle's
/// `CFBundleDevelopmentRegion`), `Base.lproj` and the bundle's unlocalized tables; a key
/// no table has gives `value` when it is not empty, else the key itself. In each language a
/// `.stringsdict` entry comes before a `.strings` one. Files are parsed once and kept until
/// they change.
public enum LocalizedStrings {
  /// The name of the table looked up when none is given.
  public static let defaultTable = "Localizable"

  /// The string for `key` in `locale` (the running scene's, ``SceneLocale/current``, when
  /// nil), from `table` of `bundle` (the caller's resources when nil or `Bundle.main`).
  ///
  /// A `.stringsdict` entry's result is its format (`NSStringLocalizedFormatKey`);
  /// ``format(_:locale:_:)`` or `String.localizedStringWithFormat(_:_:)` given it in the
  /// same locale choose its plural forms.
  public static func string(
    forKey key: String, value: String? = nil, table: String? = nil, bundle: Bundle? = nil,
    locale: Locale? = nil, dsoHandle: UnsafeRawPointer = #dsohandle
  ) -> String {
    let locale = locale ?? SceneLocale.current
    let directories = self.directories(bundle: bundle, dsoHandle: dsoHandle)
    let tableName = table.flatMap { $0.isEmpty ? nil : $0 } ?? defaultTable
    for folder in folders(in: directories, for: locale) {
      let found = StringsTable.named(tableName, in: folder)
      if let plural = found.plurals[key] {
        pluralFormats.withLock {
          $0[PluralKey(locale: locale.identifier, format: plural.format)] = plural
        }
        return plural.format
      }
      if let string = found.strings[key] { return string }
    }
    if let value, !value.isEmpty { return value }
    return key
  }

  /// `format` with `arguments` in `locale` (the scene's when nil): numbers as the locale
  /// writes them, and, when `format` is a `.stringsdict` format looked up in that locale,
  /// each `%#@variable@` replaced by the text of the plural category (CLDR's rules for the
  /// locale's language, ``PluralCategory``) its argument falls in.
  public static func format(
    _ format: String, locale: Locale? = nil, _ arguments: [any CVarArg]
  ) -> String {
    let locale = locale ?? SceneLocale.current
    let plural = pluralFormats.withLock {
      $0[PluralKey(locale: locale.identifier, format: format)]
    }
    return LocalizedFormat.string(format, plural: plural, locale: locale, arguments: arguments)
  }

  /// The language folders to search, in order: `<directory>/<language>.lproj` for each of
  /// `locale`'s languages, then the development region's, `Base.lproj`, the directory itself.
  static func folders(in directories: [String], for locale: Locale) -> [String] {
    var result: [String] = []
    for directory in directories {
      let available = localizations(in: directory)
      var languages = languageChain(for: locale.identifier)
      languages.append(developmentRegion(of: directory))
      languages.append("Base")
      for language in languages {
        // lproj names are matched without regard to case or separator, as CFBundle does.
        let wanted = language.lowercased().replacingOccurrences(of: "_", with: "-")
        guard let folder = available[wanted] else { continue }
        let path = directory + "/" + folder
        if !result.contains(path) { result.append(path) }
      }
      result.append(directory)
    }
    return result
  }

  /// The languages tried for `identifier`, most specific first: the tag with its subtags
  /// dropped from the end one at a time (`de-AT` → `de`, `zh-Hant-TW` → `zh-Hant` → `zh`),
  /// each also with underscores (`de_AT`), which `Locale` identifiers use.
  static func languageChain(for identifier: String) -> [String] {
    // Unicode extensions (-u-…) and private use (-x-…) do not name a language.
    var subtags = identifier.replacingOccurrences(of: "_", with: "-").split(separator: "-")
      .map(String.init)
    if let singleton = subtags.firstIndex(where: { $0.count == 1 }) {
      subtags = Array(subtags[..<singleton])
    }
    if let at = subtags.last?.firstIndex(of: "@") {  // ICU keywords: de_DE@calendar=…
      subtags[subtags.count - 1] = String(subtags[subtags.count - 1][..<at])
    }
    var result: [String] = []
    while !subtags.isEmpty {
      result.append(subtags.joined(separator: "-"))
      subtags.removeLast()
    }
    return result
  }

  /// The development region of a bundle directory: its `Info.plist`'s
  /// `CFBundleDevelopmentRegion`, else `en` (SwiftPM's `defaultLocalization` of compd's plugins).
  static func developmentRegion(of directory: String) -> String {
    guard let data = FileManager.default.contents(atPath: directory + "/Info.plist"),
      let list = try? PropertyListSerialization.propertyList(from: data, format: nil)
        as? [String: Any],
      let region = list["CFBundleDevelopmentRegion"] as? String, !region.isEmpty
    else { return "en" }
    return region
  }

  /// The `.lproj` folders of a bundle directory by lower-cased language (`de-at` → `de-AT.lproj`).
  static func localizations(in directory: String) -> [String: String] {
    if let cached = lprojFolders.withLock({ $0[directory] }), cached.stamp == stamp(of: directory) {
      return cached.folders
    }
    var folders: [String: String] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    where name.hasSuffix(".lproj") {
      let language = String(name.dropLast(6)).lowercased().replacingOccurrences(of: "_", with: "-")
      folders[language] = name
    }
    lprojFolders.withLock { $0[directory] = (stamp(of: directory), folders) }
    return folders
  }

  private static func directories(bundle: Bundle?, dsoHandle: UnsafeRawPointer) -> [String] {
    if let bundle, bundle !== Bundle.main {
      return [bundle.bundlePath] + (bundle.resourcePath.map { [$0] } ?? [])
    }
    // A plugin's Bundle.main is compd's: its strings are its library's resource bundles,
    // its own (`…_<library>.resources`) only when it has one, so that a key it lacks is not
    // answered by another plugin's translation.
    let all = ResourceBundles.directories(of: dsoHandle)
    guard let file = ResourceBundles.sharedObjectPath(of: dsoHandle) else { return all }
    var stem = (file as NSString).lastPathComponent
    if stem.hasPrefix("lib") { stem.removeFirst(3) }
    if let dot = stem.firstIndex(of: ".") { stem = String(stem[..<dot]) }
    let own = all.filter { $0.hasSuffix("_\(stem).resources") }
    return own.isEmpty ? all : own
  }

  private static func stamp(of path: String) -> Int64 {
    var status = stat()
    guard stat(path, &status) == 0 else { return -1 }
    return Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
  }

  private struct PluralKey: Hashable {
    var locale: String
    var format: String
  }

  /// The `.stringsdict` formats handed out, by locale and format text, so that formatting
  /// one of them later finds its plural variables (a Swift string cannot carry them along,
  /// as an `NSString` from Apple's Foundation does).
  private static let pluralFormats = Mutex<[PluralKey: PluralFormat]>([:])
  private static let lprojFolders = Mutex<[String: (stamp: Int64, folders: [String: String])]>([:])
}
