import Testing

@testable import ScreenKit

/// The system colours under `accessibilityContrast == .high`. Expected values: Apple's
/// Human Interface Guidelines, "Color", "Specifications", "System colors" (iOS, iPadOS;
/// the iOS 15 to 18 table), columns Increased contrast (light) and Increased contrast
/// (dark); the default columns are checked in ColorTests.
@MainActor
@Suite struct IncreasedContrastTests {
  static func traits(
    _ style: TraitCollection.UserInterfaceStyle, _ contrast: TraitCollection.AccessibilityContrast
  )
    -> TraitCollection
  {
    TraitCollection(userInterfaceStyle: style, accessibilityContrast: contrast)
  }

  /// (colour, default light, default dark, increased light, increased dark)
  static let table: [(String, Color, UInt32, UInt32, UInt32, UInt32)] = [
    ("systemRed", .systemRed, 0xFF3B30, 0xFF453A, 0xD70015, 0xFF6961),
    ("systemOrange", .systemOrange, 0xFF9500, 0xFF9F0A, 0xC93400, 0xFFB340),
    ("systemYellow", .systemYellow, 0xFFCC00, 0xFFD60A, 0xB25000, 0xFFD426),
    ("systemGreen", .systemGreen, 0x34C759, 0x30D158, 0x248A3D, 0x30DB5B),
    ("systemMint", .systemMint, 0x00C7BE, 0x63E6E2, 0x0C817B, 0x66D4CF),
    ("systemTeal", .systemTeal, 0x30B0C7, 0x40C8E0, 0x008299, 0x5DE6FF),
    ("systemCyan", .systemCyan, 0x32ADE6, 0x64D2FF, 0x0071A4, 0x70D7FF),
    ("systemBlue", .systemBlue, 0x007AFF, 0x0A84FF, 0x0040DD, 0x409CFF),
    ("systemIndigo", .systemIndigo, 0x5856D6, 0x5E5CE6, 0x3634A3, 0x7D7AFF),
    ("systemPurple", .systemPurple, 0xAF52DE, 0xBF5AF2, 0x8944AB, 0xDA8FFF),
    ("systemPink", .systemPink, 0xFF2D55, 0xFF375F, 0xD30F45, 0xFF6482),
    ("systemBrown", .systemBrown, 0xA2845E, 0xAC8E68, 0x7F6545, 0xB59469),
    ("systemGray", .systemGray, 0x8E8E93, 0x8E8E93, 0x6C6C70, 0xAEAEB2),
    ("systemGray2", .systemGray2, 0xAEAEB2, 0x636366, 0x8E8E93, 0x7C7C80),
    ("systemGray3", .systemGray3, 0xC7C7CC, 0x48484A, 0xAEAEB2, 0x545456),
    ("systemGray4", .systemGray4, 0xD1D1D6, 0x3A3A3C, 0xBCBCC0, 0x444446),
    ("systemGray5", .systemGray5, 0xE5E5EA, 0x2C2C2E, 0xD8D8DC, 0x363638),
    ("systemGray6", .systemGray6, 0xF2F2F7, 0x1C1C1E, 0xEBEBF0, 0x242426),
  ]

  @Test func systemColoursResolveToTheirIncreasedContrastVariants() {
    for (name, color, light, dark, highLight, highDark) in Self.table {
      #expect(color.hasIncreasedContrastVariant, "\(name)")
      let expected: [(TraitCollection, UInt32)] = [
        (Self.traits(.light, .normal), light), (Self.traits(.dark, .normal), dark),
        (Self.traits(.unspecified, .unspecified), light),
        (Self.traits(.light, .unspecified), light),
        (Self.traits(.light, .high), highLight), (Self.traits(.unspecified, .high), highLight),
        (Self.traits(.dark, .high), highDark),
      ]
      for (traits, value) in expected {
        #expect(
          color.resolvedColor(with: traits).description == Color(rgb: value).description,
          "\(name) in \(traits)")
      }
    }
  }

  @Test func colorsWithoutAVariantStayInHighContrast() {
    let high = Self.traits(.light, .high)
    let highDark = Self.traits(.dark, .high)
    #expect(!Color.label.hasIncreasedContrastVariant)
    #expect(Color.label.resolvedColor(with: high).description == "#000000ff")
    #expect(Color.label.resolvedColor(with: highDark).description == "#ffffffff")
    #expect(Color.secondaryLabel.resolvedColor(with: highDark).description == "#ebebf599")
    let fixed = Color(rgb: 0x123456)
    #expect(fixed.resolvedColor(with: high) == fixed)
    #expect(fixed.resolvedColor(with: highDark) == fixed)
  }

  @Test func increasedContrastColoursKeepTheirVariantsThroughAlpha() {
    let faded = Color.systemBlue.withAlphaComponent(0.5)
    #expect(faded.resolvedColor(with: Self.traits(.light, .high)).description == "#0040dd80")
    #expect(faded.resolvedColor(with: Self.traits(.dark, .high)).description == "#409cff80")
    #expect(faded.resolvedColor(with: Self.traits(.dark, .normal)).description == "#0a84ff80")
  }

  @Test func dynamicProviderIsAskedForEachContrast() {
    let color = Color { traits in
      switch (traits.userInterfaceStyle, traits.accessibilityContrast) {
      case (.dark, .high): .white
      case (.dark, _): .gray
      case (_, .high): .black
      default: .darkGray
      }
    }
    #expect(color.resolvedColor(with: Self.traits(.light, .normal)) == .darkGray)
    #expect(color.resolvedColor(with: Self.traits(.light, .high)) == .black)
    #expect(color.resolvedColor(with: Self.traits(.dark, .normal)) == .gray)
    #expect(color.resolvedColor(with: Self.traits(.dark, .high)) == .white)
  }

  @Test func aContrastChangeReachesControllersAsATraitChange() {
    final class Watcher: ViewController {
      var previous: [TraitCollection.AccessibilityContrast] = []
      override func traitCollectionDidChange(_ previousTraitCollection: TraitCollection?) {
        previous.append(previousTraitCollection?.accessibilityContrast ?? .unspecified)
      }
    }
    let watcher = Watcher()
    let window = Window(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    window.rootViewController = watcher
    window.makeKeyAndVisible()
    window.traitCollection = TraitCollection(
      userInterfaceStyle: .light, accessibilityContrast: .normal)
    window.traitCollection = TraitCollection(
      userInterfaceStyle: .light, accessibilityContrast: .high)
    #expect(watcher.traitCollection.accessibilityContrast == .high)
    #expect(watcher.previous.last == .normal)
    #expect(TraitCollection(accessibilityContrast: .high).description.hasSuffix(" contrast=high"))
  }
}
