/// A horizontal row of segments, each working as a button, of which one is selected, as
/// `UISegmentedControl`.
///
/// `selectedSegmentIndex` is ``noSegment`` (-1) until a segment is chosen. A tap on an
/// enabled segment other than the selected one selects it and sends `valueChanged`; setting
/// the index in code sends nothing. A momentary control (`isMomentary`) shows no selection:
/// a tap sends `valueChanged` with the tapped index selected while the actions run, then
/// the index goes back to ``noSegment``, as UIKit "doesn't update the value of
/// selectedSegmentIndex after tracking ends".
///
/// Touches: the enabled segment under the finger is highlighted while it is down (a drag
/// across segments moves the highlight, ``highlightedSegmentIndex``) and chosen when it
/// lifts inside the control, as a tap on it; segments run from the leading edge (the right
/// in a right-to-left layout, as UIKit flips the control).
///
/// Segment widths: a segment given a width (`setWidth(_:forSegmentAt:)`, 0 for automatic)
/// keeps it; the others share the rest of the control's width equally, or in proportion to
/// their titles' widths with `apportionsSegmentWidthsByContent`, as UIKit "automatically
/// resizes segments to fit proportionally within their superview unless they have a
/// specific width set". Its height is UIKit's 32 points (iOS 13 and later); its intrinsic
/// width fits every title (see ``intrinsicContentSize``).
@MainActor
open class SegmentedControl: Control {
  /// One segment's title, whether it takes taps, and its fixed width (0: automatic).
  private struct Segment: Equatable {
    var title: String?
    var isEnabled = true
    var width: Double = 0
  }

  /// `UISegmentedControl.noSegment`: no segment is selected.
  nonisolated public static let noSegment = -1

  private var segments: [Segment] = [] {
    didSet {
      setNeedsDisplay()
      invalidateIntrinsicContentSize()
    }
  }

  /// The index of the selected segment, or ``noSegment``. An index that names no segment
  /// is ignored (the selection stays).
  open var selectedSegmentIndex: Int {
    get { storedSelection }
    set {
      guard newValue == SegmentedControl.noSegment || segments.indices.contains(newValue)
      else { return }
      storedSelection = newValue
    }
  }
  private var storedSelection = SegmentedControl.noSegment {
    didSet { if storedSelection != oldValue { setNeedsDisplay() } }
  }

  /// Whether segments show no selected state (false by default).
  open var isMomentary = false { didSet { setNeedsDisplay() } }

  /// Whether automatic segment widths follow their titles' widths (false by default: equal).
  open var apportionsSegmentWidthsByContent = false {
    didSet {
      setNeedsDisplay()
      invalidateIntrinsicContentSize()
    }
  }

  /// The colour of the selected segment; `nil` draws ``defaultSelectedSegmentTintColor``.
  open var selectedSegmentTintColor: Color? { didSet { setNeedsDisplay() } }

  /// UIKit's selected segment: white in light mode, `systemGray` #636366 in dark mode.
  nonisolated public static let defaultSelectedSegmentTintColor = Color(
    light: .white, dark: Color(rgb: 0x636366))

  /// An empty control with the given frame.
  public override init(frame: Rect) {
    super.init(frame: frame)
  }

  /// A control with a segment per title, sized to fit them, with no segment selected.
  public convenience init(items: [String]?) {
    self.init(frame: .zero)
    segments = (items ?? []).map { Segment(title: $0) }
    frame.size = intrinsicContentSize
  }

  /// The number of segments.
  open var numberOfSegments: Int { segments.count }

