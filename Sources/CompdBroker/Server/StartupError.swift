import CompdProtocol

/// A reason the daemon cannot start; its description is the message the user sees.
package struct StartupError: Error, CustomStringConvertible {
  /// The message, one line.
  package var description: String
  /// An error with `description` as its message.
  package init(_ description: String) { self.description = description }
}

/// A stop that lost something: compd logs it and exits non-zero, so that an operator and
/// systemd see that the stop did not go well (scene changes acknowledged to clients were
/// not saved).
package struct ShutdownError: Error, CustomStringConvertible {
  /// What was lost and why, one line.
  package var description: String
  /// The error of the write that failed.
  init(_ cause: String) {
    description =
      "stopped without saving the last scene changes (clients were told they were made): \(cause)"
  }
}
