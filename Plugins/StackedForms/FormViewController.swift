import ScreenKit

/// A form in ScreenKit's `StackViewController` (a stack view in a scroll view in a
/// controller): a text field per row, with buttons that add a row and remove the last one.
/// Reports the row count as `rowsChanged`. When the keyboard shows, the base class insets the
/// scroll view by the covered height and keeps the focused row visible above it. State
/// restoration keeps the rows (their count here, their text in the fields themselves) and
/// the scroll position.
final class FormViewController: StackViewController {
  private let initialRows: Int
  private let emit: (String, ParamValue) -> Void
  private var rows: [TextField] = []
  private let addButton = Button(type: .system)
  private let removeButton = Button(type: .system)

  init(rows: Int, emit: @escaping (String, ParamValue) -> Void) {
    self.initialRows = rows
    self.emit = emit
    super.init()
    restorationIdentifier = "form"
  }

  /// More rows than a restored archive may ask for (a damaged one must not stall the host).
  static let maximumRestoredRows = 500

  override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(rows.count, forKey: "rows")
  }

  /// Adds or removes rows to the saved count, without reporting `rowsChanged` (nothing
  /// changed for the client); the rows' text fields then restore their own text.
  override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    guard let count = coder.decodeInteger(forKey: "rows"),
      (0...Self.maximumRestoredRows).contains(count)
    else { return }
    while rows.count < count { appendRow() }
    while rows.count > count, let last = rows.popLast() { removeStackedView(last) }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    view.tintColor = StackedFormsPalette.tint
    scrollView.restorationIdentifier = "scroll"
    stackView.spacing = 8
    // iOS's margins on a phone: rows stop 16 pt from the screen's edges, as a form's fields
    // do, with 20 pt above the first and below the last.
    stackView.isLayoutMarginsRelativeArrangement = true
    // The scroll view's content inset already keeps the rows clear of the bars; margins
    // from the safe area would follow the scroll position instead.
    stackView.insetsLayoutMarginsFromSafeArea = false
    stackView.directionalLayoutMargins = DirectionalEdgeInsets(
      top: 20, leading: 16, bottom: 20, trailing: 16)
    addButton.setTitle(String(localized: "Add row"), for: .normal)
    addButton.accessibilityIdentifier = "addRow"
    addButton.addTarget(self, action: FormViewController.addRow, for: .touchUpInside)
    removeButton.setTitle(String(localized: "Remove row"), for: .normal)
    removeButton.accessibilityIdentifier = "removeRow"
    removeButton.addTarget(self, action: FormViewController.removeRow, for: .touchUpInside)
    addStackedViews([addButton, removeButton])
    for _ in 0..<initialRows { appendRow() }
  }

  private func appendRow() {
    let field = TextField()
    field.borderStyle = .roundedRect
    field.placeholder = String.localizedStringWithFormat(
      String(localized: "Row %d"), rows.count + 1)
    field.accessibilityIdentifier = "row\(rows.count + 1)"
    field.restorationIdentifier = "row\(rows.count + 1)"
    field.heightAnchor.constraint(equalToConstant: 34).isActive = true
    insertStackedView(field, at: rows.count)
    rows.append(field)
  }

  private func addRow() {
    appendRow()
    emit("rowsChanged", ["count": .int(Int64(rows.count))])
  }

  private func removeRow() {
    guard let last = rows.popLast() else { return }
    removeStackedView(last)
    emit("rowsChanged", ["count": .int(Int64(rows.count))])
  }
}