  /// Inserts a segment titled `title` before `segment` (pinned to `0...numberOfSegments`);
  /// the selected segment stays selected. ScreenKit does not animate.
  open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
    let index = min(max(segment, 0), segments.count)
    segments.insert(Segment(title: title), at: index)
    if storedSelection >= index { storedSelection += 1 }
  }

  /// Removes the segment at `segment`; when it was selected nothing is selected after.
  open func removeSegment(at segment: Int, animated: Bool) {
    guard segments.indices.contains(segment) else { return }
    segments.remove(at: segment)
    if storedSelection == segment {
      storedSelection = SegmentedControl.noSegment
    } else if storedSelection > segment {
      storedSelection -= 1
    }
  }

  /// Removes every segment; nothing is selected.
  open func removeAllSegments() {
    segments.removeAll()
    storedSelection = SegmentedControl.noSegment
  }

  /// Sets the title of the segment at `segment`.
  open func setTitle(_ title: String?, forSegmentAt segment: Int) {
    guard segments.indices.contains(segment) else { return }
    segments[segment].title = title
  }

  /// The title of the segment at `segment`.
  open func titleForSegment(at segment: Int) -> String? {
    segments.indices.contains(segment) ? segments[segment].title : nil
  }

  /// Enables or disables the segment at `segment` (a disabled segment takes no taps).
  open func setEnabled(_ enabled: Bool, forSegmentAt segment: Int) {
    guard segments.indices.contains(segment) else { return }
    segments[segment].isEnabled = enabled
  }

  /// Whether the segment at `segment` is enabled.
  open func isEnabledForSegment(at segment: Int) -> Bool {
    segments.indices.contains(segment) ? segments[segment].isEnabled : false
  }

  /// Fixes the width of the segment at `segment`; 0 makes it automatic (the default).
  open func setWidth(_ width: Double, forSegmentAt segment: Int) {
    guard segments.indices.contains(segment), width.isFinite, width >= 0 else { return }
    segments[segment].width = width
  }

  /// The fixed width of the segment at `segment` (0: automatic).
  open func widthForSegment(at segment: Int) -> Double {
    segments.indices.contains(segment) ? segments[segment].width : 0
  }

  /// The font titles are measured and drawn in: UIKit's 13-point system font (iOS 13 and
  /// later draw the selected title semibold; both are measured at semibold so that the
  /// widths do not move when the selection does).
  nonisolated public static let titleFont = Font.systemFont(ofSize: 13, weight: .semibold)
  /// The room beside a title inside its segment, on each side.
  nonisolated public static let titlePadding: Double = 12
  /// UIKit's segmented control height (iOS 13 and later).
  nonisolated public static let standardHeight: Double = 32

  /// The width a segment's title needs, with its padding.
  private func contentWidth(of segment: Segment) -> Double {
    let text = segment.title.map { Self.titleFont.width(of: $0) } ?? 0
    return (text + 2 * Self.titlePadding).rounded(.up)
  }

  /// Fits every title: each automatic segment as wide as the widest title (or its own with
  /// `apportionsSegmentWidthsByContent`), fixed segments at their widths; 32 points high.
  open override var intrinsicContentSize: Size {
    let widest = segments.map(contentWidth).max() ?? 0
    let width = segments.reduce(0.0) { total, segment in
      if segment.width > 0 { return total + segment.width }
      return total + (apportionsSegmentWidthsByContent ? contentWidth(of: segment) : widest)
    }
    return Size(width: width, height: Self.standardHeight)
  }

  /// The segments' widths in the current bounds, in order: fixed widths as set, the rest
  /// of the width shared by the automatic segments (equally, or by content).
  public var segmentWidths: [Double] {
    let fixed = segments.reduce(0.0) { $0 + $1.width }
    let automatic = segments.filter { $0.width == 0 }
    let rest = max(bounds.width - fixed, 0)
    let weights = automatic.map { apportionsSegmentWidthsByContent ? contentWidth(of: $0) : 1 }
    let totalWeight = weights.reduce(0, +)
    var automaticIndex = 0
    return segments.map { segment in
      if segment.width > 0 { return segment.width }
      defer { automaticIndex += 1 }
      guard totalWeight > 0 else { return 0 }
      return rest * weights[automaticIndex] / totalWeight
    }
  }

  /// The index of the segment at `x` in the control's coordinates, if any.
  public func segmentIndex(atX x: Double) -> Int? {
    var start = 0.0
    for (index, width) in segmentWidths.enumerated() {
      if x >= start, x < start + width { return index }
      start += width
    }
    return nil
  }

  // MARK: Touches

  /// The enabled segment under the tracked finger, highlighted while it is down; `nil`
  /// when no finger is down or it is off the segments.
  public private(set) var highlightedSegmentIndex: Int? {
    didSet { if highlightedSegmentIndex != oldValue { setNeedsDisplay() } }
  }

  /// Highlights the segment under the finger.
  open override func beginTracking(_ touch: Touch, with event: ScreenKit.Event?) -> Bool {
    highlightSegment(under: touch)
    return super.beginTracking(touch, with: event)
  }

  /// Moves the highlight to the segment under the finger (none outside the control).
  open override func continueTracking(_ touch: Touch, with event: ScreenKit.Event?) -> Bool {
    highlightSegment(under: touch)
    return super.continueTracking(touch, with: event)
  }

  /// The finger lifted: no highlight (the choice is made with `touchUpInside`).
  open override func endTracking(_ touch: Touch?, with event: ScreenKit.Event?) {
    highlightedSegmentIndex = nil
    super.endTracking(touch, with: event)
  }

  /// The finger was cancelled: no highlight, nothing chosen.
  open override func cancelTracking(with event: ScreenKit.Event?) {
    highlightedSegmentIndex = nil
    super.cancelTracking(with: event)
  }

  private func highlightSegment(under touch: Touch) {
    let point = touch.location(in: self)
    guard bounds.contains(point), let index = segmentIndex(at: point),
      isEnabledForSegment(at: index)
    else {
      highlightedSegmentIndex = nil
      return
    }
    highlightedSegmentIndex = index
  }

  /// The index of the segment at `point` in the control's coordinates, segments running
  /// from the leading edge.
  func segmentIndex(at point: Point) -> Int? {
    segmentIndex(atX: leadingOffset(ofX: point.x))
  }

  // MARK: Accessibility defaults (UIKit's for this type)

  /// Not an element itself: each segment is one (``accessibilityElements``), as UIKit's.
  open override var isAccessibilityElement: Bool {
    get { accessibilityStorage?.isElement ?? false }
    set { super.isAccessibilityElement = newValue }
  }
  /// One element per segment, labelled by its title, with the `button` trait, `selected`
  /// on the selected segment and `notEnabled` on a disabled one, as UIKit's segments.
  open override var accessibilityElements: [Any]? {
    get { accessibilityStorage?.elements ?? accessibilitySegmentElements }
    set { super.accessibilityElements = newValue }
  }
  /// Selects the next segment, as UIKit's; `valueChanged` when it changed.
  open override func accessibilityIncrement() { accessibilityMoveSelection(by: 1) }
  /// Selects the previous segment; `valueChanged` when it changed.
  open override func accessibilityDecrement() { accessibilityMoveSelection(by: -1) }
}

