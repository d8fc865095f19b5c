/// Why a view could not take an input event.
public enum InputError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The view is not in the window the event was sent to.
  case notInWindow(view: String)
  /// The view (or an ancestor) is hidden, transparent, disabled or not interactive.
  case notInteractive(view: String, reason: String)
  /// The view cannot take this kind of event (typing into a label).
  case unsupported(event: String, view: String)
  /// A value is out of range (a negative keyboard height).
  case invalidValue(String)

  /// One line for a client.
  public var description: String {
    switch self {
    case .notInWindow(let view): "\(view) is not in this window"
    case .notInteractive(let view, let reason): "\(view) cannot take input: \(reason)"
    case .unsupported(let event, let view): "\(view) cannot take a \(event) event"
    case .invalidValue(let detail): detail
    }
  }
}
