extension Window {
  /// VoiceOver's escape from `responder`: ``Responder/accessibilityPerformEscape()`` on it,
  /// then on each responder up the chain until one returns `true` (an alert chooses its
  /// cancel action, a sheet dismisses, a navigation controller pops). Both the `escape`
  /// accessibility action and an Escape key nobody else took come here.
  func performEscape(from responder: Responder) -> Bool {
    var current: Responder? = responder
    while let candidate = current {
      if candidate.accessibilityPerformEscape() { return true }
      current = candidate.next
    }
    return false
  }
}
