/// A text field for search terms with an optional cancel button and scope buttons, as
/// `UISearchBar`.
///
/// Its intrinsic height is 56 points, the height UIKit's search bar has had since iOS 11
/// (a 36-point rounded field with 10 points above and below), plus 44 points for the scope
/// bar while ``showsScopeBar`` shows it; no intrinsic width. The search field is laid out
/// 8 points in from each side (``searchFieldFrame``); the cancel button, a `Button` child
/// titled "Cancel", sits 8 points in from the trailing edge while ``showsCancelButton`` is
/// on, and a tap on it tells the delegate (`searchBarCancelButtonClicked`). Typed text
/// (the `text` event) tells the delegate `searchBar(_:textDidChange:)`; the return key
/// (`submit`) `searchBarSearchButtonClicked`; a scope picked with the `value` event
/// `searchBar(_:selectedScopeButtonIndexDidChange:)`.
@MainActor
open class SearchBar: View {
  /// The look of the bar, as `UISearchBar.Style`.
  public enum Style: String, Sendable, Hashable, CaseIterable {
    /// The default: as `.prominent`.
    case `default`
    /// A translucent background, an opaque field.
    case prominent
    /// No background, a translucent field.
    case minimal
  }

  /// UIKit's search bar height.
  public static let standardHeight = 56.0
  /// The scope bar's height under the field.
  public static let scopeBarHeight = 44.0
  /// The search field's height.
  public static let fieldHeight = 36.0

  /// The search text; never nil after editing.
  open var text: String? = "" { didSet { if text != oldValue { setNeedsDisplay() } } }
  /// The text shown while ``text`` is empty.
  open var placeholder: String? { didSet { setNeedsDisplay() } }
  /// The look; `.default` by default.
  open var searchBarStyle: Style = .default { didSet { setNeedsDisplay() } }
  /// Whether the cancel button shows; `false` by default.
  open var showsCancelButton = false {
    didSet {
      cancelButton.isHidden = !showsCancelButton
      setNeedsLayout()
      setNeedsDisplay()
    }
  }
  /// The titles of the scope buttons; none by default.
  open var scopeButtonTitles: [String]? {
    didSet {
      invalidateIntrinsicContentSize()
      setNeedsDisplay()
    }
  }
  /// The selected scope button.
  open var selectedScopeButtonIndex = 0 { didSet { setNeedsDisplay() } }
  /// Whether the scope bar shows (with scope titles); `false` by default.
  open var showsScopeBar = false {
    didSet {
      invalidateIntrinsicContentSize()
      setNeedsDisplay()
    }
  }
  /// The delegate, held weakly.
  public weak var delegate: SearchBarDelegate?
  /// The cancel button (a child, hidden unless ``showsCancelButton``).
  public let cancelButton = Button(type: .system)
  /// The search controller that owns this bar, if any.
  weak var searchController: SearchController?

  /// A search bar with the given frame.
  public override init(frame: Rect) {
    super.init(frame: frame)
    cancelButton.setTitle("Cancel", for: .normal)
    cancelButton.titleLabel.font = .systemFont(ofSize: 17)
    cancelButton.isHidden = true
    cancelButton.accessibilityIdentifier = "cancel"
    cancelButton.addAction(for: .primaryActionTriggered) { [weak self] _ in
      self?.cancelPressed()
    }
    addSubview(cancelButton)
  }

  /// Whether the scope bar takes room now.
  public var isScopeBarShown: Bool { showsScopeBar && !(scopeButtonTitles ?? []).isEmpty }

  /// 56 points high (100 with the scope bar); no intrinsic width.
  open override var intrinsicContentSize: Size {
    Size(
      width: View.noIntrinsicMetric,
      height: SearchBar.standardHeight + (isScopeBarShown ? SearchBar.scopeBarHeight : 0))
  }

  /// Where the search field is: 8 points in from the sides (and left of a shown cancel
  /// button), 10 points down, 36 high.
  public var searchFieldFrame: Rect {
    let trailing = showsCancelButton ? cancelButton.frame.minX - 8 : frame.width - 8
    return Rect(
      x: 8, y: (SearchBar.standardHeight - SearchBar.fieldHeight) / 2,
      width: max(0, trailing - 8), height: SearchBar.fieldHeight)
  }

  /// Places the cancel button at the trailing edge, centred on the field.
  open override func layoutSubviews() {
    super.layoutSubviews()
    let size = cancelButton.intrinsicContentSize
    cancelButton.frame = Rect(
      x: frame.width - 8 - size.width, y: (SearchBar.standardHeight - size.height) / 2,
      width: size.width, height: size.height)
    mirrorPlacedSubviews([cancelButton])
  }

  /// Shows or hides the cancel button, optionally animating (ScreenKit does not animate).
  open func setShowsCancelButton(_ shows: Bool, animated: Bool) { showsCancelButton = shows }

