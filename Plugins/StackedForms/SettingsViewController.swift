import ScreenKit

/// A settings screen as iOS's Settings app draws one: an inset-grouped table whose rows
/// have a title and a switch. Reports each change as `settingChanged` with the setting's
/// key and value. The switches' values are the controller's model, so state restoration
/// keeps them (the rows are made again from it) without reporting them.
final class SettingsViewController: TableViewController {
  nonisolated static let settings: [(key: String, title: String)] = [
    ("notifications", "Notifications"), ("darkMode", "Dark mode"), ("autoplay", "Autoplay"),
  ]

  private var values: [String: Bool]
  private let emit: (String, ParamValue) -> Void

  init(values: [String: Bool], emit: @escaping (String, ParamValue) -> Void) {
    self.values = values
    self.emit = emit
    super.init(style: .insetGrouped)
    title = String(localized: "Settings")
    restorationIdentifier = "settings"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.accessibilityIdentifier = "settings"
    view.tintColor = StackedFormsPalette.tint
  }

  override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    Self.settings.count
  }

  override func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    String(localized: "Preferences")
  }

  /// The section's title in the palette's secondary text colour (the grouped style's
  /// `secondaryLabel` is 3.3:1 on the grouped background).
  override func tableView(
    _ tableView: TableView, willDisplayHeaderView view: View, forSection section: Int
  ) {
    (view as? TableViewHeaderFooterView)?.textLabel.textColor = StackedFormsPalette.secondaryText
  }

  override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath)
    -> TableViewCell
  {
    let setting = Self.settings[indexPath.row]
    let cell = TableViewCell(style: .default, reuseIdentifier: nil)
    cell.selectionStyle = .none
    cell.textLabel?.text = String(localized: setting.title)
    let toggle = Switch()
    toggle.isOn = values[setting.key] ?? false
    toggle.accessibilityIdentifier = setting.key
    toggle.accessibilityLabel = setting.title  // the row's text names the switch
    toggle.addAction(for: .valueChanged) { [weak self] control in
      guard let self, let toggle = control as? Switch else { return }
      self.values[setting.key] = toggle.isOn
      self.emit("settingChanged", ["key": .string(setting.key), "on": .bool(toggle.isOn)])
    }
    cell.accessoryView = toggle
    return cell
  }

  /// Saves each switch's value under its key.
  override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    for setting in Self.settings { coder.encode(values[setting.key] ?? false, forKey: setting.key) }
  }

  /// Restores the values and shows them.
  override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    for setting in Self.settings {
      if let value = coder.decodeBool(forKey: setting.key) { values[setting.key] = value }
    }
    tableView.reloadData()
  }
}
