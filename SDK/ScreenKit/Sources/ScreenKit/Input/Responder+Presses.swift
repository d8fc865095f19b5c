extension Responder {
  /// Passes presses to the next responder, or marks the event as unhandled at the end of
  /// the chain.
  func forwardPresses(
    _ presses: Set<Press>, _ event: PressesEvent?,
    _ deliver: (Responder, Set<Press>, PressesEvent?) -> Void
  ) {
    if let next {
      deliver(next, presses, event)
    } else {
      event?.reachedEndOfChain = true
    }
  }

  /// The first key command along the responder chain from this responder that matches
  /// `key`, with the responder that declared it. `priorityOnly` keeps to commands that
  /// want priority over the system's handling of the key.
  func keyCommand(matching key: Key, priorityOnly: Bool) -> KeyCommand? {
    var current: Responder? = self
    var steps = 0
    while let responder = current, steps < 10_000 {
      for command in responder.keyCommands ?? []
      where command.matches(key) && (!priorityOnly || command.wantsPriorityOverSystemBehavior) {
        if command.canPerform(from: self) { return command }
      }
      current = responder.next
      steps += 1
    }
    return nil
  }
}
