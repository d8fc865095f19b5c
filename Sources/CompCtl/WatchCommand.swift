import ArgumentParser
import CompdClient
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

/// `compctl watch SCENE`: subscribes to a scene and prints every notification compd sends
/// for it until the scene closes (exit 0) or Ctrl-C (exit 0). When compd goes away (a
/// restart) it reconnects and resubscribes with `since`, printing a line that says so; it
/// gives up (exit 3) when compd stays away for `--reconnect` seconds.
struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Stream a scene's changes, emitted events and closing.",
    discussion: """
      Prints the snapshot's revision, then one line per notification:
        r5 ← r4: frame n3, update n7 {"text":"ann"}
        emitted login {"hasPassword":false,"username":"ann"}
        reset r9 (crashed: its scene host killed by signal 9 (SIGKILL)): 7 nodes
        closed (component-failed: crashed its scene host 3 times within 600 s (last: …))
      A reset line means compd replaced the scene's whole tree (its scene host crashed,
      hung or was upgraded): the revision the new tree is at, why, and its size; later
      changes build on it. A closing shows compd's reason and detail.
      With --json: the scene.subscribe result, then each notification's params, one
      compact JSON object per line (flushed at once, also into a pipe).
      When compd goes away (a restart), watch reconnects (pausing 0.1 s, doubling up to
      2 s) and resubscribes with since = the last revision it printed, then prints
        reconnected: s1 r1000012: 23 nodes
      (with --json, the new scene.subscribe result with "reconnected": true) and goes on.
      A scene that did not survive prints `closed (REASON)`.
      Exits 0 on Ctrl-C or when the scene closes, 3 when compd stays away for
      --reconnect seconds (default 60; 0: at once).
      """)

  @OptionGroup var options: ClientOptions

  @OptionGroup var sceneArgument: SceneArgument
  var scene: String { sceneArgument.scene }

  @Option(
    name: .long,
    help: ArgumentHelp(
      "Seconds to keep reconnecting after compd goes away (default: 60).", valueName: "seconds"))
  var reconnect: Double = 60

  func validate() throws {
    guard reconnect >= 0, reconnect.isFinite else {
      throw ValidationError("--reconnect must be a number of seconds, 0 or more")
    }
  }

  func run() throws {
    // Ctrl-C is the normal way to stop watching. Every line is written straight to the
    // descriptor (see `emit`), so leaving at once loses nothing.
    signal(SIGINT) { _ in _exit(0) }

    var client = try options.connect()
    let snapshot = try options.call(
      method: "scene.subscribe", params: ["scene": .string(scene)], on: client)
    emit(options.json ? snapshot.serialized() : Self.snapshotLine(snapshot, scene: scene))
    var revision = snapshot["revision"]?.intValue
    client.setReadTimeout(seconds: nil)
    while true {
      let notification: (method: String, params: JSON)
      do {
        notification = try client.nextNotification()
      } catch {
        let lost = error
        guard let resumed = try resubscribe(since: revision) else {
          printError("stopped watching \(scene): \(lost.description)")
          throw ExitCode(CompctlExit.cannotConnect)
        }
        client = resumed.client
        revision = resumed.result["revision"]?.intValue ?? revision
        client.setReadTimeout(seconds: nil)
        continue
      }
      let params = notification.params
      // A reset starts the scene over at its revision: a resubscription after it asks for
      // what came after the reset, not after the void changes before it.
      if notification.method == "scene.changed" || notification.method == "scene.reset",
        let next = params["revision"]?.intValue
      {
        revision = next
      }
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

  /// Reconnects with backoff for `--reconnect` seconds and subscribes again from `since`;
  /// prints the line that says so. `nil` when compd stayed away. A scene that is gone now
  /// prints `closed (reason)` and exits 0; another error exits 2.
  private func resubscribe(since: Int64?) throws -> (client: RPCClient, result: JSON)? {
    let deadline = ContinuousClock.now + .milliseconds(Int64(reconnect * 1000))
    var pause = 0.1
    while ContinuousClock.now < deadline {
      usleep(useconds_t(pause * 1e6))
      pause = min(pause * 2, 2)
      guard let client = try? options.connect(retryingFor: 0) else { continue }
      var params: JSONObject = ["scene": .string(scene)]
      if let since { params["since"] = .int(since) }
      let reply: Result<JSON, RPCError>
      do {
        reply = try client.call(method: "scene.subscribe", params: params)
      } catch {
        continue  // compd went away again
      }
      switch reply {
      case .success(let result):
        var shown = result.objectValue ?? [:]
        shown["reconnected"] = true
        emit(
          options.json
            ? JSON.object(shown).serialized()
            : "reconnected: " + Self.snapshotLine(result, scene: scene))
        return (client, result)
      case .failure(let error) where error.data?["name"] == "compd.NoSuchScene":
        var closed: JSONObject = [
          "scene": .string(scene),
          "reason": .string(error.data?["reason"]?.stringValue ?? "unknown"),
        ]
        if let detail = error.data?["detail"]?.stringValue { closed["detail"] = .string(detail) }
        emit(
          options.json
            ? JSON.object(closed).serialized()
            : "closed (\(NotificationText.reason(.object(closed))))")
        throw ExitCode(CompctlExit.success)
      case .failure(let error):
        printError("scene.subscribe failed after reconnecting: \(error.message)")
        throw ExitCode(CompctlExit.daemonError)
      }
    }
    return nil
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
      line += ": \(root.nodeCount) node\(root.nodeCount == 1 ? "" : "s")"
    }
    return line
  }
}
