import CompdProtocol
import Foundation
import JSONRPC
import ScreenKit

extension NodeEncoding {
  /// The props that follow the layout direction and language.
  ///
  /// The root (the window) carries the scene's `layoutDirection` (`"rightToLeft"`, sent
  /// only then) and `lang` (its BCP 47 locale, sent when not `en`), from which a client sets
  /// the direction and language of its page. Text whose alignment is `.natural` is sent as
  /// `right` where the view lays out right to left, as UIKit draws natural text in a
  /// right-to-left layout; frames are in left-origin coordinates whatever the direction and
  /// the subviews of a right-to-left view are already laid out mirrored.
  ///
  /// What a client paints inside one node without subviews — a slider's track and thumb, a
  /// stepper's halves, a segmented control's segments, a progress bar's fill, a page
  /// control's dots, a table row's accessory glyph — it paints mirrored where that node
  /// carries `layoutDirection: "rightToLeft"`, as UIKit flips its system controls ("iOS
  /// automatically flips standard UI elements", Human Interface Guidelines, Right to left).
  /// The prop follows the node's ``View/effectiveUserInterfaceLayoutDirection``, so a control
  /// under `.forceLeftToRight` or `.playback` (a media scrubber) is sent without it and stays
  /// left to right in a right-to-left scene.
  static func addLayoutDirection(of view: View, to props: inout JSONObject) {
    if let window = view as? Window {
      if window.traitCollection.layoutDirection == .rightToLeft {
        props["layoutDirection"] = "rightToLeft"
      }
      let lang = window.locale.identifier(.bcp47)
      if lang != "en" { props["lang"] = .string(lang) }
      return
    }
    guard view.effectiveUserInterfaceLayoutDirection == .rightToLeft else { return }
    if paintsDirectionalParts(view, props: props) { props["layoutDirection"] = "rightToLeft" }
    if props["textAlignment"] == nil, hasNaturalText(view) { props["textAlignment"] = "right" }
    // A text field's overlay views are mirrored, and so is the room they leave the text.
    if view is TextField, let insets = props["textInsets"], let left = insets["left"],
      let right = insets["right"]
    {
      props["textInsets"] = ["left": right, "right": left]
    }
    // A cell's separator starts at its leading inset: the right one.
    if let separator = props["separator"]?.objectValue, let left = separator["left"],
      let right = separator["right"]
    {
      var mirrored = separator
      mirrored["left"] = right
      mirrored["right"] = left
      props["separator"] = .object(mirrored)
    }
  }

  /// Whether a client paints parts of `view` that sit on its leading or trailing side.
  private static func paintsDirectionalParts(_ view: View, props: JSONObject) -> Bool {
    switch view {
    case is Slider, is Stepper, is SegmentedControl, is ProgressView, is PageControl: true
    case is TableViewCell, is CollectionViewCell: props["accessory"] != nil
    default: false
    }
  }

  /// Whether `view` draws text aligned `.natural`.
  private static func hasNaturalText(_ view: View) -> Bool {
    switch view {
    case let label as Label: label.textAlignment == .natural && !(label.superview is Button)
    case let field as TextField: field.textAlignment == .natural
    case let textView as TextView: textView.textAlignment == .natural
    default: false
    }
  }
}
