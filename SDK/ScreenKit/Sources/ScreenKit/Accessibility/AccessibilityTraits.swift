/// What an accessibility element is and how it behaves, as `UIAccessibilityTraits`: an
/// option set combined from UIKit's traits.
///
/// Each trait has a stable name (UIKit's constant without the prefix, `notEnabled`,
/// `staticText`) that the wire carries (docs/protocol.md, "Accessibility"); ``names`` and
/// ``init(names:)`` convert. `tabBar`, `toggleButton` and `supportsZoom` are UIKit's newer
/// traits; ScreenKit's switch reports `button` as UIKit's public traits do.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable, CustomStringConvertible {
  /// The bits.
  public let rawValue: UInt64
  /// Traits from their bits.
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// No trait (UIKit's `none`).
  public static let none: AccessibilityTraits = []
  /// Treat the element as a button.
  public static let button = AccessibilityTraits(rawValue: 1 << 0)
  /// Treat the element as a link.
  public static let link = AccessibilityTraits(rawValue: 1 << 1)
  /// A header that divides content into sections (a navigation bar's title).
  public static let header = AccessibilityTraits(rawValue: 1 << 2)
  /// Treat the element as a search field.
  public static let searchField = AccessibilityTraits(rawValue: 1 << 3)
  /// Treat the element as an image.
  public static let image = AccessibilityTraits(rawValue: 1 << 4)
  /// The element is selected (a selected segment, a selected row).
  public static let selected = AccessibilityTraits(rawValue: 1 << 5)
  /// The element plays its own sound when activated.
  public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
  /// The element acts as a keyboard key.
  public static let keyboardKey = AccessibilityTraits(rawValue: 1 << 7)
  /// Text that cannot change.
  public static let staticText = AccessibilityTraits(rawValue: 1 << 8)
  /// The element provides summary information when the app starts.
  public static let summaryElement = AccessibilityTraits(rawValue: 1 << 9)
  /// The element is not enabled and does not respond to the user.
  public static let notEnabled = AccessibilityTraits(rawValue: 1 << 10)
  /// The element updates its label or value frequently.
  public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 11)
  /// Activating the element starts a media session.
  public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 12)
  /// The element's value can be changed by increment and decrement (a slider).
  public static let adjustable = AccessibilityTraits(rawValue: 1 << 13)
  /// The element takes touches directly (a drawing surface).
  public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 14)
  /// The element turns the page when reading reaches its end.
  public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 15)
  /// The element is a tab bar.
  public static let tabBar = AccessibilityTraits(rawValue: 1 << 16)
  /// The element is a button that toggles a state.
  public static let toggleButton = AccessibilityTraits(rawValue: 1 << 17)
  /// The element can be zoomed.
  public static let supportsZoom = AccessibilityTraits(rawValue: 1 << 18)

  /// Every trait with its wire name, in the order names are written.
  public static let named: [(trait: AccessibilityTraits, name: String)] = [
    (.button, "button"), (.link, "link"), (.header, "header"), (.searchField, "searchField"),
    (.image, "image"), (.selected, "selected"), (.playsSound, "playsSound"),
    (.keyboardKey, "keyboardKey"), (.staticText, "staticText"),
    (.summaryElement, "summaryElement"), (.notEnabled, "notEnabled"),
    (.updatesFrequently, "updatesFrequently"), (.startsMediaSession, "startsMediaSession"),
    (.adjustable, "adjustable"), (.allowsDirectInteraction, "allowsDirectInteraction"),
    (.causesPageTurn, "causesPageTurn"), (.tabBar, "tabBar"), (.toggleButton, "toggleButton"),
    (.supportsZoom, "supportsZoom"),
  ]

  /// The wire names of the traits set, in ``named`` order.
  public var names: [String] {
    Self.named.compactMap { contains($0.trait) ? $0.name : nil }
  }

  /// The traits named; `nil` when a name is not a trait's.
  public init?(names: [String]) {
    var traits: AccessibilityTraits = []
    for name in names {
      guard let entry = Self.named.first(where: { $0.name == name }) else { return nil }
      traits.insert(entry.trait)
    }
    self = traits
  }

  /// The names joined by commas, `none` for none.
  public var description: String { isEmpty ? "none" : names.joined(separator: ",") }
}
