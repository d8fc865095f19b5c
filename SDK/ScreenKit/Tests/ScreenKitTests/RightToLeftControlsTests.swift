import Foundation
import ScreenKit
import Testing

/// What right to left changes in the controls beyond their frames: a table row's swipe
/// directions (its leading actions are on the right, revealed by a swipe to the left) and
/// the date picker's text in the scene's locale.
@MainActor
@Suite struct RightToLeftControlsTests {
  /// A table of 20 rows (trailing action: Delete) in a window of `locale`.
  func table(in locale: String) -> (Window, TableView, RecordingTableSource) {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    window.locale = Locale(identifier: locale)
    let table = TableView(frame: Rect(x: 0, y: 0, width: 390, height: 844), style: .plain)
    table.register(TableViewCell.self, forCellReuseIdentifier: "row")
    table.rowHeight = 44
    let source = RecordingTableSource(rows: [(0..<20).map { "Row \($0)" }])
    (table.dataSource, table.delegate) = (source, source)
    window.addSubview(table)
    window.layoutIfNeeded()
    return (window, table, source)
  }

  @Test func rightToLeftASwipeRightRevealsTheTrailingActionsOnTheLeft() throws {
    let (window, table, source) = table(in: "he")
    let cell = try #require(table.cellForRow(at: IndexPath(row: 3, section: 0)))
    #expect(cell.effectiveUserInterfaceLayoutDirection == .rightToLeft)
    // Towards the leading edge (the right) is a swipe right: the trailing actions show.
    #expect(try window.swipe(cell, direction: .right))
    #expect(cell.revealedSwipeEdge == "trailing")
    let delete = try #require(cell.subviews.compactMap { $0 as? Button }.first)
    #expect(delete.currentTitle == "Delete")
    // On the left edge of the row, as the trailing side is right to left.
    #expect(delete.frame.minX == 0)
    // A swipe back the other way closes them.
    #expect(try window.swipe(cell, direction: .left))
    #expect(cell.revealedSwipeEdge == nil)
    try #require(try window.swipe(cell, direction: .right))
    window.layoutIfNeeded()
    try window.tap(try #require(cell.subviews.compactMap { $0 as? Button }.first))
    #expect(source.committed == [IndexPath(row: 3, section: 0)])
  }

  @Test func leftToRightASwipeLeftStillRevealsTheTrailingActions() throws {
    // The table's data source and delegate are weak: the source is kept to the end.
    let (window, table, source) = table(in: "en")
    defer { withExtendedLifetime(source) {} }
    let cell = try #require(table.cellForRow(at: IndexPath(row: 3, section: 0)))
    #expect(cell.effectiveUserInterfaceLayoutDirection == .leftToRight)
    #expect(cell.revealedSwipeEdge == nil)
    #expect(try !window.swipe(cell, direction: .right))
    #expect(cell.revealedSwipeEdge == nil)
    #expect(try window.swipe(cell, direction: .left))
    #expect(cell.revealedSwipeEdge == "trailing")
  }

  /// 2026-06-12 12:15 UTC.
  static let noonQuarter = Date(timeIntervalSince1970: 1_781_265_600 + 15 * 60)

  func picker(_ mode: DatePicker.Mode, locale: String?) -> DatePicker {
    let picker = DatePicker()
    picker.timeZone = TimeZone(identifier: "UTC")
    picker.datePickerMode = mode
    picker.date = Self.noonQuarter
    if let locale { picker.locale = Locale(identifier: locale) }
    return picker
  }

  /// The medium date and short time styles of CLDR's data for each language (what
  /// `DateFormatter`'s `.medium`/`.short` give, the styles of a compact `UIDatePicker`):
  /// English month-day-year with a 12-hour clock (its AM/PM after a narrow no-break space),
  /// German day.month.year with a 24-hour one, Arabic day/month/year with right-to-left
  /// marks and its own PM, Egyptian Arabic in Arabic-Indic digits.
  @Test func theDateIsWrittenAsTheLocaleWritesIt() {
    #expect(picker(.date, locale: "en").displayText == "Jun 12, 2026")
    #expect(picker(.time, locale: "en").displayText == "12:15\u{202F}PM")
    #expect(picker(.dateAndTime, locale: "en").displayText == "Jun 12, 2026 12:15\u{202F}PM")
    #expect(picker(.date, locale: "de").displayText == "12.06.2026")
    #expect(picker(.time, locale: "de").displayText == "12:15")
    #expect(picker(.dateAndTime, locale: "de").displayText == "12.06.2026 12:15")
    #expect(picker(.date, locale: "ar").displayText == "12\u{200F}/06\u{200F}/2026")
    #expect(picker(.time, locale: "ar").displayText == "12:15\u{A0}\u{645}")
    #expect(picker(.date, locale: "ar-EG").displayText == "١٢\u{200F}/٠٦\u{200F}/٢٠٢٦")
    // A time zone moves the day and the hour: 12:15 UTC is 21:15 in Tokyo.
    let tokyo = picker(.time, locale: "de")
    tokyo.timeZone = TimeZone(identifier: "Asia/Tokyo")
    #expect(tokyo.displayText == "21:15")
  }

  @Test func withoutALocaleThePickerTakesItsWindowsAndResizesToTheText() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.locale = Locale(identifier: "de")
    window.makeKeyAndVisible()
    let picker = picker(.date, locale: nil)
    window.addSubview(picker)
    #expect(picker.effectiveLocale.identifier == "de")
    #expect(picker.displayText == "12.06.2026")
    let german = picker.intrinsicContentSize.width
    picker.locale = Locale(identifier: "en")
    #expect(picker.displayText == "Jun 12, 2026")
    #expect(picker.intrinsicContentSize.width != german)
    // The scene's locale when the picker is in no window.
    let alone = self.picker(.date, locale: nil)
    SceneLocale.$current.withValue(Locale(identifier: "de")) {
      #expect(alone.displayText == "12.06.2026")
    }
  }

