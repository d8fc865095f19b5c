import Testing

@testable import ScreenKit

/// Dynamic system colours resolve per style. Expected values: Apple's Human Interface
/// Guidelines, "Color" (the light and dark values of the iOS system colours).
@MainActor
@Suite struct ColorTests {
  static let light = TraitCollection(userInterfaceStyle: .light)
  static let dark = TraitCollection(userInterfaceStyle: .dark)
  static let unspecified = TraitCollection()

  @Test func systemColoursResolvePerStyle() {
    let expected: [(Color, String, String)] = [
      (.systemBackground, "#ffffffff", "#000000ff"),
      (.secondarySystemBackground, "#f2f2f7ff", "#1c1c1eff"),
      (.systemGroupedBackground, "#f2f2f7ff", "#000000ff"),
      (.label, "#000000ff", "#ffffffff"),
      (.secondaryLabel, "#3c3c4399", "#ebebf599"),
      (.tertiaryLabel, "#3c3c434d", "#ebebf54d"),
      (.placeholderText, "#3c3c434d", "#ebebf54d"),
      (.separator, "#3c3c434a", "#54545899"),
      (.systemBlue, "#007affff", "#0a84ffff"),
      (.systemRed, "#ff3b30ff", "#ff453aff"),
      (.systemGreen, "#34c759ff", "#30d158ff"),
      (.systemOrange, "#ff9500ff", "#ff9f0aff"),
      (.systemGray, "#8e8e93ff", "#8e8e93ff"),
    ]
    for (color, light, dark) in expected {
      #expect(color.isDynamic)
      #expect(color.resolvedColor(with: Self.light).description == light)
      #expect(color.resolvedColor(with: Self.unspecified).description == light)
      #expect(color.resolvedColor(with: Self.dark).description == dark)
      #expect(!color.resolvedColor(with: Self.dark).isDynamic)
    }
  }

  @Test func fixedColoursLookTheSameInBothStyles() {
    for color in [Color.white, .black, .gray, Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.5)] {
      #expect(!color.isDynamic)
      #expect(color.resolvedColor(with: Self.dark) == color)
      #expect(color.resolvedColor(with: Self.light) == color)
    }
  }

  @Test func alphaAppliesToBothAppearances() {
    let faded = Color.label.withAlphaComponent(0.5)
    #expect(faded.resolvedColor(with: Self.light).description == "#00000080")
    #expect(faded.resolvedColor(with: Self.dark).description == "#ffffff80")
  }

  @Test func aDynamicColourFromTwoAppearances() {
    let brand = Color(light: Color(rgb: 0x123456), dark: Color(rgb: 0xABCDEF, alpha: 0.5))
    #expect(brand.resolvedColor(with: Self.light).description == "#123456ff")
    #expect(brand.resolvedColor(with: Self.dark).description == "#abcdef80")
    #expect(brand != Color(rgb: 0x123456))
  }
}
