import ArgumentParser
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

/// `compctl watch SCENE`: subscribes to a scene and prints every notification compd sends
/// for it until the scene closes (exit 0), Ctrl-C (exit 0) or compd goes away (exit 3).
struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Stream a scene's changes, emitted events and closing.",
    discussion: """
      Prints the snapshot's revision, then one line per notification:
        r5 ← r4: frame n3, update n7 {"text":"ann"}
        emitted login {"hasPassword":false,"username":"ann"}
        closed (closed)
      With --json: the scene.subscribe result, then each notification's params, one
      compact JSON object per line (flushed at once, also into a pipe).
      Exits 0 on Ctrl-C or when the scene closes, 3 when compd goes away.
      """)

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  func run() throws {
    // Ctrl-C is the normal way to stop watching. Every line is written straight to the
    // descriptor (see `emit`), so leaving at once loses nothing.
    signal(SIGINT) { _ in _exit(0) }

    let client = try options.connect()
    let snapshot = try options.call(
      method: "scene.subscribe", params: ["scene": .string(scene)], on: client)
    emit(options.json ? snapshot.serialized() : Self.snapshotLine(snapshot, scene: scene))
    client.setReadTimeout(seconds: nil)
    while true {
      let notification: (method: String, params: JSON)
      do {
        notification = try client.nextNotification()
      } catch {
        printError("stopped watching \(scene): \(error.description)")
        throw ExitCode(CompctlExit.cannotConnect)
      }
      let params = notification.params
      emit(
        options.json
          ? params.serialized()
          : NotificationText.line(method: notification.method, params: params))
      if notification.method == "scene.closed",
        params["scene"]?.stringValue.map({ $0 == scene }) ?? true
      {
        return
      }
    }
  }

  /// Writes `line` and a newline to standard output at once, unbuffered, so that a reader
  /// at the other end of a pipe sees each notification as it comes.
  private func emit(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(STDOUT_FILENO, $0.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }

  /// `s1 r4: 23 nodes`, the first line of the human output.
  static func snapshotLine(_ snapshot: JSON, scene: String) -> String {
    var line = (snapshot["scene"]?.stringValue ?? scene) + " " + revisionLabel(snapshot["revision"])
    if let root = snapshot["root"].flatMap(WireNode.init) {
      let count = nodeCount(root)
      line += ": \(count) node\(count == 1 ? "" : "s")"
    }
    return line
  }

  private static func nodeCount(_ node: WireNode) -> Int {
    node.children.reduce(1) { $0 + nodeCount($1) }
  }
}
