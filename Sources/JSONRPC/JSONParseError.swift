/// Why a JSON text was rejected.
///
/// The message names the problem and, where known, the byte offset at which it was found,
/// e.g. `invalid number at byte 3: leading zeros are not allowed`.
public struct JSONParseError: Error, Sendable, CustomStringConvertible, Equatable {
  /// A human-readable explanation, suitable for a `-32700` error message.
  public var message: String

  /// An error with the given explanation.
  public init(message: String) {
    self.message = message
  }

  /// The explanation.
  public var description: String { message }
}
