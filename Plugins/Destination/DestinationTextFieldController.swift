import ScreenKit

/// A place to travel to.
struct Destination: Equatable {
  var name: String
  /// How the destination reads in the field.
  var descriptionForDisplay: String { name }
}

/// What a `DestinationTextFieldController` reports to its owner.
@MainActor
protocol DestinationTextFieldControllerDelegate: AnyObject {
  /// The user changed the text; `destination` is what it now names (nil when empty).
  func destinationTextFieldController(
    _ controller: DestinationTextFieldController, didChange destination: Destination?)
}

/// A lightweight controller: binds a text field to a destination without being
/// a view controller. Its owner stores it, installs its view and listens as its delegate.
final class DestinationTextFieldController: LightweightController {
  private(set) var destination: Destination?
  weak var delegate: DestinationTextFieldControllerDelegate?

  let textField = TextField().configure {
    $0.clearButtonMode = .always
    $0.placeholder = String(localized: "Destination")
    $0.borderStyle = .roundedRect
    $0.accessibilityIdentifier = "destination"
  }

  var controlledView: TextField { textField }

  init() {
    textField.addAction(for: .editingChanged) { [weak self] _ in self?.textDidChange() }
  }

  /// Shows `destination` in the field (the owner's hook for updating the view).
  func update(with destination: Destination?) {
    self.destination = destination
    textField.text = destination?.descriptionForDisplay ?? ""
  }

  private func textDidChange() {
    let text = textField.text ?? ""
    destination = text.isEmpty ? nil : Destination(name: text)
    delegate?.destinationTextFieldController(self, didChange: destination)
  }
}
