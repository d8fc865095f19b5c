/// A view that displays one or more lines of read-only text, as `UILabel`.
///
/// Its intrinsic content size is the size of its text set in `font` by the font-metrics
/// model (`docs/text-metrics.md`), wrapped to `preferredMaxLayoutWidth` (or the width the
/// layout offers) when `numberOfLines` is not 1.
@MainActor
open class Label: View {
  override var layoutAlgorithm: LayoutAlgorithm { .text }

  /// The text shown.
  @exclusivity(unchecked) open var text: String? {
    didSet {
      guard text != oldValue else { return }
      // Plain text set in code replaces the attributed text, as UIKit's `text` does.
      if attributedPieces != nil, text != attributedPieces?.map(\.text).joined() {
        attributedPieces = nil
        attributedSource = nil
      }
      invalidateIntrinsicContentSize()
    }
  }
  /// The attributed text's pieces, as set (Label+AttributedText.swift); nil for plain text.
  var attributedPieces: [AttributedPiece]? {
    didSet { if attributedPieces != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// The attributed string as set, returned by `attributedText`.
  var attributedSource: AnyObject?
  /// The font; the system font at 17 points by default, as UIKit.
  @exclusivity(unchecked) open var font: Font = .systemFont(ofSize: 17) {
    didSet {
      if font != oldValue {
        invalidateIntrinsicContentSize()
        titleOwner?.invalidateIntrinsicContentSize()
      }
    }
  }
  /// Whether the font follows the scene's content size category
  /// (`ContentSizeCategoryAdjusting`; false by default, as UIKit).
  public var adjustsFontForContentSizeCategory = false {
    didSet { if adjustsFontForContentSizeCategory { adjustFontToWindow() } }
  }
  /// The button whose `titleLabel` this is: its size and drawn font follow this font.
  // Unowned, emptied by the button as it dies: a weak reference would give the button a
  // side table (see `LayoutItemReference`).
  nonisolated(unsafe) unowned(unsafe) var titleOwner: Button?
  /// The text colour.
  open var textColor: Color = .label { didSet { setNeedsDisplay() } }
  /// The horizontal alignment of the lines.
  open var textAlignment: TextAlignment = .natural { didSet { setNeedsDisplay() } }
  /// The maximum number of lines; 0 means no limit.
  @exclusivity(unchecked) open var numberOfLines = 1 {
    didSet {
      guard numberOfLines != oldValue else { return }
      // Whether a label wraps decides how a constraint scope holding it is measured.
      ConstraintScope.constraintsOrHierarchyChanged()
      invalidateIntrinsicContentSize()
    }
  }
  /// How lines are wrapped and the last one truncated.
  open var lineBreakMode: LineBreakMode = .byTruncatingTail {
    didSet { if lineBreakMode != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// The width at which a multi-line label wraps for its intrinsic size; 0 wraps at the
  /// width the layout gives it.
  @exclusivity(unchecked) open var preferredMaxLayoutWidth: Double = 0 {
    didSet { if preferredMaxLayoutWidth != oldValue { invalidateIntrinsicContentSize() } }
  }
  /// Whether the label draws as enabled.
  open var isEnabled = true { didSet { setNeedsDisplay() } }

  /// A label with the given frame.
  public override init(frame: Rect) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  /// The text set in lines at `maxWidth` by the metrics model.
  public func textLayout(maxWidth: Double = .infinity) -> TextLayout {
    TextLayout(
      text: text ?? "", font: font, maxWidth: numberOfLines == 1 ? .infinity : maxWidth,
      numberOfLines: numberOfLines, lineBreakMode: lineBreakMode)
  }

  /// The size of the text: one line's width and height for a one-line label; for a
  /// multi-line label the text wrapped at `preferredMaxLayoutWidth`, or at the width the last
  /// layout pass gave the label. An empty label is zero by zero, as UIKit's.
  open override var intrinsicContentSize: Size {
    if attributedPieces != nil {
      let width = preferredMaxLayoutWidth > 0 ? preferredMaxLayoutWidth : layoutState.wrappingWidth
      return runLayout(maxWidth: width > 0 ? width : .infinity).size
    }
    let width =
      preferredMaxLayoutWidth > 0
      ? preferredMaxLayoutWidth
      : (layoutState.wrappingWidth > 0 ? layoutState.wrappingWidth : .infinity)
    if numberOfLines == 1 || width == .infinity,
      let size = TextLayout.singleLineSize(of: text ?? "", font: font)
    {
      return size
    }
    return textLayout(maxWidth: width).size
  }

  /// The text's size when wrapped at `size.width` (no limit when 0).
  open override func sizeThatFits(_ size: Size) -> Size {
    if attributedPieces != nil {
      return runLayout(maxWidth: size.width > 0 ? size.width : .infinity).size
    }
    return textLayout(maxWidth: size.width > 0 ? size.width : .infinity).size
  }

  /// The text block is centred vertically in the label, as UILabel draws it; the first
  /// baseline is an ascender below its top, the last one a descender above its bottom.
  override func baselineOffset(first: Bool) -> (heightFactor: Double, constant: Double)? {
    if let runs = textRuns {
      // The first line's tallest font sets the first baseline; the last line's the last.
      let layout = runLayout(
        maxWidth: layoutState.wrappingWidth > 0 ? layoutState.wrappingWidth : .infinity)
      let blockHeight = layout.lineHeights.reduce(0, +)
      let tallest = runs.map(\.font).max { $0.lineHeight < $1.lineHeight } ?? font
      if first { return (0.5, -blockHeight / 2 + tallest.ascender) }
      return (0.5, blockHeight / 2 + tallest.descender)
    }
    let layout = textLayout(
      maxWidth: layoutState.wrappingWidth > 0 ? layoutState.wrappingWidth : .infinity)
    let lines = max(layout.lines.count, 1)
    let blockHeight = Double(lines) * font.lineHeight
    let line = first ? 0 : Double(lines - 1)
    return (0.5, -blockHeight / 2 + line * font.lineHeight + font.ascender)
  }

  /// Takes the width a solved pass gave a wrapping label as the width it wraps at; returns
  /// whether that changes its intrinsic height, so that the pass must solve again.
  func takeSolvedWidth(from pass: LayoutPass) -> Bool {
    guard numberOfLines != 1, preferredMaxLayoutWidth == 0,
      let frame = pass.solvedFrame(of: self), frame.width > 0,
      abs(frame.width - layoutState.wrappingWidth) > 1e-6
    else { return false }
    let wasUnlimited = layoutState.wrappingWidth == 0
    layoutState.wrappingWidth = frame.width
    layoutState.cachedIntrinsicSize = nil
    // A label whose width came from its own unwrapped text does not need to re-solve.
    let unwrappedWidth =
      attributedPieces != nil ? runLayout(maxWidth: .infinity).size.width : textLayout().size.width
    return !(wasUnlimited && unwrappedWidth <= frame.width)
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// A label is an element, as UIKit's.
  open override var isAccessibilityElement: Bool {
    get { accessibilityStorage?.isElement ?? true }
    set { super.isAccessibilityElement = newValue }
  }
  /// Its text, as UIKit's.
  open override var accessibilityLabel: String? {
    get { accessibilityStorage?.label ?? text }
    set { super.accessibilityLabel = newValue }
  }
  /// `staticText`, with `notEnabled` while disabled, as UIKit's.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? (isEnabled ? .staticText : [.staticText, .notEnabled]) }
    set { super.accessibilityTraits = newValue }
  }
}
