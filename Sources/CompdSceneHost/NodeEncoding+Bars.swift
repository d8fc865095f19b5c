import CompdProtocol
import JSONRPC
import ScreenKit

/// The wire props of bar items, alert actions, menu entries and presented views
/// (docs/protocol.md, "Bars" and "Presentation"); each is sent only where it differs from
/// the default.
extension NodeEncoding {
  /// `presentation` on a presented controller's view (`pageSheet`, `formSheet`,
  /// `overFullScreen`, `fullScreen`, `alert`, `actionSheet`, `menu`), `dimming` on the view
  /// laid over the presenter.
  static func addPresentation(of view: View, to props: inout JSONObject) {
    if let style = view.presentationStyleName { props["presentation"] = .string(style) }
    if view is PresentationDimmingView { props["dimming"] = true }
  }

  /// A bar item's button: `barItem` (where it is), `systemItem`, `symbol` (the SF Symbols
  /// name of a symbol image, for clients with their own glyphs; the image itself is the
  /// button's `image`), `style: "done"`,
  /// `menu`, and a tab's `badge` and `badgeColor`; an alert action's `style` and
  /// `preferred`; a menu entry's `style: "destructive"`.
  static func addBarButton(
    _ button: Button, wire: (Color) -> JSON, to props: inout JSONObject
  ) {
    switch button {
    case let item as BarItemButton:
      props["barItem"] = .string(item.placement.rawValue)
      if let system = item.systemItem { props["systemItem"] = .string(system.rawValue) }
      if let symbol = item.currentImage, symbol.isSymbolImage, let name = symbol.name {
        props["symbol"] = .string(name)
      }
      if item.style == .done { props["style"] = "done" }
      if item.showsMenu { props["menu"] = true }
      if let badge = item.badgeValue { props["badge"] = .string(badge) }
      if let color = item.badgeColor { props["badgeColor"] = wire(color) }
    case let action as AlertActionButton:
      props["style"] = .string(action.actionStyle.rawValue)
      if action.isPreferred { props["preferred"] = true }
    case let entry as MenuEntryButton:
      if entry.isDestructive { props["style"] = "destructive" }
    default:
      break
    }
  }

  /// A navigation bar's `largeTitle` (the title shows large below its row) and `prompt`.
  static func addNavigationBar(_ bar: NavigationBar, to props: inout JSONObject) {
    if bar.showsLargeTitle { props["largeTitle"] = true }
    if let prompt = bar.promptLabel.text, !bar.promptLabel.isHidden {
      props["prompt"] = .string(prompt)
    }
  }
}
