/// A controller that is not a view controller: it owns (or reuses) one view, binds a model to
/// it, acts as the view's delegate and reports to its own delegate — the "lightweight
/// controller" pattern, for when a ``ViewController`` is more than the job needs.
///
/// It gets no appearance, trait, safe-area or memory callbacks and is not in the responder
/// chain: whoever owns it stores it (a view controller's property, usually), installs its
/// view and passes it what it needs. Conforming takes one property:
///
/// ```swift
/// final class DestinationTextFieldController: LightweightController {
///   weak var delegate: DestinationTextFieldControllerDelegate?
///   let textField = TextField().configure { $0.clearButtonMode = .always }
///   var controlledView: TextField { textField }
/// }
/// ```
@MainActor
public protocol LightweightController: AnyObject {
  /// The type of the view the controller manages.
  associatedtype ControlledView: View
  /// The view the controller manages.
  var controlledView: ControlledView { get }
}

extension LightweightController {
  /// Whether the controlled view (or a view inside it) is first responder.
  public var isActive: Bool {
    guard let first = controlledView.window?.firstResponder as? View else { return false }
    return first.isDescendant(of: controlledView)
  }

  /// Adds the controlled view to `container` (at the end of its subviews).
  public func install(in container: View) {
    container.addSubview(controlledView)
  }

  /// Removes the controlled view from its superview.
  public func uninstall() {
    controlledView.removeFromSuperview()
  }
}

extension BindingTarget where Self: View {
  /// Runs `body` on the view and returns it, for configuring a view where it is declared
  /// (`let field = TextField().configure { $0.placeholder = "To" }`).
  @discardableResult
  public func configure(_ body: (Self) -> Void) -> Self {
    body(self)
    return self
  }
}
