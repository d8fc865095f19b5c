import CompdProtocol

/// Blame for a scene host that ended by its own doing while no request of it was running:
/// its crash report said `idle` (a fatal signal or `exit` from a timer or a dispatched
/// block), it left with `_exit`, it hung, it broke its channel's rules (a message over the
/// size limit), or it forked past `host-process-limit`. Code of
/// any of its scenes may have done it. (A host killed by a signal without a word was killed
/// from outside, by an operator or the kernel, and is not judged at all.)
///
/// Such a death charges nobody by itself. When the host held the scenes of several
/// components, each of them becomes a suspect: its scenes are restored in a host of its own
/// (a *suspect host*, one per component, which loads only its plugin and what that
/// composes), and new scenes of it go there too, for `probation`. When a host that held the
/// scenes of one component only dies without evidence — a suspect host, or any host that
/// held nothing else — only that component's code (and the code its scenes composed) ran in
/// it: that component is charged, counted by the `CrashLedger` as a crash with evidence
/// is, and quarantined at the same limit. A co-tenant that did nothing lives on in its own
/// suspect host, whose scenes keep their ids and keep being served, and is no longer a
/// suspect once its probation passed without its host dying; it is never charged for
/// having shared a host with the culprit.
@MainActor
final class CrashSuspects {
  /// How long a component stays a suspect after its host last died without evidence.
  let probation: Duration
  /// Suspects, with when their probation ends.
  private var suspects: [String: ContinuousClock.Instant] = [:]
  /// Called when a component's probation ended without its host dying (its suspect hosts
  /// then take no new scenes and retire once their scenes are gone).
  var onCleared: (@MainActor (String) -> Void)?

  nonisolated init(probation: Duration = .seconds(60)) {
    self.probation = probation
  }

  /// What a death without evidence leads to.
  enum Verdict: Equatable {
    /// The host held no scene: there is nobody to suspect.
    case nobody
    /// The host held the scenes of this component only: it is charged.
    case charge(String)
    /// These components become suspects, each isolated in a host of its own.
    case isolate([String])
  }

  /// The verdict on a host that died by its own doing, with no request running, holding
  /// scenes of `components` (quarantined ones left out), at `now`. Suspects are recorded; a
  /// charged component that was one stays one for another probation (one that was alone in
  /// a shared host is not made one: isolating it again would tell nothing new).
  func hostDied(
    holding components: Set<String>, now: ContinuousClock.Instant = .now
  ) -> Verdict {
    let sorted = components.sorted()
    guard let first = sorted.first else { return .nobody }
    guard sorted.count > 1 else {
      if isSuspect(first, now: now) { suspect(first, now: now) }
      return .charge(first)
    }
    for component in sorted { suspect(component, now: now) }
    return .isolate(sorted)
  }

  /// Whether new and restored scenes of `component` go to a suspect host of its own.
  func isSuspect(_ component: String, now: ContinuousClock.Instant = .now) -> Bool {
    guard let until = suspects[component] else { return false }
    return until > now
  }

  /// The suspects, sorted.
  var names: [String] { suspects.filter { $0.value > .now }.keys.sorted() }

  /// `component` is quarantined: it is no suspect any more (its scenes are closed).
  func forget(_ component: String) {
    suspects.removeValue(forKey: component)
  }

  /// Ends the suspicion of every component whose probation is over by `now` (`onCleared`).
  func clearExpired(now: ContinuousClock.Instant = .now) {
    for (component, until) in suspects.sorted(by: { $0.key < $1.key }) where until <= now {
      suspects.removeValue(forKey: component)
      onCleared?(component)
    }
  }

  private func suspect(_ component: String, now: ContinuousClock.Instant) {
    let until = now + probation
    suspects[component] = until
    Task { @MainActor [weak self] in
      try? await Task.sleep(until: until)
      self?.clearExpired()
    }
  }
}
