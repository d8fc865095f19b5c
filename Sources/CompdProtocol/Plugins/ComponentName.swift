/// The rule for component names on the wire and in manifests: namespaced, such as
/// `demo.Login` — at least two dot-separated parts, each a letter followed by letters,
/// digits, `_` or `-` (ASCII), at most 128 bytes in all.
///
/// The broker checks the names of declarative screens and vetted manifests with it; the
/// scene host's catalog (ScreenKit's `ComponentCatalog.isValidName`) applies the same rule
/// to the components plugins register, so a name the broker lists is one a host accepts.
package enum ComponentName {
  /// Whether `name` is a namespaced component name.
  package static func isValid(_ name: String) -> Bool {
    let parts = name.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count >= 2, name.utf8.count <= 128 else { return false }
    return parts.allSatisfy { part in
      guard let first = part.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic
      else { return false }
      return part.unicodeScalars.allSatisfy { scalar in
        scalar.isASCII
          && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
            || scalar == "-")
      }
    }
  }

  /// Why `name` is refused, as the catalog words it (`ComponentError.invalidName`).
  package static func invalidNameMessage(_ name: String) -> String {
    "\"\(name)\" is not a namespaced component name such as \"demo.Login\""
  }
}
