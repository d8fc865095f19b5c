import Foundation

/// BCP 47 language tags, as clients name a scene's locale (`environment.locale`).
package enum LanguageTag {
  /// Whether `identifier` is a well-formed BCP 47 language tag (RFC 5646's
  /// `langtag` production: language, optional script, region and variants, extensions,
  /// private use; or a private-use tag): what `environment.locale` accepts (`SceneEnvironment`). Underscores are
  /// taken as hyphens, as `Locale(identifier:)` takes them.
  package static func isWellFormed(_ identifier: String) -> Bool {
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
