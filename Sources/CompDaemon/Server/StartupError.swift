/// A reason the daemon cannot start; its description is the message the user sees.
public struct StartupError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
