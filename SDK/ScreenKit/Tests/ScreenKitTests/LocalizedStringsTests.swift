import Foundation
import Testing

@testable import ScreenKit

/// Strings per scene locale: the lookup's fallback chain, plurals by CLDR's rules, the
/// scene's locale as the default (docs/plugins.md, "Languages").
@Suite("Localized strings") struct LocalizedStringsTests {
  /// A bundle directory with tables in several languages, written afresh for each test.
  final class Fixture {
    let directory: String
    var bundle: Bundle { Bundle(path: directory)! }

    init() throws {
      directory = NSTemporaryDirectory() + "/strings-\(UUID().uuidString)"
      try write(
        "en.lproj/Localizable.strings",
        #""Hello" = "Hello"; "Only English" = "English only"; "Bye" = "Bye";"#)
      try write(
        "de.lproj/Localizable.strings",
        "/* German */\n\"Hello\" = \"Hallo\";\n\"Bye\" = \"Tschüss\";\n\"Quoted \\\"x\\\"\" = \"Zitat\\n„x“\";"
      )
      try write("de-AT.lproj/Localizable.strings", #""Hello" = "Servus";"#)
      try write("Base.lproj/Localizable.strings", #""Base only" = "From Base";"#)
      try write("Other.strings", #""Unlocalized" = "Top level";"#)
      try write("de.lproj/Menu.strings", #""Open" = "Öffnen";"#)
      // UTF-16 with its byte order mark, as Xcode writes .strings files.
      var utf16 = Data([0xFF, 0xFE])
      utf16.append(#""Hello" = "مرحبا"; "Bye" = "مع السلامة";"#.data(using: .utf16LittleEndian)!)
      try FileManager.default.createDirectory(
        atPath: directory + "/ar.lproj", withIntermediateDirectories: true)
      try utf16.write(to: URL(fileURLWithPath: directory + "/ar.lproj/Localizable.strings"))
      for (language, forms) in [
        ("en", ["one": "%d contact", "other": "%d contacts"]),
        ("de", ["one": "%d Kontakt", "other": "%d Kontakte"]),
        (
          "ar",
          [
            "zero": "لا جهات اتصال", "one": "جهة اتصال واحدة", "two": "جهتا اتصال",
            "few": "%d جهات اتصال", "many": "%d جهة اتصال", "other": "%d جهة اتصال أخرى",
          ]
        ),
      ] {
        try write("\(language).lproj/Localizable.stringsdict", Self.stringsdict(forms))
      }
    }

    func write(_ path: String, _ text: String) throws {
      let full = directory + "/" + path
      try FileManager.default.createDirectory(
        atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    static func stringsdict(_ forms: [String: String]) -> String {
      let entries = forms.sorted { $0.key < $1.key }.map {
        "<key>\($0.key)</key><string>\($0.value)</string>"
      }.joined()
      return """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>%d contacts</key><dict>
        <key>NSStringLocalizedFormatKey</key><string>%#@contacts@</string>
        <key>contacts</key><dict>
        <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
        <key>NSStringFormatValueTypeKey</key><string>d</string>\(entries)</dict></dict></dict></plist>
        """
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func string(_ key: String, _ locale: String, value: String? = nil, table: String? = nil)
      -> String
    {
      LocalizedStrings.string(
        forKey: key, value: value, table: table, bundle: bundle,
        locale: Locale(identifier: locale))
    }
  }

  @Test func fallsBackFromRegionToLanguageToDevelopmentRegionToBase() throws {
    let fixture = try Fixture()
    #expect(fixture.string("Hello", "de-AT") == "Servus")
    #expect(fixture.string("Hello", "de_AT") == "Servus")
    #expect(fixture.string("Bye", "de-AT") == "Tschüss")  // not in de-AT: de
    #expect(fixture.string("Hello", "de-CH") == "Hallo")  // no de-CH.lproj: de
    #expect(fixture.string("Only English", "de-AT") == "English only")  // development region
    #expect(fixture.string("Base only", "de") == "From Base")
    #expect(fixture.string("Unlocalized", "de", table: "Other") == "Top level")
    #expect(fixture.string("Hello", "fr") == "Hello")  // no French at all: English
    #expect(fixture.string("Quoted \"x\"", "de") == "Zitat\n„x“")
  }

  @Test func missingKeysGiveTheValueOrTheKey() throws {
    let fixture = try Fixture()
    #expect(fixture.string("Nowhere", "de") == "Nowhere")
    #expect(fixture.string("Nowhere", "de", value: "Fallback") == "Fallback")
    #expect(fixture.string("Nowhere", "de", value: "") == "Nowhere")  // empty value: the key
    #expect(fixture.string("Hello", "de", value: "Fallback") == "Hallo")  // a value is no override
    #expect(fixture.string("Open", "de", table: "Menu") == "Öffnen")
    #expect(fixture.string("Open", "de") == "Open")  // another table
  }

  @Test func readsUTF16StringsFilesWithAByteOrderMark() throws {
    let fixture = try Fixture()
    #expect(fixture.string("Hello", "ar") == "مرحبا")
    #expect(fixture.string("Bye", "ar-EG") == "مع السلامة")
  }

  @Test @MainActor func lookupsWithoutALocaleUseTheRunningScenesLocale() throws {
    let fixture = try Fixture()
    let english = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let german = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    german.locale = Locale(identifier: "de")
    #expect(english.locale.identifier == "en")
    let bundle = fixture.bundle
    #expect(english.performInLocale { String(localized: "Hello", bundle: bundle) } == "Hello")
    #expect(german.performInLocale { String(localized: "Hello", bundle: bundle) } == "Hallo")
    #expect(
      german.performInLocale { NSLocalizedString("Bye", bundle: bundle, comment: "") } == "Tschüss")
    #expect(String(localized: "Hello", bundle: bundle) == "Hello")  // outside any scene: en
    // Nested scenes' work sees the innermost window's locale.
    let nested = german.performInLocale {
      english.performInLocale { String(localized: "Bye", bundle: bundle) }
    }
    #expect(nested == "Bye")
  }

  /// CLDR's examples (language_plural_rules.html): Arabic 0 zero, 1 one, 2 two, 3–10 few,
  /// 11–99 many, 100–102 other; English and German 1 one, else other.
  @Test func pluralCategoriesFollowCLDR() {
    let arabic: [(Double, PluralCategory)] = [
      (0, .zero), (1, .one), (2, .two), (3, .few), (10, .few), (11, .many), (99, .many),
      (100, .other), (101, .other), (102, .other), (103, .few), (111, .many), (1000, .other),
      (1.5, .other),
    ]
    for (number, category) in arabic {
      #expect(PluralCategory.category(for: number, language: "ar") == category, "ar \(number)")
    }
    for language in ["en", "de", "de-AT"] {
      #expect(PluralCategory.category(for: 1, language: language) == .one)
      for number in [0, 2, 3, 11, 100, 1.5] as [Double] {
        #expect(PluralCategory.category(for: number, language: language) == .other)
      }
    }
    #expect(PluralCategory.category(for: 21, language: "ru") == .one)
    #expect(PluralCategory.category(for: 22, language: "ru") == .few)
    #expect(PluralCategory.category(for: 11, language: "ru") == .many)
    #expect(PluralCategory.category(for: 0, language: "fr") == .one)
    #expect(PluralCategory.category(for: 5, language: "ja") == .other)
  }

  @Test func stringsdictPluralsPickTheFormOfTheCount() throws {
    let fixture = try Fixture()
    func contacts(_ count: Int, _ locale: String) -> String {
      let format = fixture.string("%d contacts", locale)
      return LocalizedStrings.format(format, locale: Locale(identifier: locale), [count])
    }
    #expect(contacts(1, "en") == "1 contact")
    #expect(contacts(0, "en") == "0 contacts")
    #expect(contacts(3, "en") == "3 contacts")
    #expect(contacts(1, "de") == "1 Kontakt")
    #expect(contacts(11, "de") == "11 Kontakte")
    #expect(contacts(0, "ar") == "لا جهات اتصال")
    #expect(contacts(1, "ar") == "جهة اتصال واحدة")
    #expect(contacts(2, "ar") == "جهتا اتصال")
    #expect(contacts(3, "ar") == "3 جهات اتصال")
    #expect(contacts(11, "ar") == "11 جهة اتصال")
    #expect(contacts(100, "ar") == "100 جهة اتصال أخرى")
    // ar-EG writes Arabic-Indic digits, as Foundation's ICU data has it.
    #expect(contacts(3, "ar-EG") == "٣ جهات اتصال")
  }

  @Test @MainActor func localizedStringWithFormatPicksThePluralInTheScenesLocale() throws {
    let fixture = try Fixture()
    let bundle = fixture.bundle
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    window.locale = Locale(identifier: "de")
    let text = window.performInLocale {
      String.localizedStringWithFormat(
        NSLocalizedString("%d contacts", bundle: bundle, comment: ""), 1)
    }
    #expect(text == "1 Kontakt")
    // A plain format is formatted in the scene's locale too (Foundation on Linux groups
    // integers by the locale but writes %f with a point: use a NumberFormatter for those).
    // (A format looked up, not a literal: Swift gives a literal to Foundation's overload.)
    let format = String(localized: "%d", bundle: bundle)
    let number = window.performInLocale { String.localizedStringWithFormat(format, 1234) }
    #expect(number == "1.234")
  }

  @Test func pluralTextsWithoutAConversionKeepTheOtherArgumentsInPlace() {
    let plural = PluralFormat(
      format: "%@: %#@items@ (%@)",
      variables: ["items": [.one: "one item", .other: "%lld items"]])
    let en = Locale(identifier: "en")
    #expect(
      LocalizedFormat.string(
        plural.format, plural: plural, locale: en, arguments: ["Cart", 1, "ok"])
        == "Cart: one item (ok)")
    #expect(
      LocalizedFormat.string(
        plural.format, plural: plural, locale: en, arguments: ["Cart", 1200, "ok"])
        == "Cart: 1,200 items (ok)")
  }

  @Test func languageChainDropsSubtagsFromTheEnd() {
    #expect(LocalizedStrings.languageChain(for: "de-AT") == ["de-AT", "de"])
    #expect(LocalizedStrings.languageChain(for: "zh_Hant_TW") == ["zh-Hant-TW", "zh-Hant", "zh"])
    #expect(LocalizedStrings.languageChain(for: "ar-EG-u-nu-latn") == ["ar-EG", "ar"])
  }

  /// Foundation's formatters on Linux: `ar` writes Latin digits (CLDR's default numbering
  /// system for `ar`), `ar-EG` Arabic-Indic ones; German groups with dots.
  @Test func numberFormattingFollowsTheLocale() {
    func decimal(_ number: Double, _ locale: String) -> String {
      let formatter = NumberFormatter()
      formatter.locale = Locale(identifier: locale)
      formatter.numberStyle = .decimal
      return formatter.string(from: NSNumber(value: number)) ?? ""
    }
    #expect(decimal(1234.5, "en") == "1,234.5")
    #expect(decimal(1234.5, "de") == "1.234,5")
    #expect(decimal(1234.5, "ar") == "1,234.5")
    #expect(decimal(1234.5, "ar-EG") == "١٬٢٣٤٫٥")
  }
}
