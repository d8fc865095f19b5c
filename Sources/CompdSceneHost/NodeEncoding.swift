import CompdProtocol
import JSONRPC
import ScreenKit

/// How a view travels on the wire: its node `type` and its `props`.
///
/// The props of each type are documented in `docs/protocol.md` ("Node types and props").
/// Only what differs from a type's defaults is sent, so a node stays small; a client fills
/// in the defaults. A secure text field never sends its text, only `secure` and
/// `textLength`.
@MainActor
enum NodeEncoding {
  /// The node type of `view`: one of the protocol's node types (a collection view's cells
  /// are `cell` nodes as a table's), or `navigationBar`, `tabBar`, `toolbar`,
  /// `activityIndicator` for ScreenKit's own bars and indicator. A plugin's subclass takes
  /// the type of the ScreenKit class it extends.
  static func type(of view: View) -> String {
    if let type = controlType(of: view) { return type }
    return switch view {
    case is StackView: "stack"
    case is TableView: "table"
    case is TableViewCell, is CollectionViewCell: "cell"
    case is CollectionView: "collection"
    case is TextView: "textView"
    case is ScrollView: "scroll"
    case is Label: "label"
    case is TextField: "textField"
    case is Button: "button"
    case is ImageView: "image"
    case is Switch: "switch"
    case is DatePicker: "datePicker"
    case is SearchBar: "searchBar"
    case is PickerView: "picker"
    case is ActivityIndicatorView: "activityIndicator"
    case is NavigationBar: "navigationBar"
    case is TabBar: "tabBar"
    case is Toolbar: "toolbar"
    default: "view"
    }
  }

  /// The props of a `type` node for `view`, whose subviews are the nodes `children`: its
  /// type's props, then its accessibility where it differs from the type's default.
  static func nodeProps(of view: View, type: String, children: [String]) -> JSONObject {
    var props = props(of: view)
    addAccessibility(of: view, type: type, children: children, to: &props)
    return props
  }

  /// The props of `view`, in a fixed order. Dynamic colours are sent as they resolve in the
  /// window's trait collection (its style), so a dark scene carries the dark values.
  static func props(of view: View) -> JSONObject {
    let traits = view.window?.traitCollection ?? TraitCollection()
    func wire(_ color: Color) -> JSON { .string(color.resolvedColor(with: traits).description) }
    var props = JSONObject()
    if view.isHidden { props["hidden"] = true }
    if view.alpha != 1 { props["alpha"] = .number(view.alpha) }
    if let color = view.backgroundColor { props["backgroundColor"] = wire(color) }
    if view.layer.cornerRadius != 0 { props["cornerRadius"] = .number(view.layer.cornerRadius) }
    if view.layer.borderWidth != 0 {
      props["borderWidth"] = .number(view.layer.borderWidth)
      if let color = view.layer.borderColor { props["borderColor"] = wire(color) }
    }
    if !view.isUserInteractionEnabled { props["interactive"] = false }
    if view.clipsToBounds { props["clips"] = true }
    if addControlProps(of: view, wire: wire, to: &props) {
      addLayoutDirection(of: view, to: &props)
      return props
    }
    addPresentation(of: view, to: &props)
    switch view {
    case let label as Label:
      if let text = label.text { props["text"] = .string(text) }
      addText(
        font: label.font, color: label.textColor.resolvedColor(with: traits),
        alignment: label.textAlignment, to: &props)
      if label.numberOfLines != 1 { props["numberOfLines"] = .int(Int64(label.numberOfLines)) }
      addRuns(of: label, traits: traits, to: &props)
      if !label.isEnabled { props["enabled"] = false }
    case let field as TextField:
      if field.isSecureTextEntry {
        props["secure"] = true
        props["textLength"] = .int(Int64(field.text?.count ?? 0))
      } else {
        props["text"] = .string(field.text ?? "")
      }
      if let placeholder = field.placeholder {
        props["placeholder"] = .string(placeholder)
        // UIKit draws a placeholder in placeholderText, whose dark value stays readable on
        // a dark background; clients cannot resolve a dynamic colour, so it is sent.
        props["placeholderColor"] = wire(.placeholderText)
      }
      addText(
        font: field.font, color: field.textColor.resolvedColor(with: traits),
        alignment: field.textAlignment, to: &props)
      if field.borderStyle != .none { props["borderStyle"] = .string(field.borderStyle.rawValue) }
      if field.keyboardType != .default {
        props["keyboardType"] = .string(field.keyboardType.rawValue)
      }
      if field.returnKeyType != .default {
        props["returnKeyType"] = .string(field.returnKeyType.rawValue)
      }
      if field.isFirstResponder { props["focused"] = true }
      if !field.isEnabled { props["enabled"] = false }
      addFieldTraits(of: field, to: &props)
    case let button as Button:
      if let title = button.currentTitle { props["title"] = .string(title) }
      props["titleColor"] = wire(button.currentTitleColor)
      if button.titleLabel.font != .systemFont(ofSize: 15) {
        props["font"] = .string(button.titleLabel.font.description)
      }
      if !button.isEnabled { props["enabled"] = false }
      if button.isSelected { props["selected"] = true }
      addButtonImage(button, traits: traits, to: &props)
      addBarButton(button, wire: wire, to: &props)
      addConfiguration(of: button, traits: traits, to: &props)
    case let toggle as Switch:
      props["on"] = .bool(toggle.isOn)
      if let tint = toggle.onTintColor { props["onTintColor"] = wire(tint) }
      if !toggle.isEnabled { props["enabled"] = false }
    case let picker as DatePicker:
      addDatePicker(picker, to: &props)
      addResolved("textColor", .label, lightDefault: "#000000ff", wire: wire, to: &props)
    case let bar as SearchBar:
      addSearchBar(bar, traits: traits, to: &props)
      addResolved("textColor", .label, lightDefault: "#000000ff", wire: wire, to: &props)
      if bar.isScopeBarShown {
        addResolved(
          "selectedSegmentTintColor", SegmentedControl.defaultSelectedSegmentTintColor,
          lightDefault: "#ffffffff", wire: wire, to: &props)
      }
    case let picker as PickerView:
      addPicker(picker, to: &props)
      addResolved("textColor", .label, lightDefault: "#000000ff", wire: wire, to: &props)
    case let image as ImageView:
      addImageView(image, traits: traits, to: &props)
    case let indicator as ActivityIndicatorView:
      props["animating"] = .bool(indicator.isAnimating)
      props["color"] = wire(indicator.color)
    case let stack as StackView:
      props["axis"] = .string(stack.axis == .vertical ? "vertical" : "horizontal")
      if stack.spacing != 0 { props["spacing"] = .number(stack.spacing) }
    case let cell as TableViewCell:
      addCell(cell, to: &props)
    case let cell as CollectionViewCell:
      addCell(cell, to: &props)
    case let textView as TextView:
      addTextView(textView, traits: traits, to: &props)
    case let scroll as ScrollView:
      if let table = scroll as? TableView { addTable(table, traits: traits, to: &props) }
      if let collection = scroll as? CollectionView {
        props["itemCount"] = .int(Int64(collection.totalItemCount))
        props["sectionCount"] = .int(Int64(collection.numberOfSections))
      }
      props["contentSize"] = [
        "width": .number(scroll.contentSize.width), "height": .number(scroll.contentSize.height),
      ]
      props["contentOffset"] = [
        "x": .number(scroll.contentOffset.x), "y": .number(scroll.contentOffset.y),
      ]
      let inset = scroll.adjustedContentInset
      if inset != .zero {
        props["contentInset"] = [
          "top": .number(inset.top), "left": .number(inset.left),
          "bottom": .number(inset.bottom), "right": .number(inset.right),
        ]
      }
    case let bar as NavigationBar:
      if let title = bar.title { props["title"] = .string(title) }
      addNavigationBar(bar, to: &props)
    case let bar as TabBar:
      props["items"] = .array(bar.itemTitles.map(JSON.string))
    default:
      break
    }
    addLayoutDirection(of: view, to: &props)
    return props
  }

