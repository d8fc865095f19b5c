/// A view whose content can be larger than itself and is scrolled, as `UIScrollView`.
///
/// Subviews are positioned in content coordinates; `bounds.origin` is `contentOffset`.
/// Constraints from a descendant to the scroll view's edges or centre relate to the
/// `contentLayoutGuide`, as UIKit interprets them; width and height relate to the frame.
/// Unless `contentSize` is set, it is the content guide's solved size (what the content's
/// constraints require, as small as they allow).
///
/// ScreenKit differs from UIKit in clamping `contentOffset` whenever it is set (UIKit clamps
/// only user scrolling): a client can never put the content out of range.
///
/// A finger dragging in the scroll view scrolls it through ``panGestureRecognizer``, as
/// UIKit's does: the content follows the finger along the axes that scroll, clamped to the
/// content's edges (ScreenKit does not rubber-band past them), and when the finger lifts
/// moving, the content decelerates to where the fling's projection stops (see
/// ``decelerationRate``, ``isPagingEnabled``); the delegate hears each step
/// (``ScrollViewDelegate``). The model takes the final offset at once, and the change
/// carries the deceleration for clients to run (``ViewAnimation/Deceleration``).
@MainActor
open class ScrollView: View {
  override var layoutAlgorithm: LayoutAlgorithm { .scroll }

  /// A scroll view with the given frame, scrolled by its own ``panGestureRecognizer``.
  public override init(frame: Rect) {
    super.init(frame: frame)
    panGestureRecognizer.addTarget(self, action: ScrollView.handlePan)
    addGestureRecognizer(panGestureRecognizer)
  }

  /// The recognizer of the drags that scroll the content, attached to the scroll view
  /// itself (UIKit's `panGestureRecognizer`). Its touches are the scroll view's and its
  /// subviews'; a drag that starts on a control and moves far enough to scroll cancels the
  /// control's tracking (`touchCancel`), as UIKit's ``canCancelContentTouches`` documents.
  public let panGestureRecognizer: PanGestureRecognizer = ScrollViewPanGestureRecognizer()

  /// Told when the content scrolls and how drags go (held weakly).
  public weak var delegate: (any ScrollViewDelegate)? { didSet { delegateDidChange() } }

