import Foundation

/// A row's swipe actions follow a finger dragging across it, as `UITableView`'s do: the
/// table's ``swipeActionsPanGestureRecognizer`` begins when a finger's first movement beyond
/// the pan's hysteresis is horizontal on a row that has actions that way (or shows some),
/// and the table's own scrolling pan takes vertical drags. The actions are revealed as the
/// `swipe` event reveals them (``TableView/swipe(row:revealing:)``); the drag sets how much
/// of them shows.
extension TableView {
  /// The fraction of the row's width past which releasing the drag runs the first action
  /// (a full swipe). UIKit publishes no figure; 60 % is past where the actions open and
  /// short of the row's far edge, where a deliberate full swipe lands.
  static let fullSwipeFraction = 0.6
  /// The speed along the row past which a release flings the actions open or shut, in
  /// points per second: a flick, not a slow drag's drift.
  static let swipeFlingSpeed = 300.0

  /// A drag revealing a row's actions.
  struct SwipeDrag {
    let path: IndexPath
    /// How much of the actions showed when the drag began.
    let startWidth: Double
  }

  /// The edge whose actions a finger moving `dx` along the row (rightwards positive)
  /// reveals: the trailing one as the row moves towards the leading side (left, or right in
  /// a right-to-left layout), as UIKit's rows swipe.
  private func revealedEdge(movingBy dx: Double) -> RevealedSwipeActions.Edge {
    (dx < 0) != isRightToLeft ? .trailing : .leading
  }

  /// How far a movement `dx` along the row opens the actions at `edge`.
  private func opening(_ dx: Double, _ edge: RevealedSwipeActions.Edge) -> Double {
    (edge == .trailing) != isRightToLeft ? -dx : dx
  }

  /// The row under the pan's first finger, where it landed.
  private func swipedRow(_ pan: PanGestureRecognizer) -> IndexPath? {
    guard let touch = pan.trackedTouches.first else { return nil }
    return indexPathForRow(at: convert(touch.initialWindowLocation, from: nil))
  }

  /// Whether the swipe pan may begin: not editing, a horizontal first movement, on a row
  /// that shows actions or has some on the side the finger moves away from.
  func swipeActionsPanShouldBegin() -> Bool {
    let pan = swipeActionsPanGestureRecognizer
    let moved = pan.translation(in: self)
    guard !isEditing, abs(moved.x) > abs(moved.y), let path = swipedRow(pan),
      let cell = cellForRow(at: path)
    else { return false }
    if cell.revealedActions != nil { return true }
    let edge = revealedEdge(movingBy: moved.x)
    return !(swipeConfiguration(for: path, edge: edge)?.actions.isEmpty ?? true)
  }

  /// Follows the swipe pan: reveals the actions as far as the finger dragged, then opens,
  /// closes or runs the first action when it lifts.
  func handleSwipePan(_ pan: PanGestureRecognizer) {
    switch pan.state {
    case .began:
      guard let path = swipedRow(pan), let cell = cellForRow(at: path) else { return }
      let shown = cell.revealedActions
      if shown == nil {
        let edge = revealedEdge(movingBy: pan.translation(in: self).x)
        guard swipe(row: path, revealing: edge), let revealed = cell.revealedActions else {
          return
        }
        revealed.revealedWidth = 0
      } else {
        _ = swipe(row: path, revealing: shown!.edge)  // closes another row's
      }
      swipeDrag = SwipeDrag(path: path, startWidth: shown?.revealedWidth ?? 0)
      followSwipe(pan)
    case .changed:
      followSwipe(pan)
    case .ended:
      endSwipe(velocity: pan.velocity(in: self).x)
    case .cancelled, .failed:
      if let drag = swipeDrag { hideSwipeActions(at: drag.path) }
      swipeDrag = nil
    case .possible:
      break
    }
  }

  /// Shows as much of the actions as the finger dragged, up to the row's width.
  private func followSwipe(_ pan: PanGestureRecognizer) {
    guard let drag = swipeDrag, let cell = cellForRow(at: drag.path),
      let revealed = cell.revealedActions
    else { return }
    let dx = pan.translation(in: self).x
    let opening = opening(dx, revealed.edge)
    revealed.revealedWidth = min(max(0, drag.startWidth + opening), cell.frame.width)
    cell.placeContent()
  }

  /// The finger lifted moving at `velocity` along the row (points per second): past a full
  /// swipe the first action runs; past half the actions' width, or flung open, they stay
  /// open; else they close. The actions move there in a quarter second.
  private func endSwipe(velocity: Double) {
    guard let drag = swipeDrag else { return }
    swipeDrag = nil
    guard let cell = cellForRow(at: drag.path), let revealed = cell.revealedActions else { return }
    let opening = opening(velocity, revealed.edge)
    let shown = revealed.revealedWidth
    let fullSwipe = max(revealed.width, Self.fullSwipeFraction * cell.frame.width)
    if revealed.configuration.performsFirstActionWithFullSwipe, shown >= fullSwipe,
      let first = revealed.configuration.actions.first
    {
      View.animate(withDuration: 0.25, options: .curveEaseOut) {
        revealed.revealedWidth = cell.frame.width
        cell.placeContent()
      }
      run(first, in: cell)
      return
    }
    let stays =
      opening > Self.swipeFlingSpeed
      || (opening >= -Self.swipeFlingSpeed && shown > revealed.width / 2)
    View.animate(withDuration: 0.25, options: .curveEaseOut) {
      if stays {
        revealed.revealedWidth = revealed.width
        cell.placeContent()
      } else {
        self.hideSwipeActions(at: drag.path)
      }
    }
  }
}
