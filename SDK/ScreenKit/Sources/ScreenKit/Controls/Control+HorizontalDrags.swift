extension Control {
  /// Whether `recognizer`, a pan or a swipe on one of the control's ancestors, would take a
  /// horizontal drag the control tracks itself. UIKit's slider keeps "a swipe or pan
  /// gesture recognizer in the same direction as the slider" from beginning over it
  /// (`UIView.gestureRecognizerShouldBegin(_:)`), and its switch keeps a drag of its thumb
  /// the same way: a row's swipe actions or a scroll view do not take the drag.
  func takesHorizontalDrag(from recognizer: GestureRecognizer) -> Bool {
    guard recognizer.view !== self else { return false }
    if let swipe = recognizer as? SwipeGestureRecognizer {
      return !swipe.direction.isDisjoint(with: [.left, .right])
    }
    guard let pan = recognizer as? PanGestureRecognizer else { return false }
    let moved = pan.translation(in: self)
    return abs(moved.x) >= abs(moved.y)
  }
}
