import Foundation

// Attributed text is Foundation's `NSAttributedString` (which swift-corelibs-foundation
// provides on Linux) with UIKit's attribute keys, which Foundation leaves to UIKit: the keys
// below have UIKit's raw values, and their values are ScreenKit's types (`Font`, `Color`,
// `NSParagraphStyle`, an `Int` or `NSUnderlineStyle` for the line styles, a `Double` for
// the kern).

extension NSAttributedString.Key {
  /// The font of the text (a ``Font``), as UIKit's `.font`.
  public static let font = NSAttributedString.Key("NSFont")
  /// The colour of the text (a ``Color``), as UIKit's `.foregroundColor`.
  public static let foregroundColor = NSAttributedString.Key("NSColor")
  /// The colour behind the text (a ``Color``), as UIKit's `.backgroundColor`.
  public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
  /// Extra space after each character in points (a `Double`), as UIKit's `.kern`.
  public static let kern = NSAttributedString.Key("NSKern")
  /// The underline (an `Int` raw value or an ``NSUnderlineStyle``), as UIKit's
  /// `.underlineStyle`.
  public static let underlineStyle = NSAttributedString.Key("NSUnderline")
  /// The strikethrough (an `Int` raw value or an ``NSUnderlineStyle``), as UIKit's
  /// `.strikethroughStyle`.
  public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
  /// The paragraph's alignment and breaking (an ``NSParagraphStyle``), as UIKit's
  /// `.paragraphStyle`.
  public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
}

extension Label {
  /// The styled text, as `UILabel.attributedText`: an `NSAttributedString` whose UIKit
  /// attributes (`.font`, `.foregroundColor`, `.backgroundColor`, `.kern`,
  /// `.underlineStyle`, `.strikethroughStyle`, `.paragraphStyle`'s alignment) style each
  /// range; what a range does not name is the label's ``font`` and ``textColor``. Setting
  /// it sets ``text`` to its string; setting `text` afterwards replaces it. Reading it while
  /// the label shows plain text gives that text with the label's font and colour, as UIKit.
  /// The label is measured run by run (``TextRunLayout``).
  public var attributedText: NSAttributedString? {
    get {
      if let source = attributedSource as? NSAttributedString { return source }
      guard let text else { return nil }
      return NSAttributedString(
        string: text, attributes: [.font: font, .foregroundColor: textColor])
    }
    set {
      guard let newValue else {
        attributedPieces = nil
        attributedSource = nil
        text = nil
        return
      }
      let copy = NSAttributedString(attributedString: newValue)
      let pieces = Self.pieces(of: copy)
      attributedSource = copy
      attributedPieces = pieces
      text = copy.string
    }
  }

  /// The string's ranges of equal attributes, read as ScreenKit's attribute values.
  static func pieces(of string: NSAttributedString) -> [AttributedPiece] {
    var pieces: [AttributedPiece] = []
    let whole = NSRange(location: 0, length: string.length)
    let utf16 = string.string.utf16
    string.enumerateAttributes(in: whole, options: []) { attributes, range, _ in
      let start = utf16.index(utf16.startIndex, offsetBy: range.location)
      let end = utf16.index(start, offsetBy: range.length)
      let text = String(utf16[start..<end]) ?? ""
      func lineStyle(_ key: NSAttributedString.Key) -> Int {
        switch attributes[key] {
        case let style as NSUnderlineStyle: style.rawValue
        case let value as Int: value
        case let number as NSNumber: number.intValue
        default: 0
        }
      }
      var kern = 0.0
      switch attributes[.kern] {
      case let value as Double: kern = value
      case let value as Int: kern = Double(value)
      case let number as NSNumber: kern = number.doubleValue
      default: break
      }
      pieces.append(
        AttributedPiece(
          text: text, font: attributes[.font] as? Font,
          textColor: attributes[.foregroundColor] as? Color,
          backgroundColor: attributes[.backgroundColor] as? Color, kern: kern,
          underlineStyle: lineStyle(.underlineStyle),
          strikethroughStyle: lineStyle(.strikethroughStyle),
          alignment: (attributes[.paragraphStyle] as? NSParagraphStyle)?.alignment))
    }
    return pieces
  }
}
