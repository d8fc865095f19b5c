import Foundation
import JSONRPC
import Testing

/// Access control with real other users: test users and a group are created (we run as
/// root in CI), and the real compctl runs as them through `setpriv`.
@Suite("Access: real peers", .serialized)
struct AccessProcessTests {
  static let group = "compdtst"
  static let reader = "compdtst-r"
  static let controller = "compdtst-c"

  /// Why the machine cannot run these tests, or nil when it can.
  static let unavailable: String? = {
    guard geteuid() == 0 else { return "needs root to create test users" }
    for tool in ["/usr/sbin/useradd", "/usr/sbin/groupadd", "/usr/bin/setpriv"] {
      guard FileManager.default.isExecutableFile(atPath: tool) else { return "\(tool) is missing" }
    }
    do {
      if getgrnam(group) == nil {
        let result = try runProcess("/usr/sbin/groupadd", ["--system", group])
        guard result.status == 0 else { return "groupadd failed: \(result.stderr)" }
      }
      for (user, groups) in [(reader, [String]()), (controller, [group])]
      where getpwnam(user) == nil {
        let result = try runProcess(
          "/usr/sbin/useradd",
          ["--system", "--no-create-home", "--shell", "/usr/sbin/nologin", "-U"]
            + (groups.isEmpty ? [] : ["-G", groups.joined(separator: ",")]) + [user])
        guard result.status == 0 else { return "useradd \(user) failed: \(result.stderr)" }
      }
    } catch {
      return "cannot create test users: \(error)"
    }
    return nil
  }()

  /// compd bound to a world-connectable socket with `config`, and a compctl others may run.
  final class Fixture {
    let daemon: DaemonProcess
    let configPath: String
    let compctl: String

    init(config: String) throws {
      let directory = TestPaths.temporaryDirectory()
      chmod(directory, 0o755)
      configPath = directory + "/compd.conf"
      try (config + "\nsocket-mode = 0666\n").write(
        toFile: configPath, atomically: true, encoding: .utf8)
      compctl = directory + "/compctl"
      try FileManager.default.copyItem(atPath: TestPaths.compctl, toPath: compctl)
      // compctl finds libScreenKit.so (its text metrics) next to itself.
      try FileManager.default.copyItem(
        atPath: TestPaths.binaries.appendingPathComponent("libScreenKit.so").path,
        toPath: directory + "/libScreenKit.so")
      daemon = try DaemonProcess(
        arguments: ["--config", configPath], socketPath: directory + "/compd.sock")
    }

    /// Runs compctl as `user` (with `groups`: `--init-groups`, or `--clear-groups`).
    func compctl(
      as user: String, initGroups: Bool = true, primaryGroup: String? = nil, _ arguments: [String]
    )
      throws -> (status: Int32, stdout: String, stderr: String)
    {
      try runProcess(
        "/usr/bin/setpriv",
        [
          "--reuid=\(user)", "--regid=\(primaryGroup ?? user)",
          initGroups ? "--init-groups" : "--clear-groups", compctl,
        ] + arguments + ["--socket", daemon.socketPath])
    }

    func rewriteConfig(_ config: String) throws {
      try (config + "\nsocket-mode = 0666\n").write(
        toFile: configPath, atomically: true, encoding: .utf8)
    }

    deinit {
      try? FileManager.default.removeItem(
        atPath: (configPath as NSString).deletingLastPathComponent)
    }
  }

  @Test("readers may read, only root and the control group may control; refusals are logged")
  func methodRights() throws {
    if let unavailable = Self.unavailable {
      print("SKIPPED (\(unavailable)): real-uid access tests")
      return
    }
    let fixture = try Fixture(config: "control-group = \(Self.group)")
    let readerPing = try fixture.compctl(as: Self.reader, ["ping"])
    #expect(readerPing.status == 0, "\(readerPing)")
    let readerInfo = try fixture.compctl(as: Self.reader, ["info", "--json"])
    #expect(readerInfo.status == 0, "\(readerInfo)")

    let denied = try fixture.compctl(as: Self.reader, ["reload"])
    #expect(denied.status == 2, "\(denied)")
    #expect(denied.stderr.contains("daemon.reload needs control access"), "\(denied.stderr)")
    let raw = try fixture.compctl(as: Self.reader, ["call", "daemon.reload", "--json"])
    #expect(raw.status == 2)

    let allowed = try fixture.compctl(as: Self.controller, ["reload"])
    #expect(allowed.status == 0, "\(allowed)")
    #expect(try fixture.compctl(as: "root", ["reload"]).status == 0)

    // Membership is the kernel's view of the client process: without its supplementary
    // groups the controller is a reader; with the group as its primary gid it controls.
    let dropped = try fixture.compctl(as: Self.controller, initGroups: false, ["reload"])
    #expect(dropped.status == 2, "\(dropped)")
    let primary = try fixture.compctl(
      as: Self.reader, initGroups: false, primaryGroup: Self.group, ["reload"])
    #expect(primary.status == 0, "\(primary)")

    let uid = getpwnam(Self.reader)!.pointee.pw_uid
    let log = fixture.daemon.log
    #expect(log.contains("permission denied"), "\(log)")
    #expect(log.contains("uid=\(uid)") && log.contains("method=daemon.reload"), "\(log)")
    #expect(log.contains("pid="))
  }

