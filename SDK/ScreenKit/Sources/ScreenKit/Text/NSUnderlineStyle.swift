/// How text is underlined or struck through, as UIKit's `NSUnderlineStyle`: the value of
/// the `.underlineStyle` and `.strikethroughStyle` attributes (stored as its raw value, as
/// UIKit stores an `NSNumber`). The raw values are UIKit's.
public struct NSUnderlineStyle: OptionSet, Sendable, Hashable {
  /// The style's bits.
  public var rawValue: Int
  /// A style from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// A single thin line.
  public static let single = NSUnderlineStyle(rawValue: 0x01)
  /// A thick line.
  public static let thick = NSUnderlineStyle(rawValue: 0x02)
  /// Two lines.
  public static let double = NSUnderlineStyle(rawValue: 0x09)
  /// Dotted.
  public static let patternDot = NSUnderlineStyle(rawValue: 0x0100)
  /// Dashed.
  public static let patternDash = NSUnderlineStyle(rawValue: 0x0200)
  /// Dash and dot.
  public static let patternDashDot = NSUnderlineStyle(rawValue: 0x0300)
  /// Dash, dot, dot.
  public static let patternDashDotDot = NSUnderlineStyle(rawValue: 0x0400)
  /// Only under words, not the spaces between them.
  public static let byWord = NSUnderlineStyle(rawValue: 0x8000)
}

/// The paragraph attributes of attributed text (the `.paragraphStyle` attribute), as UIKit's
/// `NSParagraphStyle`; immutable, see ``NSMutableParagraphStyle``. A label draws its
/// attributed text with the alignment of the first paragraph style in it.
open class NSParagraphStyle {
  /// The horizontal alignment of the paragraph's lines.
  public internal(set) var alignment: TextAlignment = .natural
  /// How lines that do not fit are broken.
  public internal(set) var lineBreakMode: LineBreakMode = .byWordWrapping
  /// Extra space between lines, in points.
  public internal(set) var lineSpacing: Double = 0
  /// Extra space after the paragraph, in points.
  public internal(set) var paragraphSpacing: Double = 0

  /// The default paragraph style: natural alignment, word wrapping, no extra spacing.
  public init() {}

  /// A new default paragraph style, as `NSParagraphStyle.default`.
  public class var `default`: NSParagraphStyle { NSParagraphStyle() }
}

/// A paragraph style whose attributes can be set, as UIKit's `NSMutableParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle {
  /// The horizontal alignment of the paragraph's lines.
  public override var alignment: TextAlignment {
    get { super.alignment }
    set { super.alignment = newValue }
  }
  /// How lines that do not fit are broken.
  public override var lineBreakMode: LineBreakMode {
    get { super.lineBreakMode }
    set { super.lineBreakMode = newValue }
  }
  /// Extra space between lines, in points.
  public override var lineSpacing: Double {
    get { super.lineSpacing }
    set { super.lineSpacing = newValue }
  }
  /// Extra space after the paragraph, in points.
  public override var paragraphSpacing: Double {
    get { super.paragraphSpacing }
    set { super.paragraphSpacing = newValue }
  }

  /// A mutable paragraph style with the default attributes.
  public override init() { super.init() }
}
