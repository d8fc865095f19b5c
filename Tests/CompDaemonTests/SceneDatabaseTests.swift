import Foundation
import Testing

@testable import CompdBroker

/// The scene database on its own: what is written is what is read back, tombstones, the
/// id counter, the schema version and damaged files. The files are also read with
/// Python's `sqlite3` module, an SQLite client this code did not write.
@Suite("Scene database") struct SceneDatabaseTests {
  private func path(_ label: String) throws -> String {
    try PluginFixtureBuilder.temporaryDirectory("scenedb-\(label)") + "/" + SceneDatabase.fileName
  }

  private func record(_ id: String, revision: Int = 1, state: String? = nil) -> SceneRecord {
    SceneRecord(
      id: id, component: "demo.Login", params: #"{"title":"Hi"}"#,
      environment: #"{"width":390,"height":844}"#, lifetime: "daemon", owner: 1000,
      revision: revision, state: state)
  }

  @Test func aNewDatabaseIsEmptyInWALModeAtTheCurrentSchema() async throws {
    let file = try path("new")
    let (_, contents) = try await SceneDatabase.open(path: file)
    #expect(contents == SceneDatabase.Contents())
    #expect(try python(file, "PRAGMA journal_mode") == "wal")
    #expect(try python(file, "PRAGMA user_version") == "\(SceneDatabase.migrations.count)")
  }

  @Test func recordsTombstonesAndTheCounterSurviveReopening() async throws {
    let file = try path("roundtrip")
    do {
      let (database, _) = try await SceneDatabase.open(path: file)
      try await database.write(
        .init(
          saves: [record("s1"), record("s2", revision: 7, state: #"{"v":1}"#), record("s3")],
          reserveThrough: 257))
      // A later save replaces the record; a close keeps only the tombstone.
      try await database.write(
        .init(
          saves: [record("s2", revision: 9, state: #"{"v":2}"#)],
          closes: [
            .init(id: "s1", reason: .closed, owner: 1000),
            // closed before it was ever saved
            .init(id: "s4", reason: .abandoned, owner: 1001),
          ]))
    }
    let (_, contents) = try await SceneDatabase.open(path: file)
    #expect(contents.open == [record("s2", revision: 9, state: #"{"v":2}"#), record("s3")])
    #expect(
      contents.closed == [
        .init(id: "s1", reason: .closed, owner: 1000),
        .init(id: "s4", reason: .abandoned, owner: 1001),
      ])
    #expect(contents.nextNumber == 257)
    #expect(try python(file, "PRAGMA integrity_check") == "ok")
    #expect(try python(file, "SELECT count(*) FROM scenes WHERE closed IS NULL") == "2")
  }

  @Test func forgettingDeletesOnlyTombstones() async throws {
    let file = try path("forget")
    do {
      let (database, _) = try await SceneDatabase.open(path: file)
      try await database.write(
        .init(
          saves: [record("s1"), record("s2")],
          closes: [
            .init(id: "s3", reason: .closed, owner: 1),
            .init(id: "s4", reason: .abandoned, owner: 1),
          ],
          reserveThrough: 10))
      // s1 is open: a forget naming it (a mistake) must not drop an open scene's record.
      // s5 is closed and forgotten in the same transaction.
      try await database.write(
        .init(
          closes: [.init(id: "s5", reason: .closed, owner: 1)], forgets: ["s1", "s3", "s5"]))
    }
    let (_, contents) = try await SceneDatabase.open(path: file)
    #expect(contents.open == [record("s1"), record("s2")])
    #expect(contents.closed == [.init(id: "s4", reason: .abandoned, owner: 1)])
    #expect(contents.nextNumber == 10)
    #expect(try python(file, "SELECT count(*) FROM scenes") == "3")
  }

  @Test func theCounterNeverGoesBackAndCoversEveryStoredId() async throws {
    let file = try path("counter")
    do {
      let (database, _) = try await SceneDatabase.open(path: file)
      try await database.write(.init(reserveThrough: 300))
      try await database.write(.init(reserveThrough: 100))  // an older reservation
    }
    #expect(try await SceneDatabase.open(path: file).1.nextNumber == 300)
    // A row past the counter (a file edited by hand) still moves the next id past it.
    try pythonWrite(
      file,
      "INSERT INTO scenes (id, number, component, environment, lifetime, owner, revision) VALUES ('s900', 900, 'x', '{}', 'daemon', 0, 1)"
    )
    #expect(try await SceneDatabase.open(path: file).1.nextNumber == 901)
  }

  @Test func aDatabaseOfANewerSchemaIsRefused() async throws {
    let file = try path("newer")
    _ = try await SceneDatabase.open(path: file)
    try pythonWrite(file, "PRAGMA user_version = 99")
    await #expect {
      _ = try await SceneDatabase.open(path: file)
    } throws: { error in
      "\(error)".contains("schema version 99")
    }
  }

  @Test func aDamagedFileIsAClearError() async throws {
    let file = try path("damaged")
    try Data(repeating: 0x5a, count: 8192).write(to: URL(fileURLWithPath: file))
    await #expect {
      _ = try await SceneDatabase.open(path: file)
    } throws: { error in
      (error as? SQLiteError)?.isCorruption == true
    }
  }

  @Test func anUnopenablePathIsAnError() async throws {
    let file = try path("unopenable")
    // The directory the file should be in is a regular file.
    let parent = (file as NSString).deletingLastPathComponent + "/not-a-dir"
    _ = FileManager.default.createFile(atPath: parent, contents: Data())
    await #expect(throws: SQLiteError.self) {
      _ = try await SceneDatabase.open(path: parent + "/" + SceneDatabase.fileName)
    }
  }
}

/// Runs one SQL statement with Python's `sqlite3` module and returns the first column of
/// its rows, one per line.
func python(_ file: String, _ sql: String) throws -> String {
  let script = """
    import sqlite3, sys
    c = sqlite3.connect(sys.argv[1])
    print("\\n".join(str(r[0]) for r in c.execute(sys.argv[2])))
    c.commit()
    """
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", script, file, sql]
  let output = Pipe()
  process.standardOutput = output
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0 else {
    throw TestFailure("python3 sqlite3 failed on \(sql)")
  }
  return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Runs a statement that changes the file, with Python's `sqlite3`.
func pythonWrite(_ file: String, _ sql: String) throws { _ = try python(file, sql) }
