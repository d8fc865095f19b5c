/// A scrollable, multi-line, editable text area, as `UITextView`.
///
/// ScreenKit holds the text; clients edit it through the same input events as a text
/// field's (`focus`, `text`, `blur`; the window's input API). The text is set inside
/// ``textContainerInset`` — `(8, 0, 8, 0)` by default, as UIKit's reference for
/// `textContainerInset` states — and a further ``lineFragmentPadding`` of 5 points on
/// each side of every line (`NSTextContainer.lineFragmentPadding`'s documented default),
/// wrapped at the width left, and the content size is the text's height plus the insets,
/// so the view scrolls when the text is taller than itself.
///
/// Where UIKit's font is `nil` (drawn in 12-point Helvetica, as its reference says),
/// ScreenKit draws the system font at 12 points. With ``isScrollEnabled`` off the view's
/// intrinsic size is its text's, as UIKit sizes a non-scrolling text view to its content.
@MainActor
open class TextView: ScrollView {
  /// The font a text view draws in while ``font`` is nil: 12 points.
  public static let defaultFont = Font.systemFont(ofSize: 12)
  /// The default ``textContainerInset``: 8 points above and below.
  public static let defaultTextContainerInset = EdgeInsets(top: 8, left: 0, bottom: 8, right: 0)

  /// The text; never nil (UIKit's property is implicitly unwrapped and reads "" when
  /// cleared).
  open var text: String! = "" {
    didSet {
      if text == nil { text = "" }
      if text != oldValue { textLayoutChanged() }
    }
  }
  /// The font; nil draws in ``defaultFont``.
  open var font: Font? { didSet { if font != oldValue { textLayoutChanged() } } }
  /// Whether the font follows the scene's content size category
  /// (`ContentSizeCategoryAdjusting`; false by default, as UIKit).
  public var adjustsFontForContentSizeCategory = false {
    didSet { if adjustsFontForContentSizeCategory { adjustFontToWindow() } }
  }
  /// The text colour; nil draws in `.label`.
  open var textColor: Color? { didSet { setNeedsDisplay() } }
  /// The horizontal alignment of the lines.
  open var textAlignment: TextAlignment = .natural { didSet { setNeedsDisplay() } }
  /// Whether the user may edit the text (default `true`); a non-editable text view does
  /// not become first responder.
  open var isEditable = true {
    didSet {
      if !isEditable, isFirstResponder { resignFirstResponder() }
      setNeedsDisplay()
    }
  }
  /// Whether the user may select the text (default `true`).
  open var isSelectable = true { didSet { setNeedsDisplay() } }
  /// The margins of the text inside the content area.
  open var textContainerInset: EdgeInsets = TextView.defaultTextContainerInset {
    didSet { if textContainerInset != oldValue { textLayoutChanged() } }
  }
  /// The space at each end of a line inside the text container (5 points, as
  /// `NSTextContainer`).
  open var lineFragmentPadding: Double = 5 {
    didSet { if lineFragmentPadding != oldValue { textLayoutChanged() } }
  }
  /// Whether the text view scrolls (default `true`). A text view that does not scroll has
  /// its text's height as its intrinsic height, as UIKit's.
  open override var isScrollEnabled: Bool {
    didSet { if isScrollEnabled != oldValue { textLayoutChanged() } }
  }
  /// The keyboard a client should show.
  open var keyboardType: KeyboardType = .default { didSet { setNeedsDisplay() } }
  /// How a client's keyboard capitalizes; `.sentences` by default.
  open var autocapitalizationType: TextAutocapitalizationType = .sentences {
    didSet { setNeedsDisplay() }
  }
  /// Whether a client's keyboard autocorrects.
  open var autocorrectionType: TextAutocorrectionType = .default { didSet { setNeedsDisplay() } }
  /// Whether a client checks spelling.
  open var spellCheckingType: TextSpellCheckingType = .default { didSet { setNeedsDisplay() } }
  /// The ``ScrollView/delegate`` when it is a `TextViewDelegate` (UIKit's text view
  /// delegate is also its scroll view delegate).
  var textDelegate: (any TextViewDelegate)? { delegate as? any TextViewDelegate }

  /// A text view with the given frame.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// The font the text is drawn in.
  public var effectiveFont: Font { font ?? TextView.defaultFont }

  /// The text set in lines for a view `width` wide: wrapped at the width inside the insets
  /// and the line fragment padding. An empty text is one (empty) line high, as UIKit's caret.
  public func textLayout(forWidth width: Double) -> TextLayout {
    let available =
      width - textContainerInset.left - textContainerInset.right
      - 2 * lineFragmentPadding
    return TextLayout(
      text: text ?? "", font: effectiveFont, maxWidth: max(available, 1), numberOfLines: 0,
      lineBreakMode: .byWordWrapping)
  }

  /// The height of the text plus the vertical insets for a view `width` wide.
  public func contentHeight(forWidth width: Double) -> Double {
    let layout = textLayout(forWidth: width)
    let lines = max(layout.lines.count, 1)
    let textHeight = (Double(lines) * effectiveFont.lineHeight).roundedUpToPixel
    return textHeight + textContainerInset.top + textContainerInset.bottom
  }

  /// No intrinsic size while scrolling; otherwise the text's height at the current width
  /// (and its widest line plus the insets as width), as a non-scrolling `UITextView`.
  open override var intrinsicContentSize: Size {
    guard !isScrollEnabled else {
      return Size(width: View.noIntrinsicMetric, height: View.noIntrinsicMetric)
    }
    let width = frame.width > 0 ? frame.width : .infinity
    let layout = textLayout(forWidth: width)
    let widest = layout.lineWidths.max() ?? 0
    return Size(
      width: (widest + 2 * lineFragmentPadding + textContainerInset.left
        + textContainerInset.right).roundedUpToPixel,
      height: contentHeight(forWidth: width))
  }

  /// The text's size wrapped at `size.width`.
  open override func sizeThatFits(_ size: Size) -> Size {
    let width = size.width > 0 ? size.width : frame.width
    return Size(width: width, height: contentHeight(forWidth: width))
  }

  /// The content is the view's width by the text's height plus the insets.
  open override func layoutSubviews() {
    super.layoutSubviews()
    let size = Size(width: frame.width, height: contentHeight(forWidth: frame.width))
    if contentSize != size { contentSize = size }
  }

  /// Saves the text (key `TextView.text`) with the scroll position.
  open override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(text, forKey: "TextView.text")
  }

  /// Restores the saved text without telling the delegate, as setting `text` does not.
  open override func decodeRestorableState(with coder: Coder) {
    if let saved = coder.decodeString(forKey: "TextView.text") { text = saved }
    super.decodeRestorableState(with: coder)
  }

  private func textLayoutChanged() {
    invalidateIntrinsicContentSize()
    setNeedsLayout()
    setNeedsDisplay()
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// A text view is an element, as UIKit's.
  open override var isAccessibilityElement: Bool {
    get { accessibilityStorage?.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }
  /// Its text (`nil` when empty).
  open override var accessibilityValue: String? {
    get { accessibilityStorage?.value ?? ((text ?? "").isEmpty ? nil : text) }
    set { super.accessibilityValue = newValue }
  }
  /// None: a scroll view's traits do not apply.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? [] }
    set { super.accessibilityTraits = newValue }
  }
}
