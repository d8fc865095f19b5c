import ArgumentParser
import Foundation
import JSONRPC

/// `compctl backup FILE`: `daemon.backup`, an online copy of compd's scene database.
struct BackupCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup",
    abstract: "Write a consistent copy of compd's scene database (needs control access).",
    discussion: """
      compd saves its pending scene changes, then copies the database while it keeps \
      serving. FILE must not exist; compd's user writes it, so its directory must be \
      writable by compd (with the packaged service, /var/lib/compd is). To restore: stop \
      compd, replace scenes.sqlite in its state directory with the copy (remove \
      scenes.sqlite-wal and scenes.sqlite-shm), start compd.
      """)

  @OptionGroup var options: ClientOptions

  @Argument(help: "The new file to write (a relative path is taken from here).")
  var file: String

  func run() throws {
    let path =
      file.hasPrefix("/")
      ? file : FileManager.default.currentDirectoryPath + "/" + file
    let result = try options.call(method: "daemon.backup", params: ["path": .string(path)])
    if options.json {
      print(result.serialized())
      return
    }
    let scenes = result["scenes"]?.intValue ?? 0
    let bytes = result["bytes"]?.intValue ?? 0
    print("wrote \(result["path"]?.stringValue ?? path): \(scenes) open scenes, \(bytes) bytes")
  }
}