  /// A table's own props (its scroll props follow): `style` unless plain, the separator
  /// colour, the number of rows and sections.
  private static func addTable(
    _ table: TableView, traits: TraitCollection, to props: inout JSONObject
  ) {
    if table.style != .plain { props["style"] = .string(table.style.rawValue) }
    props["separatorColor"] = .string(table.separatorColor.resolvedColor(with: traits).description)
    props["rowCount"] = .int(Int64(table.totalRowCount))
    props["sectionCount"] = .int(Int64(table.numberOfSections))
    if table.isEditing { props["editing"] = true }
  }

  /// A cell's props: its accessory, selection and highlight, the separator under it, the
  /// corners an inset-grouped section rounds.
  private static func addCell(_ cell: TableViewCell, to props: inout JSONObject) {
    let accessory = cell.accessoryView == nil ? cell.accessoryType : .none
    addRow(
      accessory: accessory, selected: cell.isSelected, highlighted: cell.isHighlighted,
      separator: cell.separatorInsets, corners: cell.cornerMask, to: &props)
    if cell.selectionStyle == .none { props["selectionStyle"] = "none" }
    if let edge = cell.revealedSwipeEdge { props["swiped"] = .string(edge) }
  }

  /// A collection view cell's props: those of a table's cell that apply (a list cell's
  /// accessories as the table accessory they draw as).
  private static func addCell(_ cell: CollectionViewCell, to props: inout JSONObject) {
    addRow(
      accessory: (cell as? CollectionViewListCell)?.accessoryType ?? .none,
      selected: cell.isSelected, highlighted: cell.isHighlighted,
      separator: cell.separatorInsets, corners: cell.cornerMask, to: &props)
  }

  /// The props every `cell` node has, whichever list it is in.
  private static func addRow(
    accessory: TableViewCell.AccessoryType, selected: Bool, highlighted: Bool,
    separator: EdgeInsets?, corners: String, to props: inout JSONObject
  ) {
    if accessory != .none { props["accessory"] = .string(accessory.rawValue) }
    if selected { props["selected"] = true }
    if highlighted { props["highlighted"] = true }
    if let separator {
      props["separator"] = ["left": .number(separator.left), "right": .number(separator.right)]
    }
    if corners != "none" { props["roundedCorners"] = .string(corners) }
  }

  /// `color` is resolved already; the wire's default text colour is black.
  private static func addText(
    font: Font, color: Color, alignment: TextAlignment, to props: inout JSONObject
  ) {
    if font != .systemFont(ofSize: 17) { props["font"] = .string(font.description) }
    if color != .black { props["textColor"] = .string(color.description) }
    if alignment != .natural { props["textAlignment"] = .string(alignment.rawValue) }
  }

  /// `{x, y, width, height}` with integral values written as integers.
  static func frame(_ rect: Rect) -> JSON {
    [
      "x": .number(rect.minX), "y": .number(rect.minY), "width": .number(rect.width),
      "height": .number(rect.height),
    ]
  }
}
