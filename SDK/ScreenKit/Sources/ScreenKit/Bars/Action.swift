/// A menu element that runs a handler when chosen, as `UIAction`.
@MainActor
public final class Action: MenuElement {
  /// Flags that change how an action shows, as `UIMenuElement.Attributes`.
  public struct Attributes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt
    /// Flags from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Shown dimmed; choosing it does nothing.
    public static let disabled = Attributes(rawValue: 1 << 0)
    /// Shown in the destructive (red) style.
    public static let destructive = Attributes(rawValue: 1 << 1)
    /// Not shown.
    public static let hidden = Attributes(rawValue: 1 << 2)
  }

  /// Flags that change how the action shows.
  public var attributes: Attributes
  /// Whether the action is shown with a checkmark, as `UIMenuElement.State.on`.
  public var state: State = .off
  private let handler: @MainActor (Action) -> Void

  /// Whether an action shows a checkmark, as `UIMenuElement.State`.
  public enum State: String, Sendable, Hashable {
    /// No checkmark.
    case off
    /// A checkmark.
    case on
    /// A dash (mixed).
    case mixed
  }

  /// An action with a title, an image, attributes, and the handler run when it is
  /// chosen (with the action).
  public init(
    title: String = "", image: Image? = nil, attributes: Attributes = [],
    state: State = .off, handler: @escaping @MainActor (Action) -> Void
  ) {
    self.attributes = attributes
    self.state = state
    self.handler = handler
    super.init(title: title, image: image)
  }

  /// Runs the handler, unless the action is disabled.
  public func perform() {
    guard !attributes.contains(.disabled) else { return }
    handler(self)
  }
}
