/// The order assistive technologies read a view's elements in, as UIKit's VoiceOver orders
/// them; the web client's DOM order and the focus engine's Tab order follow it too.
extension View {
  /// How many points apart two elements' tops may be and still be read as one line,
  /// leading to trailing, at least: VoiceOver treats frames whose origins differ by less
  /// than 8 points vertically as in line (as measured by Cash App's AccessibilitySnapshot,
  /// which reproduces VoiceOver's order). A taller first element takes in what starts above
  /// its vertical centre (a stepper beside its caption).
  public nonisolated static let accessibilityLineTolerance: Double = 8

  /// The elements under this view (the view itself when it is one) in reading order.
  ///
  /// The rules, as UIKit's VoiceOver applies them:
  /// * A hidden view, a transparent one (alpha below 0.01) and one with
  ///   ``accessibilityElementsHidden`` contribute nothing.
  /// * An element (``isAccessibilityElement``) is read as one item; its subviews are not.
  /// * A container's ``accessibilityElements`` give its order; a view listed that is not
  ///   an element contributes its own elements in their order, an ``AccessibilityElement``
  ///   counts when its `isAccessibilityElement` is `true`.
  /// * Otherwise the elements of its subviews are sorted by their frames in the window: top
  ///   to bottom in lines (an element whose top is less than ``accessibilityLineTolerance``,
  ///   or half the height of the line's first element if more, below that element's top is
  ///   in its line), leading to trailing within a line: left to right, and right to left
  ///   when the container's ``effectiveUserInterfaceLayoutDirection`` is right to left (as
  ///   VoiceOver reads an Arabic screen). A subview that groups its
  ///   children (``shouldGroupAccessibilityChildren``) or lists them
  ///   (``accessibilityElements``) is sorted as one unit by its own frame and read whole.
  /// * When a subview is modal (``accessibilityViewIsModal``), or holds one, its siblings
  ///   are ignored: only the last such subview is read.
  public var accessibilityReadingOrder: [AccessibilityItem] {
    accessibilityUnits().items
  }

  /// This view's reading units: elements and groups, flagged when it holds a modal view.
  private func accessibilityUnits() -> (items: [AccessibilityItem], modal: Bool) {
    if isHidden || alpha < 0.01 || accessibilityElementsHidden { return ([], false) }
    let modal = accessibilityViewIsModal
    if isAccessibilityElement { return ([.view(self)], modal) }
    let (items, holdsModal) = accessibilityContentUnits()
    return (items, modal || holdsModal)
  }

  /// The elements of this view's content in reading order, as if the view were no element
  /// itself (what a cell combines into its label).
  var accessibilityContentOrder: [AccessibilityItem] { accessibilityContentUnits().items }

  /// The reading units of the view's listed elements or of its subviews.
  private func accessibilityContentUnits() -> (items: [AccessibilityItem], modal: Bool) {
    let modal = false
    if let listed = accessibilityElements {
      var items: [AccessibilityItem] = []
      for entry in listed {
        if let view = entry as? View {
          items += view.accessibilityUnits().items
        } else if let element = entry as? AccessibilityElement, element.isAccessibilityElement {
          items.append(.element(element))
        }
      }
      return (items, modal)
    }
    // Each subview's items, one unit per grouping subview, sorted by frame.
    var units: [(frame: Rect, items: [AccessibilityItem])] = []
    var modalUnits: [(frame: Rect, items: [AccessibilityItem])]?
    for subview in subviews {
      let (items, holdsModal) = subview.accessibilityUnits()
      if items.isEmpty && !holdsModal { continue }
      let grouped = subview.shouldGroupAccessibilityChildren || subview.accessibilityElements != nil
      let entries: [(frame: Rect, items: [AccessibilityItem])] =
        grouped
        ? [(subview.accessibilityFrame, items)] : items.map { ($0.frame, [$0]) }
      if holdsModal {
        modalUnits = entries  // a later modal subview wins
      } else if modalUnits == nil {
        units += entries
      }
    }
    let rightToLeft = effectiveUserInterfaceLayoutDirection == .rightToLeft
    if let modalUnits {
      return (
        Self.inReadingOrder(modalUnits, rightToLeft: rightToLeft, frame: \.frame).flatMap(\.items),
        true
      )
    }
    return (
      Self.inReadingOrder(units, rightToLeft: rightToLeft, frame: \.frame).flatMap(\.items), modal
    )
  }

  /// `items` in reading order by their frames (in one coordinate space): top to bottom in
  /// lines (an item whose top is less than ``accessibilityLineTolerance``, or half the
  /// height of the line's first item if more, below that item's top is in its line), left
  /// to right within a line (by left edges), or right to left when `rightToLeft` (by right
  /// edges, the mirror image), ties in the given order. The one rule for VoiceOver's order
  /// and the focus engine's Tab order.
  static func inReadingOrder<Item>(
    _ items: [Item], rightToLeft: Bool = false, frame: (Item) -> Rect
  ) -> [Item] {
    if items.count < 2 { return items }
    let byTop = items.enumerated().map {
      (offset: $0.offset, item: $0.element, frame: frame($0.element))
    }
    .sorted { ($0.frame.minY, $0.offset) < ($1.frame.minY, $1.offset) }
    var result: [Item] = []
    var line: [(offset: Int, item: Item, frame: Rect)] = []
    func flush() {
      result +=
        line.sorted {
          rightToLeft
            ? (-$0.frame.maxX, $0.offset) < (-$1.frame.maxX, $1.offset)
            : ($0.frame.minX, $0.offset) < ($1.frame.minX, $1.offset)
        }.map(\.item)
      line = []
    }
    for entry in byTop {
      if let first = line.first,
        entry.frame.minY - first.frame.minY
          >= max(accessibilityLineTolerance, first.frame.height / 2)
      {
        flush()
      }
      line.append(entry)
    }
    flush()
    return result
  }
}
