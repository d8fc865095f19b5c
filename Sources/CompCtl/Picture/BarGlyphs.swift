/// The glyphs compctl draws for the SF Symbols names bar items and tabs use
/// (docs/protocol.md, "Bars"): stand-ins, since the symbols are Apple's; the web client
/// uses the same ones (`web/js/paint-bars.js`).
enum BarGlyphs {
  static let symbols: [String: String] = [
    "plus": "+", "square.and.pencil": "\u{270E}", "arrowshape.turn.up.left": "\u{21A9}",
    "square.and.arrow.up": "\u{2B06}", "folder": "\u{25A4}", "book": "\u{25A5}",
    "book.fill": "\u{25A5}", "magnifyingglass": "\u{2315}", "arrow.clockwise": "\u{21BB}",
    "xmark": "\u{2715}", "xmark.circle.fill": "\u{24E7}", "camera": "\u{25C9}",
    "trash": "\u{25BD}", "play.fill": "\u{25B6}", "pause.fill": "\u{2016}",
    "backward.fill": "\u{23EA}", "forward.fill": "\u{23E9}", "arrow.uturn.backward": "\u{21B6}",
    "arrow.uturn.forward": "\u{21B7}", "ellipsis": "\u{22EF}", "star.fill": "\u{2605}",
    "star": "\u{2606}", "clock.fill": "\u{25F7}", "person.crop.circle.fill": "\u{25CD}",
    "arrow.down.circle.fill": "\u{2B07}", "list.number": "\u{2630}", "gear": "\u{2699}",
    "tray": "\u{25AD}", "person.fill": "\u{25CD}", "house": "\u{2302}", "house.fill": "\u{2302}",
    "heart": "\u{2661}", "heart.fill": "\u{2665}",
  ]

  /// The glyph for an image name: a known symbol's, else the name's first letter.
  static func glyph(for name: String?) -> String? {
    guard let name, !name.isEmpty else { return nil }
    return symbols[name] ?? name.prefix(1).uppercased()
  }

  /// What a bar item's button shows: its title, else its image's glyph.
  static func label(of node: WireNode) -> String? {
    if let title = node.props["title"]?.stringValue, !title.isEmpty { return title }
    guard node.props["barItem"] != nil else { return nil }
    return glyph(for: node.props["symbol"]?.stringValue)
  }

  /// What `compctl layout` adds for bars and presentations: a bar item's system item (or
  /// image), `done`, `menu`, badge; an alert action's style and `preferred`; a presented
  /// view's presentation; `dimming`.
  static func layoutSummary(of node: WireNode) -> [String] {
    let props = node.props
    var items: [String] = []
    if let presentation = props["presentation"]?.stringValue {
      items.append("presentation \(presentation)")
    }
    if props["dimming"]?.boolValue == true { items.append("dimming") }
    guard node.type == "button" else { return items }
    if let system = props["systemItem"]?.stringValue {
      items.append("system \(system)")
    } else if let symbol = props["symbol"]?.stringValue, props["barItem"] != nil {
      items.append("symbol \(symbol)")
    }
    if let style = props["style"]?.stringValue { items.append(style) }
    if props["preferred"]?.boolValue == true { items.append("preferred") }
    if props["menu"]?.boolValue == true { items.append("menu") }
    if let badge = props["badge"]?.stringValue { items.append("badge \(badge)") }
    return items
  }
}
