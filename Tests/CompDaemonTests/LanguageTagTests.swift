import Testing

@testable import CompdProtocol

/// What `environment.locale` accepts: RFC 5646's `langtag` and private-use tags.
struct LanguageTagTests {
  @Test func wellFormedLanguageTags() {
    for tag in [
      "en", "de-AT", "de_AT", "ar-EG", "zh-Hant-TW", "sr-Latn-RS", "es-419", "en-US-u-nu-latn",
      "x-private", "de-CH-1996",
    ] {
      #expect(LanguageTag.isWellFormed(tag), "\(tag)")
    }
    for tag in ["", "e", "englishlanguage", "de-", "-de", "de--AT", "de AT", "12", "en-u", "ä"] {
      #expect(!LanguageTag.isWellFormed(tag), "\(tag)")
    }
  }
}
