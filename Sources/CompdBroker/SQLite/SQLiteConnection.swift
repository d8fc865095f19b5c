import CSQLite
import CompdProtocol

/// An SQLite failure: the extended result code and SQLite's message for it.
struct SQLiteError: Error, CustomStringConvertible, Equatable {
  /// The extended result code (`SQLITE_FULL`, `SQLITE_CANTOPEN`, `SQLITE_CORRUPT`, ...).
  var code: Int32
  /// SQLite's message, with what was being done.
  var message: String

  var description: String { message }

  /// The primary result code (the low byte of the extended one).
  var primaryCode: Int32 { code & 0xff }

  /// Whether the file is not an SQLite database or is damaged.
  var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
}

/// A value bound to a statement's parameter.
enum SQLiteValue: Equatable {
  case integer(Int64)
  case real(Double)
  case text(String)
  case null
}

/// One connection to an SQLite database file.
///
/// Not safe to share between threads: its owner uses it from one serial queue. Statements
/// are prepared once and kept (`cachedStatement`), since the same few run on every save.
final class SQLiteConnection {
  private let handle: OpaquePointer
  private var statements: [String: SQLiteStatement] = [:]
  /// The file it was opened on.
  let path: String

  /// Opens (creating it if needed) the database at `path`, read-write.
  init(path: String) throws(SQLiteError) {
    var handle: OpaquePointer?
    let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
    let status = sqlite3_open_v2(path, &handle, flags, nil)
    guard status == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      if let handle { sqlite3_close_v2(handle) }
      throw SQLiteError(code: status, message: "cannot open \(path): \(message)")
    }
    sqlite3_extended_result_codes(handle, 1)
    self.handle = handle
    self.path = path
  }

  private var isClosed = false

  /// Closes the connection (SQLite checkpoints the write-ahead log into the file and
  /// removes it); nothing may use it afterwards.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    statements.removeAll()  // finalized before the connection closes
    sqlite3_close_v2(handle)
  }

  deinit { close() }

  /// The error for the result `status` of the last call, saying what was being done.
  func error(_ status: Int32, _ doing: String) -> SQLiteError {
    SQLiteError(
      code: status, message: "\(doing): \(String(cString: sqlite3_errmsg(handle))) (\(path))")
  }

  /// Runs one or more statements that return no rows.
  /// Copies the whole database, with what its write-ahead log holds, into a new database
  /// file at `path` with SQLite's online backup API: a consistent snapshot, taken while
  /// the database stays in use. The copy is a plain (rollback-journal) database file.
  func backUp(to path: String) throws(SQLiteError) {
    var destination: OpaquePointer?
    let status = sqlite3_open_v2(
      path, &destination, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_EXCLUSIVE,
      nil)
    defer { sqlite3_close_v2(destination) }
    guard status == SQLITE_OK, let destination else {
      let message = destination.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      throw SQLiteError(code: status, message: "cannot create \(path): \(message)")
    }
    guard let backup = sqlite3_backup_init(destination, "main", handle, "main") else {
      throw SQLiteError(
        code: sqlite3_extended_errcode(destination),
        message: "cannot back up into \(path): \(String(cString: sqlite3_errmsg(destination)))")
    }
    let stepped = sqlite3_backup_step(backup, -1)
    let finished = sqlite3_backup_finish(backup)
    guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
      let code = stepped == SQLITE_DONE ? finished : stepped
      throw SQLiteError(
        code: code,
        message: "cannot back up into \(path): \(String(cString: sqlite3_errstr(code)))")
    }
  }

  func execute(_ sql: String) throws(SQLiteError) {
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    guard status == SQLITE_OK else { throw error(status, "SQL failed") }
  }

  /// A new prepared statement for `sql`.
  func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else { throw error(status, "cannot prepare SQL") }
    return SQLiteStatement(statement, connection: self)
  }

  /// The prepared statement for `sql`, reset and ready to bind: prepared on first use.
  func cachedStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let statement = statements[sql] {
      statement.reset()
      return statement
    }
    let statement = try prepare(sql)
    statements[sql] = statement
    return statement
  }

  /// The first column of the first row `sql` returns, as an integer; `nil` without rows.
  func integer(_ sql: String) throws(SQLiteError) -> Int64? {
    let statement = try prepare(sql)
    return try statement.step() ? statement.integer(at: 0) : nil
  }

  /// Every row's first column as text (`PRAGMA integrity_check` and the like).
  func texts(_ sql: String) throws(SQLiteError) -> [String] {
    let statement = try prepare(sql)
    var result: [String] = []
    while try statement.step() { result.append(statement.text(at: 0) ?? "") }
    return result
  }

  /// Runs `body` in one transaction (`BEGIN IMMEDIATE`): committed when it returns,
  /// rolled back when it throws.
  func transaction<T>(_ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      // A failed COMMIT (a full disk) leaves the transaction open; ROLLBACK ends it.
      if sqlite3_get_autocommit(handle) == 0 { try? execute("ROLLBACK") }
      throw error
    }
  }
}

/// A prepared statement of one `SQLiteConnection`.
final class SQLiteStatement {
  private let statement: OpaquePointer
  private unowned let connection: SQLiteConnection

  fileprivate init(_ statement: OpaquePointer, connection: SQLiteConnection) {
    self.statement = statement
    self.connection = connection
  }

  deinit { sqlite3_finalize(statement) }

  /// Binds `values` to the parameters `?1`, `?2`, ... in order.
  func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
    sqlite3_clear_bindings(statement)
    for (offset, value) in values.enumerated() {
      let index = Int32(offset + 1)
      let status: Int32
      switch value {
      case .integer(let number): status = sqlite3_bind_int64(statement, index, number)
      case .real(let number): status = sqlite3_bind_double(statement, index, number)
      case .null: status = sqlite3_bind_null(statement, index)
      case .text(let text):
        // SQLITE_TRANSIENT: SQLite copies the bytes, which live only for this call.
        status = sqlite3_bind_text(
          statement, index, text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
      }
      guard status == SQLITE_OK else { throw connection.error(status, "cannot bind a value") }
    }
  }

  /// Steps once: `true` when a row is available, `false` when done.
  func step() throws(SQLiteError) -> Bool {
    let status = sqlite3_step(statement)
    switch status {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw connection.error(status, "SQL failed")
    }
  }

  /// Binds `values` and runs a statement that returns no rows.
  func run(_ values: [SQLiteValue]) throws(SQLiteError) {
    reset()
    try bind(values)
    while try step() {}
  }

  /// Makes the statement ready to run again.
  func reset() { sqlite3_reset(statement) }

  /// Column `index` of the current row as an integer (0 for NULL).
  func integer(at index: Int32) -> Int64 { sqlite3_column_int64(statement, index) }

  /// Column `index` of the current row as text; `nil` for NULL.
  func text(at index: Int32) -> String? {
    guard sqlite3_column_type(statement, index) != SQLITE_NULL,
      let bytes = sqlite3_column_text(statement, index)
    else { return nil }
    return String(cString: bytes)
  }

  /// Column `index` of the current row as a double (0 for NULL).
  func real(at index: Int32) -> Double { sqlite3_column_double(statement, index) }
}