  /// The windows the buttons are shown in (a view does not keep its window).
  let windows = WindowsKept()

  /// A 200-point button titled "Go" aligned `alignment`, in a window of `locale`.
  func button(_ alignment: Control.ContentHorizontalAlignment, in locale: String) -> Button {
    let window = Window(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    window.makeKeyAndVisible()
    window.locale = Locale(identifier: locale)
    let button = Button(type: .system)
    button.frame = Rect(x: 0, y: 0, width: 200, height: 44)
    button.setTitle("Go", for: .normal)
    button.contentHorizontalAlignment = alignment
    window.addSubview(button)
    window.layoutIfNeeded()
    windows.all.append(window)
    return button
  }

  @Test func leadingAndTrailingContentFollowTheDirectionLeftAndRightDoNot() {
    #expect(Button().contentHorizontalAlignment == .center)
    for (locale, leadingIsLeft) in [("en", true), ("ar", false)] {
      let leading = button(.leading, in: locale)
      let trailing = button(.trailing, in: locale)
      #expect(leading.effectiveContentHorizontalAlignment == (leadingIsLeft ? .left : .right))
      #expect(trailing.effectiveContentHorizontalAlignment == (leadingIsLeft ? .right : .left))
      let title = leading.contentFrames.title
      #expect(leadingIsLeft ? title.minX == 0 : title.maxX == 200, "\(locale): \(title)")
      let other = trailing.contentFrames.title
      #expect(leadingIsLeft ? other.maxX == 200 : other.minX == 0, "\(locale): \(other)")
      // `.left` is the left whatever the direction; `.center` centres.
      #expect(button(.left, in: locale).contentFrames.title.minX == 0)
      let centred = button(.center, in: locale).contentFrames.title
      #expect(abs(centred.midX - 100) < 0.001)
      #expect(button(.fill, in: locale).contentFrames.title.width == 200)
    }
  }
}

/// Windows a test keeps alive while it looks at their views.
@MainActor
final class WindowsKept {
  var all: [Window] = []
}
