import Foundation

/// A window's touches in flight and the gesture recognizers competing for them: where each
/// client touch event is delivered, first to the recognizers of the touched view and its
/// ancestors, then to the view (`touchesBegan(_:with:)` and the others, up the responder
/// chain), and where recognizers' state changes are arbitrated as ``GestureRecognizer``
/// describes (failure requirements, prevention, cancelling the views' touches, delaying
/// them, actions, resets).
///
/// One touch event is handled in full before the next: its phases reach the recognizers,
/// then the views, then ``settle()`` resolves what the recognizers decided.
@MainActor
final class GestureArena {
  /// How long after a tap ends the next touch counts as the same series (`tapCount` + 1),
  /// in seconds: about iOS's double-tap interval.
  static let multipleTapInterval = 0.35
  /// How far from the last tap the next may land and still count in its series, in points:
  /// a fingertip's touch target.
  static let multipleTapDistance = 44.0

  unowned let window: Window

  /// The touches in flight, by the client's finger id.
  private(set) var touches: [Int: Touch] = [:]
  /// Touches that ended while their view's phases were held back (delayed by a recognizer).
  private var heldTouches: [Touch] = []
  /// The recognizers that have received touches since they were last reset.
  private var participants: [GestureRecognizer] = []
  /// Recognizers whose state changed in a way that sends their actions.
  private var actionQueue: [GestureRecognizer] = []
  /// Where and when the last tap ended, and its tap count.
  private var lastTap: (location: Point, timestamp: Double, count: Int)?

  init(window: Window) { self.window = window }

  // MARK: Touch events

  /// Delivers one phase of the touch with client id `id` at `location` (window
  /// coordinates) at `timestamp` (seconds). Returns whether something takes the touch: a
  /// recognizer, or a control or tappable view at or above the touched view.
  func receive(_ phase: Touch.Phase, id: Int, at location: Point, timestamp: Double)
    throws(InputError) -> Bool
  {
    guard location.x.isFinite, location.y.isFinite else {
      throw .invalidValue("the touch location must be finite")
    }
    guard timestamp.isFinite else { throw .invalidValue("the touch time must be finite") }
    let touch: Touch
    switch phase {
    case .began:
      guard touches[id] == nil else { throw .invalidValue("touch \(id) is already down") }
      touch = begin(id: id, at: location, timestamp: timestamp)
    case .moved, .stationary, .ended, .cancelled:
      guard let existing = touches[id] else {
        throw .invalidValue("no touch \(id) is down")
      }
      touch = existing
      touch.previousWindowLocation = touch.windowLocation
      touch.windowLocation = location
      touch.timestamp = max(touch.timestamp, timestamp)
      touch.phase = phase
    }
    let event = Event(kind: .touches, timestamp: timestamp, allTouches: Set(touches.values))
    deliverToRecognizers(touch, with: event)
    deliverToView(touch, phase, with: event)
    if phase == .ended || phase == .cancelled {
      touches[id] = nil
      if phase == .ended { recordTap(touch) }
    }
    settle()
    return !touch.gestureRecognizers.isEmpty || touch.view.map(Self.takesTaps) ?? false
  }

  /// Cancels every touch in flight (the window is going away, a presentation covers it).
  func cancelAllTouches() {
    for touch in touches.values.sorted(by: { $0.identifier < $1.identifier }) {
      _ = try? receive(
        .cancelled, id: touch.identifier, at: touch.windowLocation, timestamp: touch.timestamp)
    }
  }