  @Test("read-access = listed shuts out unlisted users; a bad file on reload keeps the policy")
  func reloadPolicy() throws {
    if let unavailable = Self.unavailable {
      print("SKIPPED (\(unavailable)): real-uid access tests")
      return
    }
    let fixture = try Fixture(config: "control-group = \(Self.group)")
    #expect(try fixture.compctl(as: Self.reader, ["ping"]).status == 0)

    try fixture.rewriteConfig("control-group = \(Self.group)\nread-access = listed\n")
    kill(fixture.daemon.process.processIdentifier, SIGHUP)
    var refused = false
    for _ in 0..<100 where !refused {
      refused = try fixture.compctl(as: Self.reader, ["ping"]).status == 2
      if !refused { usleep(50_000) }
    }
    #expect(refused, "the reader may still read after the reload")
    #expect(try fixture.compctl(as: Self.controller, ["ping"]).status == 0)

    try fixture.rewriteConfig("control-group = \(Self.group)\nread-access = sometimes\n")
    let failed = try fixture.compctl(as: "root", ["reload"])
    #expect(failed.status == 2, "\(failed)")
    #expect(failed.stderr.contains("compd.conf:2"), "\(failed.stderr)")
    #expect(try fixture.compctl(as: Self.reader, ["ping"]).status == 2, "old policy kept")
    #expect(try fixture.compctl(as: Self.controller, ["reload"]).status == 2, "still the bad file")
  }

  @Test("connections are limited per user, root is not")
  func perUserConnectionLimit() throws {
    if let unavailable = Self.unavailable {
      print("SKIPPED (\(unavailable)): real-uid access tests")
      return
    }
    let fixture = try Fixture(config: "max-connections-per-user = 2")
    // As the reader: hold two connections, then try a third and print what it receives.
    let script = """
      import socket, sys
      path = sys.argv[1]
      held = []
      for _ in range(2):
          s = socket.socket(socket.AF_UNIX); s.connect(path)
          s.sendall(b'{"jsonrpc":"2.0","method":"daemon.ping","id":1}\\n'); s.recv(4096); held.append(s)
      third = socket.socket(socket.AF_UNIX); third.connect(path); third.settimeout(5)
      print(third.recv(4096).decode().strip())
      print("EOF" if third.recv(4096) == b"" else "OPEN")
      """
    let result = try runProcess(
      "/usr/bin/setpriv",
      [
        "--reuid=\(Self.reader)", "--regid=\(Self.reader)", "--clear-groups", "/usr/bin/python3",
        "-c", script,
        fixture.daemon.socketPath,
      ])
    #expect(result.status == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let refusal = try JSONParser.parse(try #require(lines.first))
    #expect(refusal["error"]?["data"]?["name"] == "compd.LimitExceeded", "\(result.stdout)")
    #expect(refusal["error"]?["message"]?.stringValue?.contains("for this user") == true)
    #expect(lines.last == "EOF")
    // Their connections are gone now: the reader may connect again, and root never counts.
    #expect(try fixture.compctl(as: Self.reader, ["ping"]).status == 0)
    let clients = try (0..<4).map { _ in try SocketClient(path: fixture.daemon.socketPath) }
    for client in clients {
      try client.write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":1}"#)
      #expect(try client.readJSON()["result"] == .object([:]))
    }
  }
  @Test("scenes belong to their opener's user: others neither see nor drive them; root does")
  func sceneOwnership() throws {
    if let unavailable = Self.unavailable {
      print("SKIPPED (\(unavailable)): real-uid access tests")
      return
    }
    let plugins = try PluginFixtureBuilder.temporaryDirectory("access-scenes")
    _ = try PluginFixtureBuilder.install(
      PluginFixtureBuilder.bundled("Login"), into: plugins, as: "libLogin.so")
    let fixture = try Fixture(
      config: "control-group = \(Self.group)\nmax-scenes-per-user = 2\nplugin-dir = " + plugins)
    // Two controlling users: the controller, and the reader with the control group as its
    // primary group.
    func owner(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
      try fixture.compctl(as: Self.controller, arguments)
    }
    func other(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
      try fixture.compctl(
        as: Self.reader, initGroups: false, primaryGroup: Self.group, arguments)
    }
    let opened = try owner(["open", "demo.Login"])
    #expect(opened.status == 0, "\(opened)")
    let scene = opened.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(scene.hasPrefix("s"), "\(opened.stdout)")

    #expect(try owner(["scenes"]).stdout.contains(scene))
    let othersList = try other(["scenes"])
    #expect(othersList.status == 0, "\(othersList)")
    #expect(!othersList.stdout.contains(scene), "another user's scene is invisible")
    let othersTap = try other(["tap", scene, "login"])
    #expect(othersTap.status == 2, "\(othersTap)")
    #expect(othersTap.stderr.contains("compd.NoSuchScene") || othersTap.stderr.contains("no scene"))
    let othersClose = try other(["close", scene])
    #expect(othersClose.status == 2, "\(othersClose)")

    let rootList = try fixture.compctl(as: "root", ["scenes"])
    #expect(rootList.stdout.contains(scene), "\(rootList)")
    let rootTap = try fixture.compctl(as: "root", ["tap", scene, "login"])
    #expect(rootTap.status == 0, "\(rootTap)")

    // Two scenes per user: the owner's third is refused; the other user still has room.
    #expect(try owner(["open", "demo.Login"]).status == 0)
    let third = try owner(["open", "demo.Login"])
    #expect(third.status == 2, "\(third)")
    #expect(third.stderr.contains("LimitExceeded") || third.stderr.contains("limit"), "\(third)")
    #expect(try other(["open", "demo.Login"]).status == 0)
    #expect(try owner(["close", scene]).status == 0)
    // Why a scene is gone is told only to who may see it.
    let ownersLayout = try owner(["layout", scene])
    #expect(ownersLayout.status == 2 && ownersLayout.stderr.contains(#""reason":"closed""#))
    let othersLayout = try other(["layout", scene])
    #expect(othersLayout.status == 2 && othersLayout.stderr.contains(#""reason":"unknown""#))
  }
}
