extension View: FocusItem {
  /// The default of ``canBecomeFocused`` per view type, as UIKit's keyboard focus: controls
  /// (buttons, switches, sliders, steppers, segmented and page controls, date pickers, text
  /// fields), text views that edit, search bars, and cells of a table or collection view
  /// that allows selection (a table cell whose `selectionStyle` is `.none` is left out: it
  /// reacts to nothing, and its controls are focused instead, so that a D-pad does not stop
  /// on it).
  public var defaultCanBecomeFocused: Bool {
    switch self {
    case is Control, is SearchBar: true
    case let textView as TextView: textView.isEditable
    case let cell as TableViewCell:
      cell.tableView?.allowsSelection == true && cell.selectionStyle != .none
    case let cell as CollectionViewCell: cell.collectionView?.allowsSelection == true
    default: false
    }
  }

  /// Whether this view is its window's focused item.
  public var isFocused: Bool {
    guard let system = window?.controllerState.focusSystem else { return false }
    return system.focusedView === self
  }

  /// The view's frame in window coordinates.
  public var focusFrame: Rect { convert(bounds, to: nil) }

  /// The view's controller when it is a controller's root view, else its superview.
  public var parentFocusEnvironment: FocusEnvironment? { owningViewController ?? superview }

  /// Asks for a focus update from this view's preferred focus (see
  /// ``FocusEnvironment/setNeedsFocusUpdate()``).
  public func setNeedsFocusUpdate() { window?.focusSystem.setNeedsFocusUpdate(in: self) }

  /// Runs a requested focus update now.
  public func updateFocusIfNeeded() { window?.focusSystem.updateFocusIfNeeded() }
}