  private func begin(id: Int, at location: Point, timestamp: Double) -> Touch {
    var tapCount = 1
    if let last = lastTap, timestamp - last.timestamp <= Self.multipleTapInterval,
      last.location.distance(to: location) <= Self.multipleTapDistance
    {
      tapCount = last.count + 1
    }
    let touch = Touch(
      identifier: id, at: location, timestamp: timestamp, tapCount: tapCount, window: window)
    let event = Event(kind: .touches, timestamp: timestamp, allTouches: Set(touches.values))
    let hit = window.hitTest(location, with: event)
    touch.view = hit
    touches[id] = touch
    if touches.count == 1 { dropIdleParticipants() }
    var current = hit
    while let view = current {
      for recognizer in view.attachedGestureRecognizers
      where recognizer.isEnabled && !recognizer.storedState.isFinished
        && recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: touch) ?? true
      {
        touch.gestureRecognizers.append(recognizer)
        recognizer.trackedTouches.append(touch)
        if !participants.contains(where: { $0 === recognizer }) { participants.append(recognizer) }
      }
      current = view.superview
    }
    if let hit {
      let sharesView = touches.values.contains { $0 !== touch && $0.view === hit && $0.reachesView }
      touch.viewDelivery = !hit.isMultipleTouchEnabled && sharesView ? .withheld : .pending([])
    } else {
      touch.viewDelivery = .withheld
    }
    return touch
  }

  private func deliverToRecognizers(_ touch: Touch, with event: Event) {
    for recognizer in touch.gestureRecognizers
    where recognizer.isEnabled && !recognizer.storedState.isFinished {
      switch touch.phase {
      case .began: recognizer.touchesBegan([touch], with: event)
      case .moved, .stationary: recognizer.touchesMoved([touch], with: event)
      case .ended:
        recognizer.touchesEnded([touch], with: event)
        recognizer.lastCentroid = touch.windowLocation
      case .cancelled: recognizer.touchesCancelled([touch], with: event)
      }
    }
    if touch.phase == .ended || touch.phase == .cancelled {
      for recognizer in touch.gestureRecognizers {
        recognizer.trackedTouches.removeAll { $0 === touch }
      }
    }
  }

  private func deliverToView(_ touch: Touch, _ phase: Touch.Phase, with event: Event) {
    switch touch.viewDelivery {
    case .withheld, .cancelled: return
    case .delivered:
      if phase == .ended, holdsBack(touch, phase: .ended) {
        touch.viewDelivery = .pending([.ended])
        heldTouches.append(touch)
      } else {
        send(phase, of: touch, with: event)
      }
    case .pending(var phases):
      if phases.isEmpty, phase == .began, !holdsBack(touch, phase: .began) {
        touch.viewDelivery = .delivered
        send(.began, of: touch, with: event)
        return
      }
      if phase == .cancelled, phases.contains(.began) {
        touch.viewDelivery = .cancelled  // the view never saw it begin
        heldTouches.removeAll { $0 === touch }
        return
      }
      if phase == .moved, phases.last == .moved { return }
      phases.append(phase)
      touch.viewDelivery = .pending(phases)
      if phase == .ended || phase == .cancelled, !heldTouches.contains(where: { $0 === touch }) {
        heldTouches.append(touch)
      }
    }
  }

  /// Whether a recognizer of `touch` that may still recognize holds back the view's
  /// `phase` (`delaysTouchesBegan` for its beginning, `delaysTouchesEnded` for its end).
  private func holdsBack(_ touch: Touch, phase: Touch.Phase) -> Bool {
    touch.gestureRecognizers.contains { recognizer in
      recognizer.storedState == .possible
        && (phase == .began ? recognizer.delaysTouchesBegan : recognizer.delaysTouchesEnded)
    }
  }

  private func send(_ phase: Touch.Phase, of touch: Touch, with event: Event) {
    guard let view = touch.view else { return }
    switch phase {
    case .began: view.touchesBegan([touch], with: event)
    case .moved, .stationary: view.touchesMoved([touch], with: event)
    case .ended: view.touchesEnded([touch], with: event)
    case .cancelled: view.touchesCancelled([touch], with: event)
    }
  }

  private func recordTap(_ touch: Touch) {
    if touch.stayedWithinTapTolerance {
      lastTap = (touch.windowLocation, touch.timestamp, touch.tapCount)
    } else {
      lastTap = nil
    }
  }

  // MARK: Recognizer states

  /// Moves `recognizer` to `next`, arbitrating a recognition (leaving `possible` for
  /// `began` or `ended`): asked of the delegate and the touched views, held while failure
  /// requirements are pending, and preventing the recognizers it competes with.
  func transition(_ recognizer: GestureRecognizer, to next: GestureRecognizer.State) {
    guard recognizer.allowsTransition(to: next) else { return }
    if recognizer.storedState == .possible, next == .began || next == .ended {
      guard shouldBegin(recognizer) else {
        apply(.failed, to: recognizer)
        return
      }
      switch requirements(of: recognizer) {
      case .waiting:
        recognizer.deferredState = next
      case .otherRecognized:
        apply(.failed, to: recognizer)
      case .met:
        recognize(recognizer, as: next)
      }
      return
    }
    if next == .failed || next == .cancelled { recognizer.deferredState = nil }
    apply(next, to: recognizer)
  }

  private func recognize(_ recognizer: GestureRecognizer, as state: GestureRecognizer.State) {
    recognizer.deferredState = nil
    apply(state, to: recognizer)
    for other in participants where other !== recognizer && competes(other, with: recognizer) {
      switch other.storedState {
      case .possible:
        other.deferredState = nil
        apply(.failed, to: other)
      case .began, .changed:
        apply(.cancelled, to: other)
      case .ended, .cancelled, .failed:
        break
      }
    }
    guard recognizer.cancelsTouchesInView else { return }
    let event = Event(
      kind: .touches, timestamp: recognizer.trackedTouches.map(\.timestamp).max() ?? 0,
      allTouches: Set(touches.values))
    for touch in recognizer.trackedTouches
      + heldTouches.filter({
        $0.gestureRecognizers.contains { $0 === recognizer }
      })
    {
      switch touch.viewDelivery {
      case .delivered:
        touch.viewDelivery = .cancelled
        send(.cancelled, of: touch, with: event)
      case .pending(let phases):
        touch.viewDelivery = .cancelled
        heldTouches.removeAll { $0 === touch }
        if !phases.contains(.began) { send(.cancelled, of: touch, with: event) }
      case .withheld, .cancelled:
        break
      }
    }
  }

  /// Whether `recognizer`'s recognition keeps `other` from recognizing.
  private func competes(_ other: GestureRecognizer, with recognizer: GestureRecognizer) -> Bool {
    guard
      other.storedState == .possible || other.storedState == .began
        || other.storedState == .changed
    else { return false }
    let shared =
      other.trackedTouches.isEmpty || recognizer.trackedTouches.isEmpty
      || other.trackedTouches.contains { touch in
        recognizer.trackedTouches.contains { $0 === touch }
      }
    guard shared else { return false }
    if recognizer.delegate?.gestureRecognizer(recognizer, shouldRecognizeSimultaneouslyWith: other)
      == true
      || other.delegate?.gestureRecognizer(other, shouldRecognizeSimultaneouslyWith: recognizer)
        == true
    {
      return false
    }
    return recognizer.canPrevent(other) && other.canBePrevented(by: recognizer)
  }

  private func shouldBegin(_ recognizer: GestureRecognizer) -> Bool {
    if recognizer.delegate?.gestureRecognizerShouldBegin(recognizer) == false { return false }
    var asked: [View] = []
    if let view = recognizer.view { asked.append(view) }
    for touch in recognizer.trackedTouches {
      if let view = touch.view, !asked.contains(where: { $0 === view }) { asked.append(view) }
    }
    return asked.allSatisfy { $0.gestureRecognizerShouldBegin(recognizer) }
  }

  private enum Requirements { case met, waiting, otherRecognized }

  /// Whether the recognizers `recognizer` must wait for have all failed.
  private func requirements(of recognizer: GestureRecognizer) -> Requirements {
    var others = recognizer.requiredToFail.compactMap(\.recognizer)
    for other in participants
    where other !== recognizer && !others.contains(where: { $0 === other }) {
      if recognizer.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: recognizer)
        || recognizer.delegate?.gestureRecognizer(recognizer, shouldRequireFailureOf: other) == true
        || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: recognizer) == true
      {
        others.append(other)
      }
    }
    var waiting = false
    for other in others {
      if other.storedState.hasRecognized { return .otherRecognized }
      if other.storedState == .possible, participants.contains(where: { $0 === other }) {
        waiting = true
      }
    }
    return waiting ? .waiting : .met
  }

  private func apply(_ state: GestureRecognizer.State, to recognizer: GestureRecognizer) {
    recognizer.storedState = state
    if state != .failed, state != .possible, !actionQueue.contains(where: { $0 === recognizer }) {
      actionQueue.append(recognizer)
    }
    if state.isFinished { recognizer.cancelTimer() }
  }

  // MARK: Settling

  /// Resolves what the last touch event or timer decided: recognitions that were waiting
  /// for failures, the actions of recognizers whose state changed, the views' held-back
  /// phases that no recognizer holds any longer, and resets of recognizers that are done.
  func settle() {
    var rounds = 0
    while rounds < 100 {
      rounds += 1
      var progressed = false
      for recognizer in participants {
        guard let wanted = recognizer.deferredState, recognizer.storedState == .possible else {
          continue
        }
        switch requirements(of: recognizer) {
        case .waiting: continue
        case .met: recognize(recognizer, as: wanted)
        case .otherRecognized:
          recognizer.deferredState = nil
          apply(.failed, to: recognizer)
        }
        progressed = true
      }
      if !actionQueue.isEmpty {
        let queue = actionQueue
        actionQueue = []
        for recognizer in queue { recognizer.sendActions() }
        progressed = true
      }
      if releaseHeldPhases() { progressed = true }
      if !progressed { break }
    }
    // As UIKit's, a recognizer that is done (recognized, or failed: also one that ignored
    // its touches) is reset once every finger is up, not before: until then it stays done,
    // so the recognizers that wait for it to fail do not wait for it again.
    guard touches.isEmpty else { return }
    for recognizer in participants
    where recognizer.storedState.isFinished && recognizer.trackedTouches.isEmpty {
      recognizer.reset()
      recognizer.storedState = .possible
      recognizer.deferredState = nil
    }
    dropIdleParticipants()
  }

  /// Delivers the views' phases no recognizer holds back any longer; returns whether any.
  private func releaseHeldPhases() -> Bool {
    var released = false
    for touch in touches.values.sorted(by: { $0.identifier < $1.identifier }) + heldTouches {
      guard case .pending(let phases) = touch.viewDelivery, !phases.isEmpty else { continue }
      if phases.contains(.began) ? holdsBack(touch, phase: .began) : holdsBack(touch, phase: .ended)
      {
        continue
      }
      touch.viewDelivery = .delivered
      let event = Event(kind: .touches, timestamp: touch.timestamp, allTouches: Set(touches.values))
      for phase in phases {
        if phase == .ended, holdsBack(touch, phase: .ended) {
          touch.viewDelivery = .pending([.ended])
          break
        }
        send(phase, of: touch, with: event)
      }
      if case .delivered = touch.viewDelivery { heldTouches.removeAll { $0 === touch } }
      released = true
    }
    return released
  }

  /// Forgets recognizers that took part in an earlier sequence and wait for nothing.
  private func dropIdleParticipants() {
    participants.removeAll {
      $0.storedState == .possible && $0.trackedTouches.isEmpty && $0.deferredState == nil
        && !$0.hasTimer
    }
  }

  private static func takesTaps(_ view: View) -> Bool {
    var current: View? = view
    while let candidate = current {
      if candidate is Control || candidate is TapReceiving || candidate is PointTapReceiving {
        return true
      }
      current = candidate.superview
    }
    return false
  }
}

/// How a touch's phases reach the view it was hit-tested to.
enum TouchViewDelivery {
  /// Phases held back while a recognizer delays them (none yet: not decided).
  case pending([Touch.Phase])
  /// The view has seen it begin and gets each phase as it comes.
  case delivered
  /// A recognizer took the touch: the view got (or will get) nothing more.
  case cancelled
  /// The view does not get this touch (another finger is on a view without multi-touch).
  case withheld
}

extension Touch {
  /// Whether this touch reaches its view now or later.
  var reachesView: Bool {
    switch viewDelivery {
    case .pending, .delivered: true
    case .cancelled, .withheld: false
    }
  }
}