  /// Asks the scroll view's own pan whether it may begin (`draggableAxes`, see
  /// `scrollPanShouldBegin()`); other recognizers are answered as by any view.
  open override func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    guard recognizer === panGestureRecognizer else {
      return super.gestureRecognizerShouldBegin(recognizer)
    }
    return scrollPanShouldBegin()
  }

  /// Called when the delegate changed; a list reloads.
  func delegateDidChange() {}

  /// Whether drags scroll the content (true); off, ``panGestureRecognizer`` is disabled.
  open var isScrollEnabled = true {
    didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
  }
  /// Whether a vertical drag scrolls (is a drag: ``isDragging``, the delegate's calls)
  /// even when the content is no taller than the view (false). ScreenKit clamps instead of
  /// bouncing, so the content does not move.
  public var alwaysBounceVertical = false
  /// Whether a horizontal drag scrolls even when the content is no wider than the view
  /// (false).
  public var alwaysBounceHorizontal = false
  /// Whether a fling comes to rest on a multiple of the view's size (false), moving at most
  /// one page from where the drag began, as UIKit's paging.
  public var isPagingEnabled = false
  /// How quickly a fling slows down (``DecelerationRate-swift.struct/normal``).
  public var decelerationRate = DecelerationRate.normal
  /// Whether a drag that becomes a scroll cancels the touches of the content view that
  /// was tracking it (true). With false, a drag that starts on a control tracking the
  /// finger does not scroll.
  public var canCancelContentTouches = true

  /// Whether a finger is down in the scroll view (it may not have moved enough to scroll).
  public internal(set) var isTracking = false
  /// Whether a drag is scrolling the content.
  public internal(set) var isDragging = false
  /// Whether the content is moving on after the finger lifted, until
  /// `scrollViewDidEndDecelerating`.
  public internal(set) var isDecelerating = false

  /// Where the content was when the current drag began.
  var dragStartOffset = Point.zero
  /// The deceleration under way: its path and when (host uptime) it began.
  var deceleration: ScrollDeceleration?
  /// Ends the deceleration under way after its duration.
  var decelerationTimer: Task<Void, Never>?

  /// How the safe area adds to `contentInset`, as
  /// `UIScrollView.ContentInsetAdjustmentBehavior`.
  public enum ContentInsetAdjustmentBehavior: String, Sendable, Hashable, CaseIterable {
    /// `scrollableAxes`, and vertically always (ScreenKit's reading of UIKit's
    /// compatibility rule for scroll views in view controllers).
    case automatic
    /// The safe area is added on the axes that scroll (content larger than the view).
    case scrollableAxes
    /// Never added.
    case never
    /// Always added.
    case always
  }

  /// The guide whose frame is the content's: its size is the content size.
  public private(set) lazy var contentLayoutGuide = LayoutGuide(
    kind: .scrollContent, owner: self, identifier: "contentLayoutGuide")
  /// The guide whose frame is the scroll view's (untransformed) frame.
  public private(set) lazy var frameLayoutGuide = LayoutGuide(
    kind: .scrollFrame, owner: self, identifier: "frameLayoutGuide")

  private(set) var explicitContentSize: Size?
  private var solvedContentSize: Size = .zero
  private var offset: Point = .zero {
    didSet {
      if offset != oldValue {
        setNeedsDisplay()
        contentOffsetDidChange()
      }
    }
  }
  /// A restored offset, applied again once layout gives the content its size.
  private var restoredOffset: Point?

  /// The size of the content; setting it overrides what the content guide's constraints give.
  public var contentSize: Size {
    get { explicitContentSize ?? solvedContentSize }
    set {
      explicitContentSize = newValue
      setNeedsDisplay()
      clampOffset()
      setNeedsLayout()
    }
  }

  /// Extra space around the content.
  public var contentInset: EdgeInsets = .zero {
    didSet {
      setNeedsDisplay()
      clampOffset()
    }
  }

  /// How the safe area adds to the content inset.
  public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic {
    didSet { clampOffset() }
  }

  /// The inset the content really has: `contentInset` plus the safe area as
  /// `contentInsetAdjustmentBehavior` says.
  public var adjustedContentInset: EdgeInsets {
    let safe = safeAreaInsets
    let axes = safeAreaAdjustedAxes
    return EdgeInsets(
      top: contentInset.top + (axes.vertical ? safe.top : 0),
      left: contentInset.left + (axes.horizontal ? safe.left : 0),
      bottom: contentInset.bottom + (axes.vertical ? safe.bottom : 0),
      right: contentInset.right + (axes.horizontal ? safe.right : 0))
  }

  /// The axes on which the safe area becomes content inset. On these the content is already
  /// clear of the safe area, so, as UIKit's scroll view does, the scroll view passes its
  /// subviews no safe area there: a margins-relative stack in the content starts at its
  /// margin below the bars, not the bars' height again below that.
  var safeAreaAdjustedAxes: (vertical: Bool, horizontal: Bool) {
    let size = contentSize
    let scrollsVertically = size.height > frame.height
    let scrollsHorizontally = size.width > frame.width
    switch contentInsetAdjustmentBehavior {
    case .never: return (false, false)
    case .always: return (true, true)
    case .scrollableAxes: return (scrollsVertically, scrollsHorizontally)
    case .automatic: return (true, scrollsHorizontally)
    }
  }

  /// The point of the content at the view's top-left corner, clamped to
  /// `-adjustedContentInset.top … contentSize.height + adjustedContentInset.bottom − height`
  /// (and likewise horizontally).
  /// Setting it stops a deceleration under way, as in UIKit.
  public var contentOffset: Point {
    get { offset }
    set {
      if deceleration != nil { endDecelerationUnannounced() }
      restoredOffset = nil
      offsetIsInitial = false
      offset = clamped(newValue)
    }
  }

  /// Whether nobody has set the offset yet: it then stays at the top of the adjusted inset as
  /// that inset changes, so that content starts below the bars, as UIKit's does
  /// (`-adjustedContentInset.top`).
  private var offsetIsInitial = true

  /// Clamps the offset to the range after the content size or insets changed; an initial
  /// offset follows the top of the range.
  func clampOffset() {
    if offsetIsInitial {
      offset = clamped(Point(x: offset.x, y: -adjustedContentInset.top))
    } else {
      offset = clamped(offset)
    }
  }

  /// Sets the offset (ScreenKit does not animate).
  public func setContentOffset(_ offset: Point, animated: Bool) {
    contentOffset = offset
  }

  /// The offset range along each axis.
  public var contentOffsetRange: (x: ClosedRange<Double>, y: ClosedRange<Double>) {
    let inset = adjustedContentInset
    let minX = -inset.left
    let minY = -inset.top
    let maxX = max(minX, contentSize.width + inset.right - frame.width)
    let maxY = max(minY, contentSize.height + inset.bottom - frame.height)
    return (minX...maxX, minY...maxY)
  }

  func clamped(_ point: Point) -> Point {
    let range = contentOffsetRange
    return Point(
      x: min(max(point.x, range.x.lowerBound), range.x.upperBound),
      y: min(max(point.y, range.y.lowerBound), range.y.upperBound))
  }

  open override var bounds: Rect { Rect(origin: offset, size: frame.size) }

  /// Called when the content offset changed: the delegate hears of it; a list lays out the
  /// rows that came into view first.
  func contentOffsetDidChange() {
    delegate?.scrollViewDidScroll(self)
  }

  /// Adds the content guide's constraints to a simplex pass: pinned to the top-left, its
  /// size the set `contentSize` or as small as the content's constraints allow.
  func addContentGuideConstraints(to pass: LayoutPass) {
    let content = contentLayoutGuide
    pass.add(content, .left, .equal, self, .left)
    pass.add(content, .top, .equal, self, .top)
    if let explicitContentSize {
      pass.add(content, .width, .equal, nil, nil, constant: explicitContentSize.width)
      pass.add(content, .height, .equal, nil, nil, constant: explicitContentSize.height)
    } else {
      pass.add(content, .width, .greaterThanOrEqual, nil, nil, constant: 0)
      pass.add(content, .height, .greaterThanOrEqual, nil, nil, constant: 0)
      // As small as the content's constraints allow.
      pass.add(content, .width, .equal, nil, nil, constant: 0, priority: 1)
      pass.add(content, .height, .equal, nil, nil, constant: 0, priority: 1)
    }
    pass.pin(frameLayoutGuide, to: self, insets: .zero)
  }

  /// Saves `contentOffset` as `[x, y]` (key `ScrollView.contentOffset`).
  open override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode([contentOffset.x, contentOffset.y], forKey: "ScrollView.contentOffset")
  }

  /// Restores `contentOffset`. Restoration runs before the first layout, when the content
  /// has no size yet, so the offset is applied again after each layout until the content is
  /// large enough for it (clamped meanwhile) or the offset is set.
  open override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    guard let saved = coder.decodeDoubleArray(forKey: "ScrollView.contentOffset"), saved.count == 2
    else { return }
    contentOffset = Point(x: saved[0], y: saved[1])
    restoredOffset = Point(x: saved[0], y: saved[1])
    setNeedsLayout()
  }

  /// Takes the content guide's size from a simplex pass, when it has one, and clamps the
  /// offset to the new range.
  func contentGuideWasResolved(size: Size?) {
    if let size { solvedContentSize = size }
    if let restored = restoredOffset {
      // Layout may settle the content size over several passes: the restored offset waits
      // until it fits, or until the offset is set.
      offset = restored
      if clamped(restored) == restored { restoredOffset = nil }
    }
    clampOffset()
    setNeedsDisplay()  // the content size and the safe area's share of the inset may move
  }
}
