import ScreenKit

/// Pages to flick through: a horizontal scroll view with paging on, five coloured pages,
/// and a status line that names the page the content came to rest on. The status changes
/// only when the scroll view's deceleration has ended on the host
/// (`scrollViewDidEndDecelerating`), after the fling's duration, and reaches clients as a
/// change of its own; a drag released at rest names its page at once.
///
/// Keys: `pages` (the scroll view), `page1` … `page5`, `pageStatus`. Emits `paged {page}`
/// (from 1) when the content comes to rest on another page.
final class PagesViewController: ViewController, ScrollViewDelegate {
  nonisolated static let component = Component.viewController(
    "demo.Pages",
    summary: "Flick through pages: a paging scroll view that decelerates on the client",
    events: ["paged"]
  ) { context in PagesViewController { context.emit($0, $1) } }

  /// The pages' colours, one page each: fills white text reads on (`GalleryPalette`).
  private static let colors: [Color] = [
    GalleryPalette.buttonFill, GalleryPalette.greenFill, GalleryPalette.orangeFill,
    GalleryPalette.purpleFill, GalleryPalette.pinkFill,
  ]

  private let emit: (String, ParamValue) -> Void
  private let scrollView = ScrollView()
  private let status = Label()
  private var pages: [Label] = []
  private var currentPage = 0
  /// The width the pages were last placed for.
  private var laidOutWidth = 0.0

  init(emit: @escaping (String, ParamValue) -> Void) {
    self.emit = emit
    super.init()
    title = String(localized: "Pages")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    scrollView.isPagingEnabled = true
    scrollView.delegate = self
    scrollView.accessibilityIdentifier = "pages"
    for (index, color) in Self.colors.enumerated() {
      let page = Label()
      page.text = String(format: String(localized: "Page %d"), index + 1)
      page.textAlignment = .center
      page.textColor = .white
      page.font = .systemFont(ofSize: 28, weight: .semibold)
      page.backgroundColor = color
      page.accessibilityIdentifier = "page\(index + 1)"
      scrollView.addSubview(page)
      pages.append(page)
    }
    status.textAlignment = .center
    status.accessibilityIdentifier = "pageStatus"
    showStatus()
    view.addSubview(scrollView)
    view.addSubview(status)
  }

  override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let insets = view.safeAreaInsets
    let width = view.bounds.width
    let height = max(0, view.bounds.height - insets.top - insets.bottom - 60)
    scrollView.frame = Rect(x: 0, y: insets.top, width: width, height: height)
    for (index, page) in pages.enumerated() {
      page.frame = Rect(x: offset(ofPage: index, width: width), y: 0, width: width, height: height)
    }
    scrollView.contentSize = Size(width: width * Double(pages.count), height: height)
    // A scroll view's frames and offset are not mirrored for it: right to left the first
    // page is the rightmost, and the view starts there (and stays on its page when resized).
    if width != laidOutWidth {
      laidOutWidth = width
      scrollView.contentOffset = Point(x: offset(ofPage: currentPage, width: width), y: 0)
    }
    status.frame = Rect(x: 16, y: insets.top + height + 10, width: width - 32, height: 40)
  }

  /// Where page `index` starts in the content: from the left, or right to left from the right.
  private func offset(ofPage index: Int, width: Double) -> Double {
    let slot = view.isRightToLeftLayout ? pages.count - 1 - index : index
    return Double(slot) * width
  }

  private func showStatus() {
    status.text = String(format: String(localized: "Page %d of %d"), currentPage + 1, pages.count)
  }

  /// The page the content rests on now.
  private func settle(_ scrollView: ScrollView) {
    guard scrollView.frame.width > 0 else { return }
    let slot = Int((scrollView.contentOffset.x / scrollView.frame.width).rounded())
    let page = view.isRightToLeftLayout ? pages.count - 1 - slot : slot
    guard page != currentPage else { return }
    currentPage = page
    showStatus()
    emit("paged", ["page": .int(Int64(page + 1))])
  }

  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
    if !decelerate { settle(scrollView) }
  }

  func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
    settle(scrollView)
  }
}

extension View {
  /// Whether the view lays out right to left (UIKit's `effectiveUserInterfaceLayoutDirection`).
  fileprivate var isRightToLeftLayout: Bool {
    effectiveUserInterfaceLayoutDirection == .rightToLeft
  }
}
