/// A single-line editable text area, as `UITextField`.
///
/// ScreenKit holds the text; clients edit it through input events (`Window`'s
/// input API, `Input/Window+Input.swift`). Its intrinsic size follows UIKit: the text (or placeholder) height
/// plus the border style's insets; no intrinsic width beyond the text's.
@MainActor
open class TextField: Control {
  /// The border around a text field, as `UITextField.BorderStyle`.
  public enum BorderStyle: String, Sendable, Hashable, CaseIterable {
    /// No border.
    case none
    /// A thin rectangle.
    case line
    /// A bezel-style inset rectangle.
    case bezel
    /// A rounded rectangle.
    case roundedRect
  }

  /// When a text field shows its clear button, as `UITextField.ViewMode`.
  public enum ViewMode: String, Sendable, Hashable, CaseIterable {
    /// Never.
    case never
    /// While editing.
    case whileEditing
    /// While not editing.
    case unlessEditing
    /// Always.
    case always
  }

  /// The text; empty rather than `nil` after editing, as UIKit.
  open var text: String? = "" {
    didSet { if text != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// The text shown while `text` is empty.
  open var placeholder: String? {
    didSet { if placeholder != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// The font; the system font at 17 points by default.
  open var font: Font = .systemFont(ofSize: 17) {
    didSet { if font != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// Whether the font follows the scene's content size category
  /// (`ContentSizeCategoryAdjusting`; false by default, as UIKit).
  public var adjustsFontForContentSizeCategory = false {
    didSet { if adjustsFontForContentSizeCategory { adjustFontToWindow() } }
  }
  /// The text colour.
  open var textColor: Color = .label { didSet { setNeedsDisplay() } }
  /// The horizontal alignment of the text.
  open var textAlignment: TextAlignment = .natural { didSet { setNeedsDisplay() } }
  /// Whether the text is obscured (passwords); clients show bullets, the text stays here.
  open var isSecureTextEntry = false { didSet { setNeedsDisplay() } }
  /// The border style; `.none` by default, as UIKit.
  open var borderStyle: BorderStyle = .none {
    didSet { if borderStyle != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// The keyboard a client should show.
  open var keyboardType: KeyboardType = .default { didSet { setNeedsDisplay() } }
  /// The title of the return key.
  open var returnKeyType: ReturnKeyType = .default { didSet { setNeedsDisplay() } }
  /// When the clear button shows; `.never` by default, as UIKit. It shows only while the
  /// field has text (``isClearButtonShown``).
  open var clearButtonMode: ViewMode = .never { didSet { setNeedsDisplay() } }
  /// A view drawn at the leading edge, inside the border, as `UITextField.leftView`; laid
  /// out at ``leftViewRect(forBounds:)`` when ``leftViewMode`` shows it.
  open var leftView: View? {
    didSet { replaceAccessory(oldValue, with: leftView) }
  }
  /// When the left view shows; `.never` by default, as UIKit.
  open var leftViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
  /// A view drawn at the trailing edge, as `UITextField.rightView`; laid out at
  /// ``rightViewRect(forBounds:)`` when ``rightViewMode`` shows it.
  open var rightView: View? {
    didSet { replaceAccessory(oldValue, with: rightView) }
  }
  /// When the right view shows; `.never` by default, as UIKit.
  open var rightViewMode: ViewMode = .never { didSet { setNeedsLayout() } }
  /// The kind of content the field expects (a hint for a client's autofill), as
  /// `UITextField.textContentType`; nil by default.
  open var textContentType: TextContentType? { didSet { setNeedsDisplay() } }
  /// How a client's keyboard capitalizes; `.sentences` by default, as UIKit.
  open var autocapitalizationType: TextAutocapitalizationType = .sentences {
    didSet { setNeedsDisplay() }
  }
  /// Whether a client checks spelling; `.default` by default.
  open var spellCheckingType: TextSpellCheckingType = .default { didSet { setNeedsDisplay() } }
  // the delegate asked and told about editing (Controls/TextField+Editing.swift)
  /// The delegate, held weakly, as UIKit.
  public weak var delegate: TextFieldDelegate?
  /// Whether a client's keyboard should autocorrect (a hint for clients).
  open var autocorrectionType: TextAutocorrectionType = .default { didSet { setNeedsDisplay() } }

  /// A text field with the given frame.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// The padding around the text for each border style (per side: horizontal, vertical).
  /// UIKit does not publish these; ScreenKit's values make a 17-point rounded-rect field 34
  /// points high, as UIKit's.
  public var textPadding: (horizontal: Double, vertical: Double) {
    switch borderStyle {
    case .none: (0, 0)
    case .line: (2, 2)
    case .bezel: (3, 3)
    case .roundedRect: (7, 7)
    }
  }

  /// The size of the text (or the placeholder when the text is empty) in one line plus the
  /// border style's padding, widened by the left and right views that show (and at least
  /// as tall as they are).
  open override var intrinsicContentSize: Size {
    let shown = (text?.isEmpty ?? true) ? (placeholder ?? "") : (text ?? "")
    let padding = textPadding
    var size = Size(
      width: font.width(of: shown).roundedUpToPixel + 2 * padding.horizontal,
      height: font.lineHeight.roundedUpToPixel + 2 * padding.vertical)
    let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    for (view, shown) in [(leftView, isLeftViewShown), (rightView, isRightViewShown)] {
      guard view != nil, shown else { continue }
      let rect = view === leftView ? leftViewRect(forBounds: zero) : rightViewRect(forBounds: zero)
      size.width += rect.width
      size.height = max(size.height, rect.height)
    }
    return size
  }

  /// Places the left and right views (``leftViewRect(forBounds:)``,
  /// ``rightViewRect(forBounds:)``) and hides those their modes hide now.
  open override func layoutSubviews() {
    super.layoutSubviews()
    layoutAccessories()
  }

  /// Saves the text (key `TextField.text`), unless the field is secure: a secure text
  /// field never saves its text (see ``Window/encodeRestorableState()``).
  open override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    if !isSecureTextEntry { coder.encode(text, forKey: "TextField.text") }
  }

  /// Restores the saved text, without sending `editingChanged` (as setting `text` does not);
  /// a secure field ignores it.
  open override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    if !isSecureTextEntry, let saved = coder.decodeString(forKey: "TextField.text") {
      text = saved
    }
  }

  override func baselineOffset(first: Bool) -> (heightFactor: Double, constant: Double)? {
    (0.5, -font.lineHeight / 2 + font.ascender)
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// Its placeholder, read as the field's name when no label is set.
  open override var accessibilityLabel: String? {
    get { accessibilityStorage?.label ?? placeholder }
    set { super.accessibilityLabel = newValue }
  }
  /// Its text (`nil` when empty); a secure field's text is never read, only a bullet per character, as it shows.
  open override var accessibilityValue: String? {
    get { accessibilityStorage?.value ?? accessibilityDefaultValue }
    set { super.accessibilityValue = newValue }
  }
}

/// The kind of keyboard a client shows for a text input, as `UIKeyboardType`.
public enum KeyboardType: String, Sendable, Hashable, CaseIterable {
  /// The default keyboard.
  case `default`
  /// ASCII characters.
  case asciiCapable
  /// Numbers and punctuation.
  case numbersAndPunctuation
  /// URLs.
  case URL
  /// Digits.
  case numberPad
  /// A telephone keypad.
  case phonePad
  /// Names and phone numbers.
  case namePhonePad
  /// E-mail addresses.
  case emailAddress
  /// Digits and a decimal point.
  case decimalPad
  /// Twitter handles and hashtags.
  case twitter
  /// Web search terms.
  case webSearch
  /// ASCII digits.
  case asciiCapableNumberPad
}

/// The title of the return key, as `UIReturnKeyType`.
public enum ReturnKeyType: String, Sendable, Hashable, CaseIterable {
  /// Return.
  case `default`
  /// Go.
  case go
  /// Google.
  case google
  /// Join.
  case join
  /// Next.
  case next
  /// Route.
  case route
  /// Search.
  case search
  /// Send.
  case send
  /// Yahoo.
  case yahoo
  /// Done.
  case done
  /// Emergency call.
  case emergencyCall
  /// Continue.
  case `continue`
}
