import ScreenKit

/// A trip screen that embeds the lightweight destination controller: it stores the
/// controller, installs its view below a title and reports each change as
/// `destinationChanged`. State restoration keeps the destination: the controller saves the
/// lightweight controller's model, not the field's text, so that both come back together.
final class DestinationViewController: ViewController, DestinationTextFieldControllerDelegate {
  private let destinationController = DestinationTextFieldController()
  private let initial: String
  private let emit: (String, ParamValue) -> Void

  init(initial: String, emit: @escaping (String, ParamValue) -> Void) {
    self.initial = initial
    self.emit = emit
    super.init()
    restorationIdentifier = "destination"
  }

  override func encodeRestorableState(with coder: Coder) {
    super.encodeRestorableState(with: coder)
    coder.encode(destinationController.destination?.name, forKey: "destination")
  }

  /// Shows the saved destination (none when it was empty), without reporting a change.
  override func decodeRestorableState(with coder: Coder) {
    super.decodeRestorableState(with: coder)
    let name = coder.decodeString(forKey: "destination") ?? ""
    destinationController.update(with: name.isEmpty ? nil : Destination(name: name))
  }

  override func viewDidLoad() {
    view.backgroundColor = .systemBackground
    let title = Label()
    title.text = String(localized: "Where to?")
    title.font = .boldSystemFont(ofSize: 22)
    title.accessibilityIdentifier = "title"
    let stack = StackView(arrangedSubviews: [title])
    stack.axis = .vertical
    stack.spacing = 12
    stack.translatesAutoresizingMaskIntoConstraints = false
    destinationController.install(in: stack)
    stack.addArrangedSubview(destinationController.controlledView)
    view.addSubview(stack)
    LayoutConstraint.activate([
      stack.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor, constant: 20),
      stack.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
      stack.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
      destinationController.controlledView.heightAnchor.constraint(equalToConstant: 34),
    ])
    destinationController.delegate = self
    destinationController.update(with: initial.isEmpty ? nil : Destination(name: initial))
  }

  func destinationTextFieldController(
    _ controller: DestinationTextFieldController, didChange destination: Destination?
  ) {
    emit("destinationChanged", ["destination": destination.map { .string($0.name) } ?? .null])
  }
}
