import CSQLite
import CompdProtocol
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// The durable side of the scenes: an SQLite database (`scenes.sqlite` in the state
/// directory) holding every open scene's record, a tombstone for every closed one, and the
/// scene-id counter.
///
/// All SQLite work runs on a serial queue of its own, never on the main actor where the
/// scenes live, so a slow or failing disk delays saving, not serving. The database is in
/// WAL mode: a writer never leaves a half-written page in the main file, and a `kill -9`
/// or power loss in the middle of a commit loses at most that commit.
final class SceneDatabase: Sendable {
  /// The file name in the state directory.
  static let fileName = "scenes.sqlite"

  /// What is stored, read at start.
  struct Contents: Sendable, Equatable {
    /// Scenes that were open, in id order.
    var open: [SceneRecord] = []
    /// Scenes that were closed.
    var closed: [SceneTombstone] = []
    /// Every id number below this may have been handed out.
    var nextNumber = 1
    /// Set when the database holds less than compd had asked it to keep: its id counter is
    /// below the high-water mark (a lost or damaged `-wal` file, a replaced or restored
    /// file, or a crash during the last write). Says what was found; ids continue above
    /// the mark.
    var missingChanges: String?
  }

  /// One transaction's worth of changes.
  struct Batch: Sendable, Equatable {
    /// Records to insert or replace (opened or changed scenes).
    var saves: [SceneRecord] = []
    /// Scenes to mark closed.
    var closes: [SceneTombstone] = []
    /// Closed scenes whose tombstones are deleted (after `closes`; an open scene's record
    /// is never deleted this way).
    var forgets: [String] = []
    /// A new value for the id counter: ids below it may be handed out from now on.
    var reserveThrough: Int?

    var isEmpty: Bool {
      saves.isEmpty && closes.isEmpty && forgets.isEmpty && reserveThrough == nil
    }
  }

  /// Schema migrations, in order: entry `n` moves a database from `user_version` n to n+1.
  /// A database of a newer version than this list knows is refused (a newer compd wrote it).
  static let migrations = [
    """
    CREATE TABLE scenes (
      id TEXT PRIMARY KEY,
      number INTEGER NOT NULL UNIQUE,
      component TEXT NOT NULL,
      params TEXT,
      environment TEXT NOT NULL,
      lifetime TEXT NOT NULL,
      owner INTEGER NOT NULL,
      revision INTEGER NOT NULL,
      state TEXT,
      closed TEXT,
      closed_detail TEXT
    );
    CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
    INSERT INTO counters VALUES ('next-scene-number', 1);
    """
  ]

  /// The file it is on.
  let path: String
  /// The id high-water mark beside it, raised before each reservation.
  let mark: SceneNumberMark
  private let queue = DispatchQueue(label: "compd.scene-database")
  /// Touched only on `queue`.
  private nonisolated(unsafe) let connection: SQLiteConnection

  private init(path: String, connection: SQLiteConnection) {
    self.path = path
    self.mark = SceneNumberMark(besideDatabaseAt: path)
    self.connection = connection
  }

