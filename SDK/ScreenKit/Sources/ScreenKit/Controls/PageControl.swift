/// A row of dots, one per page, with the current page's dot highlighted, as
/// `UIPageControl`.
///
/// `numberOfPages` is 0 and `currentPage` 0 by default; `currentPage` is always a page
/// there is (UIKit: "values outside the possible range are pinned to either 0 or
/// numberOfPages - 1"). A tap (or a finger lifted inside the control) in the trailing half
/// moves one page on, in the leading half one page back (the right half is "on" in a
/// left-to-right layout, the left half in a right-to-left one, whose pages run from the
/// right), and sends `valueChanged`; setting `currentPage` in code
/// sends nothing. With `hidesForSinglePage` a control of one page shows no dots.
///
/// Dots are 7 points wide, 16 points apart centre to centre, in a 37-point-high control,
/// as UIKit's classic page control draws them; ``size(forNumberOfPages:)`` follows them.
@MainActor
open class PageControl: Control {
  /// The number of pages (dots), 0 or more.
  open var numberOfPages = 0 {
    didSet {
      if numberOfPages < 0 { numberOfPages = 0 }
      storedPage = pinned(storedPage)
      setNeedsDisplay()
      invalidateIntrinsicContentSize()
    }
  }

  /// The current page, pinned to `0...numberOfPages - 1` (0 with no pages).
  open var currentPage: Int {
    get { storedPage }
    set { storedPage = pinned(newValue) }
  }
  private var storedPage = 0 { didSet { if storedPage != oldValue { setNeedsDisplay() } } }

  /// Whether a control with a single page shows nothing (false by default).
  open var hidesForSinglePage = false { didSet { setNeedsDisplay() } }

  /// The colour of the other pages' dots; `nil` draws UIKit's translucent dots.
  open var pageIndicatorTintColor: Color? { didSet { setNeedsDisplay() } }
  /// The colour of the current page's dot; `nil` draws UIKit's opaque dot.
  open var currentPageIndicatorTintColor: Color? { didSet { setNeedsDisplay() } }

  /// A page control with the given frame.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// The size that shows `pageCount` dots: 16 points per dot less the last gap, 37 high.
  open func size(forNumberOfPages pageCount: Int) -> Size {
    let count = max(pageCount, 0)
    let width = count == 0 ? 0 : Double(count) * Self.indicatorPitch - Self.indicatorGap
    return Size(width: width, height: Self.standardHeight)
  }

  /// The size of the control's dots.
  open override var intrinsicContentSize: Size { size(forNumberOfPages: numberOfPages) }

  /// Whether dots are drawn now (not with one page and `hidesForSinglePage`).
  public var showsIndicators: Bool { !(hidesForSinglePage && numberOfPages == 1) }

  /// A dot's diameter.
  nonisolated public static let indicatorDiameter: Double = 7
  /// The distance between neighbouring dots' centres.
  nonisolated public static let indicatorPitch: Double = 16
  /// The gap between neighbouring dots.
  nonisolated public static let indicatorGap: Double = indicatorPitch - indicatorDiameter
  /// The control's height.
  nonisolated public static let standardHeight: Double = 37

  private func pinned(_ page: Int) -> Int { min(max(page, 0), max(numberOfPages - 1, 0)) }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// "page 2 of 5", as UIKit reads a page control.
  open override var accessibilityValue: String? {
    get { accessibilityStorage?.value ?? "page \(currentPage + 1) of \(numberOfPages)" }
    set { super.accessibilityValue = newValue }
  }
  /// `adjustable`, with the control's state traits.
  open override var accessibilityTraits: AccessibilityTraits {
    get { accessibilityStorage?.traits ?? accessibilityStateTraits(.adjustable) }
    set { super.accessibilityTraits = newValue }
  }
  /// Moves one page on, as UIKit's; `valueChanged` when the page changed.
  open override func accessibilityIncrement() {
    _ = try? receiveValue(Double(currentPage + 1), component: nil)
  }
  /// Moves one page back; `valueChanged` when the page changed.
  open override func accessibilityDecrement() {
    _ = try? receiveValue(Double(currentPage - 1), component: nil)
  }
}

/// A tap on either side of the current dot moves one page; the `value` event picks a page.
extension PageControl: PointTapReceiving, ValueInputReceiving, TouchUpInsideReacting {
  /// A tracked touch ended on a half: `touchUpInside`, then the page moves as for a tap.
  func touchUpInside(at point: Point) {
    sendActions(for: .touchUpInside)
    _ = receiveTap(at: point)
  }

  /// One page back for a tap in the leading half of the control, one page on for a tap in
  /// the trailing half; `valueChanged` when the page changed.
  public func receiveTap(at point: Point) -> Bool {
    guard isEnabled, showsIndicators, numberOfPages > 0 else { return false }
    let forward = isInTrailingHalf(point)
    return move(to: storedPage + (forward ? 1 : -1))
  }

  /// Goes to page `value` (rounded, pinned to the pages); `valueChanged` when it changed.
  public func receiveValue(_ value: Double, component: Int?) throws(InputError) -> Bool {
    if component != nil { throw .invalidValue("a page control has no components") }
    guard isEnabled else { return false }
    let page = Int(min(max(value.rounded(), -1), Double(numberOfPages)))
    return move(to: page)
  }

  private func move(to page: Int) -> Bool {
    let target = pinned(page)
    guard target != storedPage else { return false }
    storedPage = target
    sendActions(for: .valueChanged)
    return true
  }
}
