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
  /// When the clear button shows.
  open var clearButtonMode: ViewMode = .never
  // the delegate asked and told about editing (Controls/TextField+Editing.swift)
  /// The delegate, held weakly, as UIKit.
  public weak var delegate: TextFieldDelegate?
  /// Whether a client's keyboard should autocorrect (a hint for clients).
  open var autocorrectionType: TextAutocorrectionType = .default

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
  /// border style's padding.
  open override var intrinsicContentSize: Size {
    let shown = (text?.isEmpty ?? true) ? (placeholder ?? "") : (text ?? "")
    let padding = textPadding
    return Size(
      width: font.width(of: shown).roundedUpToPixel + 2 * padding.horizontal,
      height: font.lineHeight.roundedUpToPixel + 2 * padding.vertical)
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
