import CompdProtocol
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

extension Daemon {
  /// `daemon.backup`: an online copy of the scene database (needs control access).
  func registerPersistenceMethods(into registry: inout MethodRegistry) {
    registry.register(
      RPCMethod(
        name: "daemon.backup",
        summary: "Writes a consistent copy of the scene database into a new file.",
        description: """
          Saves every pending scene change first, then copies the database with SQLite's \
          online backup API while compd keeps serving: the copy holds what the write-ahead \
          log holds too (a plain copy of scenes.sqlite while compd runs does not). path is \
          an absolute path, written by compd's user, that must not exist yet, in a \
          directory that does. To restore: stop compd, put the copy in place of \
          scenes.sqlite (removing scenes.sqlite-wal and -shm), start compd; ids continue \
          above the high-water mark, so none is handed out again. Fails with \
          compd.PersistenceError when scenes are not saved (persist-scenes = false), when \
          saving fails now, or when the copy cannot be written.
          """,
        params: .object([
          .init(
            "path", .string(description: "Absolute path of the copy; must not exist."),
            required: true)
        ]),
        result: .object([
          .init("path", .string(description: "The copy written."), required: true),
          .init("scenes", .integer(description: "Open scenes the copy holds."), required: true),
          .init("bytes", .integer(description: "The copy's size."), required: true),
        ]),
        handler: .async { [self] call in
          let path = call.params["path"]?.stringValue ?? ""
          try Self.checkBackupPath(path)
          guard let saver = await MainActor.run(body: { scenes.saver }) else {
            throw RPCError.server(
              .persistenceError, "scenes are not saved (persist-scenes = false): nothing to back up"
            )
          }
          let count: Int
          do {
            count = try await saver.backUp(to: path)
          } catch {
            throw RPCError.server(.persistenceError, "cannot back up the scenes: \(error)")
          }
          var status = stat()
          stat(path, &status)
          return [
            "path": .string(path), "scenes": .int(Int64(count)),
            "bytes": .int(Int64(status.st_size)),
          ]
        }))
  }

  /// A copy goes to a new file named by an absolute path in an existing directory: never
  /// over a file (the database itself, or anything else compd's user may write).
  private static func checkBackupPath(_ path: String) throws(RPCError) {
    guard path.hasPrefix("/"), path.count > 1 else {
      throw .invalidParams("path must be an absolute file path", field: "path")
    }
    var status = stat()
    if lstat(path, &status) == 0 {
      throw .invalidParams(
        "\(path) exists already; a backup is written to a new file", field: "path")
    }
    let directory = String(path[..<path.lastIndex(of: "/")!])
    guard stat(directory.isEmpty ? "/" : directory, &status) == 0,
      status.st_mode & S_IFMT == S_IFDIR
    else {
      throw .invalidParams("the directory of \(path) does not exist", field: "path")
    }
  }
}