/// A tap selects the segment under it; the `value` event selects a segment by index.
extension SegmentedControl: PointTapReceiving, ValueInputReceiving, TouchUpInsideReacting {
  /// Selects the enabled segment at `point`; `valueChanged` when the selection changed (a
  /// momentary control sends it for every tap on an enabled segment).
  public func receiveTap(at point: Point) -> Bool {
    guard isEnabled, let index = segmentIndex(at: point) else { return false }
    return choose(index)
  }

  /// Selects the segment at index `value` as a tap on it would. An index that names no
  /// segment is `invalidValue`; a disabled segment is not chosen.
  public func receiveValue(_ value: Double, component: Int?) throws(InputError) -> Bool {
    if component != nil { throw .invalidValue("a segmented control has no components") }
    guard value.rounded() == value, let index = Int(exactly: value),
      segments.indices.contains(index)
    else {
      throw .invalidValue(
        "the segment index must be a whole number in 0..<\(segments.count), not \(value)")
    }
    guard isEnabled else { return false }
    return choose(index)
  }

  /// A tracked touch ended on a segment: chosen as a tap on it chooses it.
  func touchUpInside(at point: Point) {
    guard let index = segmentIndex(at: point), segments[index].isEnabled else {
      sendActions(for: .touchUpInside)
      return
    }
    _ = select(index)
  }

  private func choose(_ index: Int) -> Bool {
    guard segments[index].isEnabled else { return false }
    isHighlighted = true
    sendActions(for: .touchDown)
    isHighlighted = false
    return select(index)
  }

  /// Selects segment `index` (a momentary control's selection lasts for the events),
  /// sending `touchUpInside` and then `valueChanged`.
  private func select(_ index: Int) -> Bool {
    if isMomentary {
      storedSelection = index
      sendActions(for: .touchUpInside)
      sendActions(for: .valueChanged)
      storedSelection = SegmentedControl.noSegment
      return true
    }
    let changed = storedSelection != index
    storedSelection = index
    sendActions(for: .touchUpInside)
    if changed { sendActions(for: .valueChanged) }
    return changed
  }
}