  /// Opens (creating it if needed) the database at `path`, checks it, brings its schema up
  /// to date and reads what it holds.
  ///
  /// - Throws: a damaged file, one of a newer schema, or one that cannot be opened; an
  ///   empty (0-byte) file where the high-water mark says scenes were opened, since SQLite
  ///   would take it for a new database and every scene would be gone without a word.
  static func open(path: String) async throws(SQLiteError) -> (SceneDatabase, Contents) {
    let result = await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        continuation.resume(
          returning: Result { () throws(SQLiteError) -> (SceneDatabase, Contents) in
            let marked = try SceneNumberMark(besideDatabaseAt: path).read()
            var status = stat()
            if let marked, marked > 1, stat(path, &status) == 0, status.st_size == 0 {
              throw SQLiteError(
                code: SQLITE_CORRUPT,
                message:
                  "\(path) is empty (0 bytes), but compd had handed out scene ids below \(marked)")
            }
            let connection = try SQLiteConnection(path: path)
            try prepare(connection)
            let database = SceneDatabase(path: path, connection: connection)
            var contents = try database.read()
            if let marked, marked > contents.nextNumber {
              contents.missingChanges =
                "its scene-id counter is \(contents.nextNumber), below the high-water mark \(marked) in \(database.mark.path)"
              contents.nextNumber = marked
            }
            return (database, contents)
          })
      }
    }
    return try result.get()
  }

  private static func prepare(_ connection: SQLiteConnection) throws(SQLiteError) {
    // Another reader (an operator's sqlite3) may hold a lock briefly.
    try connection.execute("PRAGMA busy_timeout = 5000")
    let mode = try connection.texts("PRAGMA journal_mode = WAL")
    guard mode.first == "wal" else {
      throw SQLiteError(
        code: SQLITE_ERROR,
        message: "cannot switch \(connection.path) to WAL mode (it stays \(mode.first ?? "?"))")
    }
    // FULL: each commit is on disk (the WAL fsynced) before it returns. NORMAL is also
    // corruption-free in WAL mode, but a power loss may roll back the last commits, and
    // one of them may be the id counter's reservation: ids handed out after it would be
    // handed out again. Commits come at most once per save delay, so the fsync is cheap.
    try connection.execute("PRAGMA synchronous = FULL")
    let check = try connection.texts("PRAGMA quick_check")
    guard check == ["ok"] else {
      throw SQLiteError(
        code: SQLITE_CORRUPT,
        message: "\(connection.path) is damaged: \(check.prefix(3).joined(separator: "; "))")
    }
    let version = Int(try connection.integer("PRAGMA user_version") ?? 0)
    guard version <= migrations.count else {
      throw SQLiteError(
        code: SQLITE_ERROR,
        message:
          "\(connection.path) has schema version \(version), newer than this compd's \(migrations.count): it was written by a newer compd"
      )
    }
    for (index, migration) in migrations.enumerated().dropFirst(version) {
      try connection.transaction { () throws(SQLiteError) in
        try connection.execute(migration)
        try connection.execute("PRAGMA user_version = \(index + 1)")
      }
    }
  }

  private func read() throws(SQLiteError) -> Contents {
    var contents = Contents()
    let scenes = try connection.prepare(
      """
      SELECT id, component, params, environment, lifetime, owner, revision, state, closed,
        closed_detail
      FROM scenes ORDER BY number
      """)
    while try scenes.step() {
      let id = scenes.text(at: 0) ?? ""
      let owner = UInt32(truncatingIfNeeded: scenes.integer(at: 5))
      if let reason = scenes.text(at: 8) {
        contents.closed.append(
          SceneTombstone(
            id: id, reason: SceneTombstone.Reason(rawValue: reason) ?? .closed,
            detail: scenes.text(at: 9), owner: owner))
      } else {
        contents.open.append(
          SceneRecord(
            id: id, component: scenes.text(at: 1) ?? "", params: scenes.text(at: 2),
            environment: scenes.text(at: 3) ?? "{}", lifetime: scenes.text(at: 4) ?? "",
            owner: owner, revision: Int(scenes.integer(at: 6)), state: scenes.text(at: 7)))
      }
    }
    let counter = try connection.integer(
      "SELECT value FROM counters WHERE name = 'next-scene-number'")
    let highest = try connection.integer("SELECT max(number) FROM scenes") ?? 0
    // The counter is written before ids are handed out; the max covers a hand-edited file.
    contents.nextNumber = max(Int(counter ?? 1), Int(highest) + 1)
    return contents
  }

  /// Writes `batch` in one transaction.
  ///
  /// A reservation raises the high-water mark first, so that the mark covers every id the
  /// database may hand out even if this transaction is lost later.
  func write(_ batch: Batch) async throws(SQLiteError) {
    try await perform { [mark] connection throws(SQLiteError) in
      if let number = batch.reserveThrough { try mark.write(number) }
      try connection.transaction { () throws(SQLiteError) in
        if let number = batch.reserveThrough {
          try connection.cachedStatement(
            "UPDATE counters SET value = max(value, ?1) WHERE name = 'next-scene-number'"
          ).run([.integer(Int64(number))])
        }
        let save = try connection.cachedStatement(
          """
          INSERT OR REPLACE INTO scenes (id, number, component, params, environment, lifetime,
            owner, revision, state, closed, closed_detail)
          VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, NULL, NULL)
          """)
        for record in batch.saves {
          try save.run([
            .text(record.id), .integer(Int64(sceneNumber(of: record.id) ?? 0)),
            .text(record.component), record.params.map(SQLiteValue.text) ?? .null,
            .text(record.environment), .text(record.lifetime), .integer(Int64(record.owner)),
            .integer(Int64(record.revision)), record.state.map(SQLiteValue.text) ?? .null,
          ])
        }
        // A scene closed before its first save still gets its tombstone (the columns a
        // tombstone does not use are left empty).
        let close = try connection.cachedStatement(
          """
          INSERT INTO scenes (id, number, component, environment, lifetime, owner, revision,
            closed, closed_detail)
          VALUES (?1, ?2, '', '{}', '', ?3, 0, ?4, ?5)
          ON CONFLICT (id) DO UPDATE SET closed = ?4, closed_detail = ?5, state = NULL,
            params = NULL
          """)
        for tombstone in batch.closes {
          try close.run([
            .text(tombstone.id), .integer(Int64(sceneNumber(of: tombstone.id) ?? 0)),
            .integer(Int64(tombstone.owner)), .text(tombstone.reason.rawValue),
            tombstone.detail.map(SQLiteValue.text) ?? .null,
          ])
        }
        let forget = try connection.cachedStatement(
          "DELETE FROM scenes WHERE id = ?1 AND closed IS NOT NULL")
        for id in batch.forgets { try forget.run([.text(id)]) }
      }
    }
  }

  /// Writes a consistent copy of the database, after the writes queued before, into a new
  /// file at `path` (which must not exist), synced to disk. Returns how many open scenes the
  /// copy holds.
  func backUp(to path: String) async throws(SQLiteError) -> Int {
    try await perform { connection throws(SQLiteError) in
      let scenes = try connection.integer("SELECT count(*) FROM scenes WHERE closed IS NULL")
      try connection.backUp(to: path)
      let descriptor = Glibc.open(path, O_RDONLY)
      if descriptor >= 0 {
        fsync(descriptor)
        Glibc.close(descriptor)
      }
      return Int(scenes ?? 0)
    }
  }

  /// Closes the database after the writes queued before, so that its file is whole
  /// without its write-ahead log (at exit). Nothing may be written afterwards.
  func close() async {
    _ = try? await perform { connection in connection.close() }
  }

  /// Runs `body` with the connection on the database's queue.
  private func perform<T: Sendable>(
    _ body: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> T
  ) async throws(SQLiteError) -> T {
    let result = await withCheckedContinuation { continuation in
      queue.async { [self] in
        continuation.resume(
          returning: Result { () throws(SQLiteError) -> T in try body(self.connection) })
      }
    }
    return try result.get()
  }
}
