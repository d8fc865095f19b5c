import Foundation
import ScreenKit

/// The gallery's "Text and pickers" page (component `demo.TextControls`): a label with
/// attributed text, a text field with a clear button, an autofill hint and a left view, a
/// multi-line text view whose delegate counts its changes, and swatches of the system
/// colours, each keyed for clients and tests.
final class TextControlsViewController: StackViewController, TextViewDelegate,
  PickerViewDataSource, PickerViewDelegate, SearchResultsUpdating, SearchBarDelegate
{
  /// The colours the search filters, with whether each is warm.
  static let colourNames = [
    ("Red", true), ("Orange", true), ("Yellow", true), ("Green", false), ("Mint", false),
    ("Teal", false), ("Cyan", false), ("Blue", false), ("Indigo", false), ("Purple", false),
    ("Pink", true), ("Brown", true),
  ]
  let search = SearchController()
  let searchResult = Label()
  /// The picker's wheels: a size and a colour.
  static let wheels = [["Small", "Medium", "Large"], ["Red", "Green", "Blue", "Yellow"]]
  let datePicker = DatePicker()
  let dateLabel = Label()
  let picker = PickerView()
  let pickerLabel = Label()
  private let emit: (String, ParamValue) -> Void
  let attributedLabel = Label()
  let emailField = TextField()
  let notes = TextView()
  let notesCount = Label()
  private var changes = 0

  init(emit: @escaping (String, ParamValue) -> Void) {
    self.emit = emit
    super.init()
    title = String(localized: "Text and pickers")
    restorationIdentifier = "textControls"
  }

  /// Keeps the number of edits; the views keep their own text, date, rows and search.
  override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(changes, forKey: "edits")
    coder.encode(search.isActive, forKey: "searching")
  }

  override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    changes = coder.decodeInteger(forKey: "edits") ?? 0
    search.isActive = coder.decodeBool(forKey: "searching") ?? false
  }

  /// The labels that describe the restored views are shown again.
  override func applicationFinishedRestoringState() {
    super.applicationFinishedRestoringState()
    showCount()
    showDate()
    showPick()
    updateSearchResults(for: search)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    view.tintColor = GalleryPalette.tint
    stackView.spacing = 12
    stackView.isLayoutMarginsRelativeArrangement = true
    stackView.layoutMargins = EdgeInsets(top: 16, left: 16, bottom: 16, right: 16)

    let styled = NSMutableAttributedString(
      string: "Bold, red, struck and kerned runs",
      attributes: [.foregroundColor: Color.label])
    styled.addAttribute(
      .font, value: Font.boldSystemFont(ofSize: 20), range: NSRange(location: 0, length: 4))
    styled.addAttribute(
      .foregroundColor, value: GalleryPalette.destructive, range: NSRange(location: 6, length: 3))
    styled.addAttribute(
      .strikethroughStyle, value: NSUnderlineStyle.single.rawValue,
      range: NSRange(location: 11, length: 6))
    styled.addAttribute(.kern, value: 2.0, range: NSRange(location: 22, length: 6))
    attributedLabel.numberOfLines = 0
    attributedLabel.attributedText = styled
    attributedLabel.accessibilityIdentifier = "attributed"

    emailField.borderStyle = .roundedRect
    emailField.placeholder = String(localized: "E-mail")
    emailField.textContentType = .emailAddress
    emailField.keyboardType = .emailAddress
    emailField.autocapitalizationType = .none
    emailField.autocorrectionType = .no
    emailField.clearButtonMode = .always
    let at = Label()
    at.text = " @ "
    at.textColor = GalleryPalette.secondaryText
    emailField.leftView = at
    emailField.leftViewMode = .always
    emailField.accessibilityIdentifier = "email"
    emailField.restorationIdentifier = "email"

    notes.font = .systemFont(ofSize: 15)
    notes.backgroundColor = .secondarySystemBackground
    notes.layer.cornerRadius = 8
    notes.delegate = self
    notes.accessibilityIdentifier = "notes"
    notes.accessibilityLabel = "Notes"  // a screen reader names the text view by it
    notes.restorationIdentifier = "notes"
    notes.heightAnchor.constraint(equalToConstant: 120).isActive = true
    notesCount.font = .systemFont(ofSize: 13)
    notesCount.textColor = GalleryPalette.secondaryText
    notesCount.accessibilityIdentifier = "notesCount"
    showCount()

    let swatches = StackView()
    swatches.axis = .horizontal
    swatches.distribution = .fillEqually
    swatches.spacing = 4
    let colours: [Color] = [
      .systemRed, .systemOrange, .systemYellow, .systemGreen, .systemMint, .systemTeal,
      .systemCyan, .systemBlue, .systemIndigo, .systemPurple, .systemPink, .systemBrown,
    ]
    for colour in colours {
      let swatch = View()
      swatch.backgroundColor = colour
      swatch.layer.cornerRadius = 4
      swatch.heightAnchor.constraint(equalToConstant: 24).isActive = true
      swatches.addArrangedSubview(swatch)
    }
    swatches.accessibilityIdentifier = "swatches"

    var filled = Button.Configuration.filled()
    filled.title = String(localized: "Filled")
    filled.baseBackgroundColor = GalleryPalette.buttonFill
    // A button that shows it is busy: each press starts or stops its activity indicator.
    let filledButton = Button(configuration: filled) { [weak self] button in
      button.configuration?.showsActivityIndicator.toggle()
      self?.emit("buttonPressed", ["style": "filled"])
    }
    filledButton.accessibilityIdentifier = "filled"
    var tinted = Button.Configuration.tinted()
    tinted.title = String(localized: "Tinted")
    tinted.subtitle = String(localized: "with a subtitle")
    tinted.cornerStyle = .capsule
    let tintedButton = Button(configuration: tinted)
    tintedButton.accessibilityIdentifier = "tinted"
    var gray = Button.Configuration.gray()
    gray.title = String(localized: "Gray, selectable")
    gray.buttonSize = .small
    let grayButton = Button(configuration: gray)
    grayButton.accessibilityIdentifier = "gray"
    grayButton.configurationUpdateHandler = { button in
      button.configuration?.title = String(
        localized: button.isSelected ? "Gray, selected" : "Gray, selectable")
    }
    grayButton.addAction(for: .primaryActionTriggered) { control in
      control.isSelected.toggle()
    }
    let buttons = StackView(arrangedSubviews: [filledButton, tintedButton, grayButton])
    buttons.axis = .vertical
    buttons.alignment = .leading
    buttons.spacing = 8

    // A date in 2026 between the 1st of January and the end of the year, in steps of 15
    // minutes, shown in UTC so that every client sees the same day.
    datePicker.timeZone = TimeZone(identifier: "UTC")
    datePicker.minimumDate = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00
    datePicker.maximumDate = Date(timeIntervalSince1970: 1_798_761_599)  // 2026-12-31 23:59:59
    datePicker.date = Date(timeIntervalSince1970: 1_781_265_600)  // 2026-06-12 12:00
    datePicker.minuteInterval = 15
    datePicker.accessibilityIdentifier = "date"
    datePicker.accessibilityLabel = "Date"
    datePicker.restorationIdentifier = "date"
    datePicker.addAction(for: .valueChanged) { [weak self] _ in self?.showDate() }
    dateLabel.accessibilityIdentifier = "dateLabel"
    dateLabel.font = .systemFont(ofSize: 13)
    dateLabel.textColor = GalleryPalette.secondaryText
    showDate()
    picker.dataSource = self
    picker.delegate = self
    picker.accessibilityIdentifier = "picker"
    picker.restorationIdentifier = "picker"
    pickerLabel.accessibilityIdentifier = "pickerLabel"
    pickerLabel.font = .systemFont(ofSize: 13)
    pickerLabel.textColor = GalleryPalette.secondaryText
    showPick()

    search.searchResultsUpdater = self
    search.searchBar.delegate = self
    search.searchBar.placeholder = String(localized: "Search colours")
    search.searchBar.scopeButtonTitles = ["All", "Warm", "Cool"].map { String(localized: $0) }
    search.searchBar.showsScopeBar = true
    search.searchBar.accessibilityIdentifier = "search"
    search.searchBar.restorationIdentifier = "search"
    searchResult.accessibilityIdentifier = "searchResult"
    searchResult.font = .systemFont(ofSize: 13)
    searchResult.textColor = GalleryPalette.secondaryText
    searchResult.numberOfLines = 0
    updateSearchResults(for: search)

    addStackedViews([
      search.searchBar, searchResult, attributedLabel, emailField, notes, notesCount, swatches,
      buttons, datePicker, dateLabel,
      picker, pickerLabel,
    ])
  }

  func textViewDidChange(_ textView: TextView) {
    changes += 1
    showCount()
    emit("notesChanged", ["length": .int(Int64(textView.text.count))])
  }

  func numberOfComponents(in pickerView: PickerView) -> Int { Self.wheels.count }

  func pickerView(_ pickerView: PickerView, numberOfRowsInComponent component: Int) -> Int {
    Self.wheels[component].count
  }

  func pickerView(_ pickerView: PickerView, titleForRow row: Int, forComponent component: Int)
    -> String?
  {
    Self.wheels[component][row]
  }

  func pickerView(_ pickerView: PickerView, didSelectRow row: Int, inComponent component: Int) {
    showPick()
    emit("picked", ["component": .int(Int64(component)), "row": .int(Int64(row))])
  }

  private func showDate() {
    dateLabel.text = "Picked \(datePicker.displayText) UTC"
  }

  private func showPick() {
    let size = Self.wheels[0][max(0, picker.selectedRow(inComponent: 0))]
    let colour = Self.wheels[1][max(0, picker.selectedRow(inComponent: 1))]
    pickerLabel.text = "\(size), \(colour)"
  }

  func updateSearchResults(for searchController: SearchController) {
    let bar = searchController.searchBar
    let term = (bar.text ?? "").lowercased()
    let matches = Self.colourNames.filter { name, warm in
      let inScope = bar.selectedScopeButtonIndex == 0 || warm == (bar.selectedScopeButtonIndex == 1)
      return inScope && (term.isEmpty || name.lowercased().contains(term))
    }
    searchResult.text =
      matches.isEmpty ? String(localized: "No colours") : matches.map(\.0).joined(separator: ", ")
  }

  func searchBarSearchButtonClicked(_ searchBar: SearchBar) {
    emit("searched", ["text": .string(searchBar.text ?? "")])
  }

  private func showCount() {
    notesCount.text = "\(notes.text.count) characters, \(changes) edits"
  }
}

/// The page's component, listed by the gallery as any other.
func textControlsComponent() -> Component {
  .viewController(
    "demo.TextControls",
    summary: "Text and pickers: attributed label, text field with clear button, text view, colours",
    events: ["notesChanged", "buttonPressed", "picked", "searched"]
  ) { context in
    TextControlsViewController(emit: { context.emit($0, $1) })
  }
}
