/// What a scene host writes on its stdout and stderr so that the broker, which relays
/// both into its log (`HostOutputRelay`), can name the scene and component whose code wrote
/// each line.
///
/// The host passes on what code wrote to its stdout and stderr with the mark of that code
/// before it (`HostOutputCapture`, only where something was written); the broker reads each
/// stream in order, so every line up to the next mark is that scene's. A mark names the
/// scene by the id clients know it by, or by none while it is being opened (the broker hands
/// out the id when the open succeeds), and its component; a mark without them stands for
/// code of no known scene: loading plugins, or what runs between requests (a timer or a
/// dispatched block of any of the host's scenes).
package enum HostOutputMark {
  /// How every mark line starts: a control character no text output begins with.
  package static let prefix = "\u{1}compd-running"

  /// The mark line, newlines included: one before it too, which ends a line the code
  /// before left unfinished (the relay logs no empty lines).
  package static func line(scene: String?, component: String?) -> String {
    guard let component else { return "\n\(prefix)\n" }
    return "\n\(prefix) \(component) \(scene ?? "")\n"
  }

  /// The component and scene a line (without its newline) marks; `nil` when it is not a
  /// mark, `(nil, nil)` for code of no scene.
  package static func parse(_ line: String) -> (component: String?, scene: String?)? {
    parse(bytes: Array(line.utf8))
  }

  /// `prefix` as the bytes a line starts with.
  package static let prefixBytes = Array(prefix.utf8)

  /// The mark a line's bytes (without its newline) are, as `parse(_:)`; a line that is not
  /// one is told by its first byte, without decoding it (hosts write a mark around every
  /// request, so most lines the broker reads are marks or empty).
  package static func parse(bytes line: [UInt8]) -> (component: String?, scene: String?)? {
    guard line.starts(with: prefixBytes) else { return nil }
    let words = line[prefixBytes.count...].split(separator: UInt8(ascii: " ")).map {
      String(decoding: $0, as: UTF8.self)
    }
    return (words.first, words.count > 1 ? words[1] : nil)
  }
}
