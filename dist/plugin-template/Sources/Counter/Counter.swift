import ScreenKit

/// The plugin's entry point: compd calls it to read the manifest and to register the
/// components. One per plugin, with this exact name and signature.
@_cdecl("compd_plugin_entry")
public func compdPluginEntry(_ request: Int32, _ registrar: UnsafeMutableRawPointer?)
  -> UnsafePointer<CChar>?
{
  PluginEntry.handle(request, registrar, plugin: "acme.counter", version: "1.0.0") { plugin in
    plugin.register(
      .viewController(
        "acme.Counter", summary: "Counts taps; emits counted with the new count",
        params: .object([.init("start", .integer("first count", default: 0, minimum: 0))]),
        events: ["counted"]
      ) { context in
        CounterViewController(start: context.params["start"]?.int ?? 0) { count in
          context.emit("counted", ["count": ParamValue(count)])
        }
      })
  }
}

/// A label showing the count and a button that adds one, in a vertical stack below the
/// safe area. Clients find the views by key: `count`, `add`.
final class CounterViewController: ViewController {
  private var count: Int
  private let counted: (Int) -> Void
  private let countLabel = Label()
  private let addButton = Button(type: .system)

  init(start: Int, counted: @escaping (Int) -> Void) {
    self.count = start
    self.counted = counted
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    countLabel.accessibilityIdentifier = "count"
    countLabel.textColor = .label
    countLabel.textAlignment = .center
    addButton.accessibilityIdentifier = "add"
    addButton.setTitle("Add one", for: .normal)
    // Target-action: ScreenKit takes the method itself where UIKit takes a selector.
    addButton.addTarget(self, action: CounterViewController.add, for: .touchUpInside)

    let stack = StackView(arrangedSubviews: [countLabel, addButton])
    stack.axis = .vertical
    stack.spacing = 12
    stack.translatesAutoresizingMaskIntoConstraints = false
    view.addSubview(stack)
    LayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
      stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
    ])
    showCount()
  }

  private func add() {
    count += 1
    showCount()
    counted(count)
  }

  private func showCount() {
    countLabel.text = "Count: \(count)"
  }
}
