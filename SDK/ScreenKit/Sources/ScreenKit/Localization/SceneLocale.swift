import Foundation

/// The locale of the scene whose code is running.
///
/// One compd scene host serves scenes in several languages at once, so the process's
/// `Locale.current` cannot be a scene's. The host runs each scene's work (opening,
/// restoring, input, resizing, layout) inside ``Window/performInLocale(_:)``, which binds
/// ``current`` to the window's ``Window/locale`` for that work and for the tasks it starts
/// (a task-local value). Lookups that take no locale (`NSLocalizedString`,
/// `String(localized:)`, ``LocalizedStrings``) use it; so should formatters made for a
/// scene: `formatter.locale = SceneLocale.current`, or `view.window?.locale` in code that
/// runs outside the scene's work (a detached task).
public enum SceneLocale {
  /// The running scene's locale; `en` outside any scene's work.
  @TaskLocal public static var current = Locale(identifier: "en")

  /// Whether `identifier` is a well-formed BCP 47 language tag (RFC 5646's
  /// `langtag` production: language, optional script, region and variants, extensions,
  /// private use; or a private-use tag): what `environment.locale` accepts. Underscores are
  /// taken as hyphens, as `Locale(identifier:)` takes them.
  public static func isWellFormed(_ identifier: String) -> Bool {
    let subtags = identifier.replacingOccurrences(of: "_", with: "-").split(
      separator: "-", omittingEmptySubsequences: false
    ).map { $0.lowercased() }
    guard !subtags.isEmpty,
      subtags.allSatisfy({ tag in tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
    else { return false }
    func alpha(_ tag: Substring.SubSequence, _ lengths: ClosedRange<Int>) -> Bool {
      lengths.contains(tag.count) && tag.allSatisfy(\.isLetter)
    }
    var index = 0
    // privateuse = "x" 1*("-" (1*8alphanum))
    if subtags[0] == "x" {
      return subtags.count > 1 && subtags.dropFirst().allSatisfy { (1...8).contains($0.count) }
    }
    // language = 2*3ALPHA ["-" extlang] / 4ALPHA / 5*8ALPHA
    guard alpha(Substring(subtags[0]), 2...8) else { return false }
    index = 1
    if subtags[0].count <= 3 {
      var extlangs = 0
      while index < subtags.count, extlangs < 3, alpha(Substring(subtags[index]), 3...3) {
        index += 1
        extlangs += 1
      }
    }
    if index < subtags.count, alpha(Substring(subtags[index]), 4...4) { index += 1 }  // script
    if index < subtags.count {  // region = 2ALPHA / 3DIGIT
      let tag = subtags[index]
      if alpha(Substring(tag), 2...2) || (tag.count == 3 && tag.allSatisfy(\.isNumber)) {
        index += 1
      }
    }
    // variant = 5*8alphanum / (DIGIT 3alphanum)
    while index < subtags.count {
      let tag = subtags[index]
      guard (5...8).contains(tag.count) || (tag.count == 4 && tag.first!.isNumber) else { break }
      index += 1
    }
    // extension = singleton 1*("-" (2*8alphanum)); privateuse last
    while index < subtags.count {
      let singleton = subtags[index]
      guard singleton.count == 1 else { return false }
      index += 1
      let lengths = singleton == "x" ? 1...8 : 2...8
      var members = 0
      while index < subtags.count, subtags[index].count > 1 || singleton == "x",
        lengths.contains(subtags[index].count)
      {
        index += 1
        members += 1
      }
      guard members > 0 else { return false }
      if singleton == "x" { return index == subtags.count }
    }
    return index == subtags.count
  }
}
