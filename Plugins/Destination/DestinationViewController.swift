import ScreenKit

/// A trip screen that embeds the lightweight destination controller: it stores the
/// controller, installs its view below a title and reports each change as
/// `destinationChanged`.
final class DestinationViewController: ViewController, DestinationTextFieldControllerDelegate {
  private let destinationController = DestinationTextFieldController()
  private let initial: String
  private let emit: (String, ParamValue) -> Void

  init(initial: String, emit: @escaping (String, ParamValue) -> Void) {
    self.initial = initial
    self.emit = emit
    super.init()
  }

  override func viewDidLoad() {
    view.backgroundColor = .systemBackground
    let title = Label()
    title.text = "Where to?"
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
