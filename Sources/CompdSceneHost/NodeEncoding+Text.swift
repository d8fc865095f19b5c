import CompdProtocol
import JSONRPC
import ScreenKit

/// The wire props of the text controls: a label's attributed runs, a text field's input
/// traits and overlay views, a text view (docs/protocol.md, `label`, `textField`,
/// `textView`). As everywhere, only what differs from the documented default is sent.
@MainActor
extension NodeEncoding {
  /// A label with attributed text: `runs`, each `{text}` plus what differs from the label's
  /// own font and colour; the alignment of its paragraph style.
  static func addRuns(of label: Label, traits: TraitCollection, to props: inout JSONObject) {
    guard let runs = label.textRuns else { return }
    let labelColor = label.textColor.resolvedColor(with: traits)
    props["runs"] = .array(
      runs.map { run in
        var object: JSONObject = ["text": .string(run.text)]
        if run.font != label.font { object["font"] = .string(run.font.description) }
        let color = run.textColor.resolvedColor(with: traits)
        if color != labelColor { object["textColor"] = .string(color.description) }
        if let background = run.backgroundColor {
          object["backgroundColor"] = .string(background.resolvedColor(with: traits).description)
        }
        if run.kern != 0 { object["kern"] = .number(run.kern) }
        if run.underlineStyle != 0 { object["underline"] = .int(Int64(run.underlineStyle)) }
        if run.strikethroughStyle != 0 {
          object["strikethrough"] = .int(Int64(run.strikethroughStyle))
        }
        return .object(object)
      })
    let alignment = label.effectiveTextAlignment
    if alignment != .natural { props["textAlignment"] = .string(alignment.rawValue) }
  }

  /// A text field's input traits, its clear button when shown and the insets of its text
  /// when overlay views take room.
  static func addFieldTraits(of field: TextField, to props: inout JSONObject) {
    if let type = field.textContentType { props["textContentType"] = .string(type.rawValue) }
    addInputTraits(
      capitalization: field.autocapitalizationType, correction: field.autocorrectionType,
      spelling: field.spellCheckingType, to: &props)
    if field.isClearButtonShown { props["clearButton"] = true }
    if field.isClearButtonShown || field.isLeftViewShown || field.isRightViewShown {
      let bounds = Rect(x: 0, y: 0, width: field.frame.width, height: field.frame.height)
      let text = field.textRect(forBounds: bounds)
      props["textInsets"] = [
        "left": .number(text.minX), "right": .number(bounds.maxX - text.maxX),
      ]
    }
  }

  /// A text view: its text and how it is drawn and edited, then its scroll state.
  static func addTextView(
    _ textView: TextView, traits: TraitCollection, to props: inout JSONObject
  ) {
    props["text"] = .string(textView.text ?? "")
    if textView.effectiveFont != TextView.defaultFont {
      props["font"] = .string(textView.effectiveFont.description)
    }
    let color = (textView.textColor ?? .label).resolvedColor(with: traits)
    if color != .black { props["textColor"] = .string(color.description) }
    if textView.textAlignment != .natural {
      props["textAlignment"] = .string(textView.textAlignment.rawValue)
    }
    if !textView.isEditable { props["editable"] = false }
    if !textView.isSelectable { props["selectable"] = false }
    let inset = textView.textContainerInset
    if inset != TextView.defaultTextContainerInset {
      props["textContainerInset"] = [
        "top": .number(inset.top), "left": .number(inset.left),
        "bottom": .number(inset.bottom), "right": .number(inset.right),
      ]
    }
    if textView.keyboardType != .default {
      props["keyboardType"] = .string(textView.keyboardType.rawValue)
    }
    addInputTraits(
      capitalization: textView.autocapitalizationType, correction: textView.autocorrectionType,
      spelling: textView.spellCheckingType, to: &props)
    if textView.isFirstResponder { props["focused"] = true }
    props["contentSize"] = [
      "width": .number(textView.contentSize.width),
      "height": .number(textView.contentSize.height),
    ]
    props["contentOffset"] = [
      "x": .number(textView.contentOffset.x), "y": .number(textView.contentOffset.y),
    ]
  }

  private static func addInputTraits(
    capitalization: TextAutocapitalizationType, correction: TextAutocorrectionType,
    spelling: TextSpellCheckingType, to props: inout JSONObject
  ) {
    if capitalization != .sentences {
      props["autocapitalizationType"] = .string(capitalization.rawValue)
    }
    if correction != .default { props["autocorrectionType"] = .string(correction.rawValue) }
    if spelling != .default { props["spellCheckingType"] = .string(spelling.rawValue) }
  }
}

@MainActor
extension NodeEncoding {
  /// A search bar: its text and placeholder, the search field's frame, its style, focus,
  /// and the scope buttons while the scope bar shows (its cancel button is a child node).
  static func addSearchBar(
    _ bar: SearchBar, traits: TraitCollection, to props: inout JSONObject
  ) {
    props["text"] = .string(bar.text ?? "")
    if let placeholder = bar.placeholder {
      props["placeholder"] = .string(placeholder)
      props["placeholderColor"] = .string(
        Color.placeholderText.resolvedColor(with: traits).description)
    }
    if bar.searchBarStyle != .default { props["style"] = .string(bar.searchBarStyle.rawValue) }
    props["field"] = frame(bar.searchFieldFrame)
    if bar.isFirstResponder { props["focused"] = true }
    if bar.isScopeBarShown {
      props["scopes"] = .array((bar.scopeButtonTitles ?? []).map(JSON.string))
      props["selectedScope"] = .int(Int64(bar.selectedScopeButtonIndex))
    }
  }
}
