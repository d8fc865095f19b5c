import Foundation
import Testing

@testable import ScreenKit

/// The text ScreenKit draws on an alert's and a menu's card (an action sheet's title and
/// message, a menu's title, destructive actions) keeps WCAG 2.x AA's 4.5:1 on the card as
/// it is composited in both appearances: the page (systemBackground), the alert's dimming
/// (black at 20 %), the card (``AlertController/cardColor``, at 94 %). The ratio is WCAG's:
/// (L1 + 0.05) / (L2 + 0.05) of the relative luminances.
@MainActor
@Suite struct CardTextContrastTests {
  static let light = TraitCollection(userInterfaceStyle: .light)
  static let dark = TraitCollection(userInterfaceStyle: .dark)

  /// `top` over `bottom`, both resolved in `traits`; opaque.
  static func over(_ top: Color, _ bottom: Color, _ traits: TraitCollection) -> Color {
    let a = top.resolvedColor(with: traits)
    let b = bottom.resolvedColor(with: traits)
    func mix(_ x: Double, _ y: Double) -> Double { x * a.alpha + y * (1 - a.alpha) }
    return Color(red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue))
  }

  /// WCAG 2.x relative luminance of an opaque sRGB colour.
  static func luminance(_ color: Color) -> Double {
    func linear(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
    return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
  }

  static func ratio(_ text: Color, on background: Color, _ traits: TraitCollection) -> Double {
    let foreground = luminance(over(text, background, traits))
    let back = luminance(background)
    return (max(foreground, back) + 0.05) / (min(foreground, back) + 0.05)
  }

  /// The card as the eye sees it: page, dimming, card.
  static func card(_ traits: TraitCollection) -> Color {
    let page = Color.systemBackground.resolvedColor(with: traits)
    let dimmed = over(Color(white: 0, alpha: 0.2), page, traits)
    return over(AlertController.cardColor, dimmed, traits)
  }

  @Test func theCardsSecondaryTextAndDestructiveRedPassAA() {
    for traits in [Self.light, Self.dark] {
      let card = Self.card(traits)
      #expect(Self.ratio(AlertController.cardSecondaryTextColor, on: card, traits) >= 4.5)
      #expect(Self.ratio(AlertController.cardDestructiveColor, on: card, traits) >= 4.5)
    }
    // What they stand in for does not: the reason for them.
    #expect(Self.ratio(.secondaryLabel, on: Self.card(Self.light), Self.light) < 4.5)
    #expect(Self.ratio(.systemRed, on: Self.card(Self.light), Self.light) < 4.5)
  }

  @Test func anActionSheetAndAnAlertDrawInThem() throws {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let root = ViewController()
    window.rootViewController = root
    window.makeKeyAndVisible()
    let sheet = AlertController(title: "Share", message: "Send with", preferredStyle: .actionSheet)
    sheet.addAction(AlertAction(title: "Mail", style: .default))
    sheet.addAction(AlertAction(title: "Delete", style: .destructive))
    sheet.view.tintColor = Color(rgb: 0x0040DD)
    root.present(sheet, animated: false)
    let labels = sheet.view.subviews.flatMap(\.subviews).compactMap { $0 as? Label }
    let title = try #require(labels.first { $0.text == "Share" })
    let message = try #require(labels.first { $0.text == "Send with" })
    #expect(title.textColor == AlertController.cardSecondaryTextColor)
    #expect(message.textColor == AlertController.cardSecondaryTextColor)
    let buttons = sheet.view.subviews.flatMap(\.subviews).compactMap { $0 as? AlertActionButton }
    let delete = try #require(buttons.first { $0.currentTitle == "Delete" })
    #expect(delete.currentTitleColor == AlertController.cardDestructiveColor)
    // The other actions take the alert view's tint, as UIKit's do.
    let mail = try #require(buttons.first { $0.currentTitle == "Mail" })
    #expect(mail.currentTitleColor == Color(rgb: 0x0040DD))
  }
}