  /// Saves the text and scope (keys `SearchBar.text`, `SearchBar.scope`).
  open override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(text, forKey: "SearchBar.text")
    coder.encode(selectedScopeButtonIndex, forKey: "SearchBar.scope")
  }

  /// Restores the text and scope without telling the delegate.
  open override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    if let saved = coder.decodeString(forKey: "SearchBar.text") { text = saved }
    if let scope = coder.decodeInteger(forKey: "SearchBar.scope") {
      selectedScopeButtonIndex = scope
    }
  }

  private func cancelPressed() {
    delegate?.searchBarCancelButtonClicked(self)
    searchController?.cancel()
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// A search bar reads as its search field: one element (its cancel button is drawn by clients within it).
  open override var isAccessibilityElement: Bool {
    get { accessibilityStorage?.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }
  /// The placeholder, as its field's name.
  open override var accessibilityLabel: String? {
    get { accessibilityStorage?.label ?? placeholder }
    set { super.accessibilityLabel = newValue }
  }
  /// The search text (`nil` when empty).
  open override var accessibilityValue: String? {
    get { accessibilityStorage?.value ?? ((text ?? "").isEmpty ? nil : text) }
    set { super.accessibilityValue = newValue }
  }
  /// `searchField`, as UIKit's search field.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? .searchField }
    set { super.accessibilityTraits = newValue }
  }
}

/// The messages a search bar sends, as `UISearchBarDelegate`; each has UIKit's default.
@MainActor
public protocol SearchBarDelegate: AnyObject {
  /// Whether editing may begin (default `true`).
  func searchBarShouldBeginEditing(_ searchBar: SearchBar) -> Bool
  /// Editing began.
  func searchBarTextDidBeginEditing(_ searchBar: SearchBar)
  /// Editing ended.
  func searchBarTextDidEndEditing(_ searchBar: SearchBar)
  /// The user changed the text.
  func searchBar(_ searchBar: SearchBar, textDidChange searchText: String)
  /// The search (return) key was pressed.
  func searchBarSearchButtonClicked(_ searchBar: SearchBar)
  /// The cancel button was pressed.
  func searchBarCancelButtonClicked(_ searchBar: SearchBar)
  /// The user picked another scope button.
  func searchBar(_ searchBar: SearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
}

extension SearchBarDelegate {
  /// Default: `true`.
  public func searchBarShouldBeginEditing(_ searchBar: SearchBar) -> Bool { true }
  /// Default: nothing.
  public func searchBarTextDidBeginEditing(_ searchBar: SearchBar) {}
  /// Default: nothing.
  public func searchBarTextDidEndEditing(_ searchBar: SearchBar) {}
  /// Default: nothing.
  public func searchBar(_ searchBar: SearchBar, textDidChange searchText: String) {}
  /// Default: nothing.
  public func searchBarSearchButtonClicked(_ searchBar: SearchBar) {}
  /// Default: nothing.
  public func searchBarCancelButtonClicked(_ searchBar: SearchBar) {}
  /// Default: nothing.
  public func searchBar(
    _ searchBar: SearchBar, selectedScopeButtonIndexDidChange selectedScope: Int
  ) {}
}

extension SearchBar: FirstResponderEditing, TextInputReceiving, TapReceiving, ValueInputReceiving {
  var canBeginEditing: Bool { true }

  func shouldBeginEditing() -> Bool { delegate?.searchBarShouldBeginEditing(self) ?? true }

  func didBeginEditing() {
    setNeedsDisplay()
    delegate?.searchBarTextDidBeginEditing(self)
    searchController?.searchBarBeganEditing()
  }

  func shouldEndEditing() -> Bool { true }

  func didEndEditing() {
    setNeedsDisplay()
    delegate?.searchBarTextDidEndEditing(self)
  }

  /// A tap focuses the field.
  public func receiveTap() -> Bool { becomeFirstResponder() }

  /// Typed text: the delegate's `textDidChange`, then the search controller's updater.
  public func receiveTextReplacement(_ newText: String) -> Bool {
    guard (text ?? "") != newText else { return false }
    text = newText
    delegate?.searchBar(self, textDidChange: newText)
    searchController?.updateResults()
    return true
  }

  /// The search key: the delegate's `searchBarSearchButtonClicked`.
  public func receiveReturnKey() -> Bool {
    delegate?.searchBarSearchButtonClicked(self)
    return true
  }

  /// A scope button picked: `value` is its index (no component); the delegate hears of a
  /// change, and the search controller's updater too.
  public func receiveValue(_ value: Double, component: Int?) throws(InputError) -> Bool {
    let count = scopeButtonTitles?.count ?? 0
    guard component == nil, value.rounded() == value, value >= 0, value < Double(count) else {
      throw .invalidValue(
        "the value must be a scope button index of the search bar, 0 to \(count - 1)")
    }
    let index = Int(value)
    guard index != selectedScopeButtonIndex else { return false }
    selectedScopeButtonIndex = index
    delegate?.searchBar(self, selectedScopeButtonIndexDidChange: index)
    searchController?.updateResults()
    return true
  }
}
