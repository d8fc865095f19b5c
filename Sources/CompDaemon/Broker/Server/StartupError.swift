/// A reason the daemon cannot start; its description is the message the user sees.
public struct StartupError: Error, CustomStringConvertible {
  /// The message, one line.
  public var description: String
  /// An error with `description` as its message.
  public init(_ description: String) { self.description = description }
}
