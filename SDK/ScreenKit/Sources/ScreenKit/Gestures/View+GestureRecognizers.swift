extension View {
  /// The gesture recognizers attached to the view, in the order they were added; setting
  /// the list detaches the old ones and attaches the new.
  public var gestureRecognizers: [GestureRecognizer]? {
    get { attachedGestureRecognizers.isEmpty ? nil : attachedGestureRecognizers }
    set {
      for recognizer in attachedGestureRecognizers { removeGestureRecognizer(recognizer) }
      for recognizer in newValue ?? [] { addGestureRecognizer(recognizer) }
    }
  }

  /// Attaches `recognizer`: it receives the touches hit-tested to this view or its
  /// subviews, before the views do. A recognizer attached to another view moves here.
  public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
    if let previous = recognizer.view, previous !== self {
      previous.removeGestureRecognizer(recognizer)
    }
    guard !attachedGestureRecognizers.contains(where: { $0 === recognizer }) else { return }
    attachedGestureRecognizers.append(recognizer)
    recognizer.view = self
  }

  /// Detaches `recognizer`; one that was recognizing is cancelled first.
  public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
    guard attachedGestureRecognizers.contains(where: { $0 === recognizer }) else { return }
    if recognizer.storedState == .began || recognizer.storedState == .changed {
      recognizer.state = .cancelled
      window?.gestureArena.settle()
    }
    for touch in recognizer.trackedTouches { recognizer.ignore(touch) }
    attachedGestureRecognizers.removeAll { $0 === recognizer }
    recognizer.view = nil
    recognizer.reset()
    recognizer.storedState = .possible
    recognizer.deferredState = nil
  }
}
