import CSQLite
import CompdProtocol

/// Decides when scenes are written to the `SceneDatabase`: a changed scene within the save
/// delay (many changes, and many scenes, coalesced into one transaction), an opened or
/// closed one and an id reservation at once, everything pending at shutdown (`flush`).
///
/// Lives on the main actor with the scenes, whose records (and restorable state) it reads
/// when a write starts; the write itself runs on the database's queue. One write is in
/// flight at a time. A failed write keeps its changes pending and is retried (at least a
/// second later), so saving resumes by itself when the disk does.
@MainActor
final class SceneSaver {
  private let database: SceneDatabase
  /// What `daemon.info` reports.
  let status: PersistenceStatus
  private let delay: Double
  /// The record of the open scene with this id, read when a write starts.
  var recordOf: (String) -> SceneRecord? = { _ in nil }
  private var changed: Set<String> = []
  private var closes: [SceneTombstone] = []
  private var forgets: [String] = []
  private var reserveThrough: Int?
  /// Ids below this are reserved in the database: written, not only asked for.
  private(set) var reservedInDatabase = 0
  private var timer: Task<Void, Never>?
  private var timerDeadline: ContinuousClock.Instant?
  private var writing: Task<Bool, Never>?

  /// Saves into `database` within `delay` seconds of a change.
  init(database: SceneDatabase, delay: Double, status: PersistenceStatus) {
    self.database = database
    self.delay = delay
    self.status = status
    status.enable(path: database.path)
  }

  /// The scene `id` changed: saved within the delay.
  func changed(_ id: String) {
    changed.insert(id)
    // A pending timer is due no later than a new one would be (this runs per event).
    if timer == nil { schedule(after: delay) }
  }

  /// The scene `id` opened: saved now.
  func opened(_ id: String) {
    changed.insert(id)
    schedule(after: 0)
  }

  /// A scene closed: its tombstone is written now.
  func closed(_ tombstone: SceneTombstone) {
    changed.remove(tombstone.id)
    closes.append(tombstone)
    schedule(after: 0)
  }

  /// Closed scenes no longer remembered: their tombstones are deleted with the next write
  /// (not urgent: a tombstone left by a crash is deleted again at the next start).
  func forget(_ ids: [String]) {
    forgets += ids
    if timer == nil { schedule(after: delay) }
  }

  /// Ids below `number` may be handed out: written now.
  func reserve(through number: Int) {
    reserveThrough = max(reserveThrough ?? 0, number)
    schedule(after: 0)
  }

  /// Saves everything pending, then writes a copy of the database into `path`. Returns how
  /// many open scenes the copy holds. A copy while saving fails would lack acknowledged
  /// changes, so it is refused then.
  func backUp(to path: String) async throws(SQLiteError) -> Int {
    guard await flush() else {
      throw SQLiteError(
        code: SQLITE_IOERR,
        message:
          "scenes cannot be saved now (\(status.lastError ?? "?")), so a copy would miss changes")
    }
    return try await database.backUp(to: path)
  }

  /// Closes the database (at exit, after `flush`).
  func close() async { await database.close() }

  /// Writes everything pending and waits for it (at shutdown). Returns whether it worked.
  @discardableResult
  func flush() async -> Bool {
    timer?.cancel()
    timer = nil
    timerDeadline = nil
    return await writePending()
  }

  private func schedule(after seconds: Double) {
    let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    if let current = timerDeadline, current <= deadline { return }
    timer?.cancel()
    timerDeadline = deadline
    timer = Task { [weak self] in
      try? await Task.sleep(until: deadline, clock: .continuous)
      guard !Task.isCancelled, let self else { return }
      self.timer = nil
      self.timerDeadline = nil
      await self.writePending()
    }
  }

  /// Writes what is pending now, after any write in flight. Returns whether it worked.
  @discardableResult
  private func writePending() async -> Bool {
    while let running = writing { _ = await running.value }
    var batch = SceneDatabase.Batch(
      closes: closes, forgets: forgets, reserveThrough: reserveThrough)
    batch.saves = changed.sorted().compactMap(recordOf)
    let savedIDs = changed
    // As large as the last batch: scenes that keep changing fill it again without growing it.
    changed.removeAll(keepingCapacity: true)
    closes = []
    forgets = []
    reserveThrough = nil
    guard !batch.isEmpty else { return true }
    // The task (on the main actor too) clears `writing` itself: a waiter whose `await
    // value` finds it done does not suspend, so it must not see a finished write as one
    // in flight.
    let task = Task { [weak self, database, status] () -> Bool in
      var succeeded = true
      do throws(SQLiteError) {
        try await database.write(batch)
        status.saved()
        if let number = batch.reserveThrough, let self {
          self.reservedInDatabase = max(self.reservedInDatabase, number)
        }
      } catch {
        status.failed(error.description)
        succeeded = false
      }
      self?.writing = nil
      return succeeded
    }
    writing = task
    let succeeded = await task.value
    if !succeeded {
      // Kept for the next try; a scene closed meanwhile is saved by its tombstone.
      changed.formUnion(savedIDs.filter { recordOf($0) != nil })
      closes = batch.closes + closes
      forgets = batch.forgets + forgets
      if let number = batch.reserveThrough { reserveThrough = max(reserveThrough ?? 0, number) }
      schedule(after: max(delay, 1))
    }
    return succeeded
  }
}
