import ScreenKit

/// A settings screen in ScreenKit's `StackViewController`: a labelled switch per setting.
/// Reports each change as `settingChanged` with the setting's key and value. State
/// restoration keeps each switch (restored by the switch itself, keyed by the setting)
/// without reporting it.
final class SettingsViewController: StackViewController {
  nonisolated static let settings: [(key: String, title: String)] = [
    ("notifications", "Notifications"), ("darkMode", "Dark mode"), ("autoplay", "Autoplay"),
  ]

  private let values: [String: Bool]
  private let emit: (String, ParamValue) -> Void

  init(values: [String: Bool], emit: @escaping (String, ParamValue) -> Void) {
    self.values = values
    self.emit = emit
    super.init()
    restorationIdentifier = "settings"
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    stackView.spacing = 12
    stackView.isLayoutMarginsRelativeArrangement = true
    // The scroll view's content inset already keeps the rows below the bars.
    stackView.insetsLayoutMarginsFromSafeArea = false
    for setting in Self.settings {
      let label = Label()
      label.text = setting.title
      label.textColor = .label
      let toggle = Switch()
      toggle.isOn = values[setting.key] ?? false
      toggle.accessibilityIdentifier = setting.key
      toggle.restorationIdentifier = setting.key
      toggle.addAction(for: .valueChanged) { [weak self] control in
        guard let toggle = control as? Switch else { return }
        self?.emit("settingChanged", ["key": .string(setting.key), "on": .bool(toggle.isOn)])
      }
      let row = StackView(arrangedSubviews: [label, toggle])
      row.axis = .horizontal
      row.alignment = .center
      addStackedView(row)
    }
  }
}
