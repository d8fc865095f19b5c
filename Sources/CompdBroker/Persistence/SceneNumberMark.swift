import CSQLite
import CompdProtocol

#if canImport(Glibc)
  import Glibc
#endif

/// The scene-id high-water mark: a small file beside the scene database (`scene-ids` in the
/// state directory) holding the highest id counter the database was ever asked to reserve.
///
/// The database alone cannot keep ids unique: its counter lives in the write-ahead log until
/// a checkpoint, so a lost or damaged `-wal` file, a 0-byte or replaced `scenes.sqlite`, or a
/// restored backup lowers it, and compd would hand out the ids of scenes clients still hold.
/// The mark is written (to a temporary file, synced, renamed over the old one, and the
/// directory synced) before each reservation is committed, so no id is handed out that the
/// mark does not cover, and nothing that happens to the database can lower it.
struct SceneNumberMark: Sendable {
  /// The file name in the state directory.
  static let fileName = "scene-ids"

  /// The directory the mark (and the database) is in, whose entry a rename makes durable.
  let directory: String
  /// The mark's file.
  var path: String { directory + "/" + Self.fileName }

  /// The mark beside the database at `databasePath`.
  init(besideDatabaseAt databasePath: String) {
    directory = databasePath.lastIndex(of: "/").map { String(databasePath[..<$0]) } ?? "."
  }

  /// The number stored, or nil when there is no mark yet (a new state directory, or one
  /// from a compd that kept none).
  ///
  /// - Throws: a mark that cannot be read or does not hold a number: guessing would risk
  ///   handing out ids again.
  func read() throws(SQLiteError) -> Int? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return nil }
      throw failure("cannot read")
    }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
    let line = String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self)
    let words = line.split(separator: " ")
    guard words.count == 2, words[0] == "next-scene-number",
      let number = Int(words[1].trimmingCharacters(in: "\n")), number >= 1
    else {
      throw SQLiteError(
        code: SQLITE_CORRUPT,
        message: "\(path) is damaged: it should hold `next-scene-number N`")
    }
    return number
  }

  /// Stores `number`, durably, before the caller reserves ids below it in the database.
  func write(_ number: Int) throws(SQLiteError) {
    let temporary = path + ".new"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure("cannot write") }
    let text = Array("next-scene-number \(number)\n".utf8)
    let written = text.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == text.count, synced, rename(temporary, path) == 0 else {
      let error = failure("cannot write")
      unlink(temporary)
      throw error
    }
    // The rename is durable only once the directory is.
    let entry = open(directory, O_RDONLY | O_DIRECTORY)
    if entry >= 0 {
      fsync(entry)
      close(entry)
    }
  }

  private func failure(_ what: String) -> SQLiteError {
    SQLiteError(
      code: errno == ENOSPC ? SQLITE_FULL : SQLITE_IOERR,
      message: "\(what) \(path): \(String(cString: strerror(errno)))")
  }
}

extension Substring {
  fileprivate func trimmingCharacters(in character: Character) -> Substring {
    var text = self
    while text.last == character { text = text.dropLast() }
    return text
  }
}
