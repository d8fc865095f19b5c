import Foundation
import Testing

/// The Debian package as an administrator meets it: built by scripts/deb.sh, checked by
/// lintian (Debian's own package checker, installed here with scripts/deps.sh since it is
/// too big for every machine), installed with dpkg (which creates the compd user and
/// enables compd.socket), serving /run/compd.sock under systemd-socket-activate as the
/// socket unit would, and removed again. In between, a plugin author's first hour: the
/// installed plugin template builds against the installed SDK alone, and the installed
/// compd loads the plugin and serves its component.
///
/// It changes the machine (a package, a system user, /run/compd.sock), so it runs only as
/// root and only when compd is not installed and nothing owns /run/compd.sock; it undoes
/// everything it did.
@Suite("Service: Debian package", .serialized)
struct ServiceDebTests {
  static let socket = "/run/compd.sock"

  static func precondition() -> String? {
    if getuid() != 0 { return "not root" }
    for tool in ["/usr/bin/dpkg-deb", "/usr/bin/dpkg", "/usr/bin/systemd-socket-activate"]
    where !FileManager.default.isExecutableFile(atPath: tool) {
      return "\(tool) is missing"
    }
    if (try? runProcess("/usr/bin/dpkg", ["-s", "compd"]))?.status == 0 {
      return "a compd package is installed"
    }
    if FileManager.default.fileExists(atPath: socket) { return "\(socket) exists" }
    return nil
  }

  @Test(.timeLimit(.minutes(15))) func installServeAndRemove() throws {
    if let reason = Self.precondition() {
      print("SKIPPED: \(reason)")
      return
    }
    let deps = try runProcess(
      "/bin/bash", [ServiceInstallTests.repository + "/scripts/deps.sh", "lintian"], seconds: 600)
    #expect(deps.status == 0, "\(deps.stderr)")
    let output = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: output) }
    var environment = ProcessInfo.processInfo.environment
    environment["BUILD_DIR"] = TestPaths.binaries.path
    // Installed only here: packed in seconds rather than a minute (lintian takes gzip).
    environment["DEB_COMPRESS"] = "gzip:1"
    let built = try runProcess(
      "/bin/bash", [ServiceInstallTests.repository + "/scripts/deb.sh", output],
      environment: environment, seconds: 300)
    // deb.sh runs lintian (`--fail-on error`, with dist/debian/lintian-overrides) and fails
    // when it reports an error; its report is in the output.
    #expect(built.status == 0, "\(built.stdout)\(built.stderr)")
    #expect(!built.stderr.contains("lintian is not installed"), "\(built.stderr)")
    #expect(
      !built.stdout.split(separator: "\n").contains { $0.hasPrefix("E: ") }, "\(built.stdout)")
    let deb = try #require(
      try FileManager.default.contentsOfDirectory(atPath: output).first { $0.hasSuffix(".deb") })
    let userExisted = (try runProcess("/usr/bin/getent", ["passwd", "compd"])).status == 0

    let installed = try runProcess("/usr/bin/dpkg", ["-i", output + "/" + deb], seconds: 120)
    defer {
      _ = try? runProcess("/usr/bin/dpkg", ["--purge", "compd"], seconds: 120)
      try? FileManager.default.removeItem(atPath: Self.socket)
      if !userExisted {
        _ = try? runProcess("/usr/sbin/userdel", ["compd"])
        _ = try? runProcess("/usr/sbin/groupdel", ["compd"])
      }
    }
    #expect(installed.status == 0, "\(installed.stdout)\(installed.stderr)")
    #expect(try runProcess("/usr/bin/getent", ["passwd", "compd"]).status == 0)
    // The state directory the service runs in, and compd.socket enabled as
    // deb-systemd-helper records it (also without a running systemd).
    #expect(FileManager.default.fileExists(atPath: "/var/lib/compd"))
    #expect(
      FileManager.default.fileExists(
        atPath: "/etc/systemd/system/sockets.target.wants/compd.socket"))
    for path in [
      "/usr/bin/compd", "/usr/share/doc/compd/copyright", "/usr/share/man/man1/compd.1.gz",
      "/usr/lib/compd/libswiftCore.so", "/usr/lib/systemd/system/compd.socket",
      "/usr/lib/sysusers.d/compd.conf", "/etc/compd/compd.conf",
      "/usr/share/compd/SDK/Package.swift", "/usr/share/compd/plugin-template/Package.swift",
    ] {
      #expect(FileManager.default.fileExists(atPath: path), "missing \(path)")
    }

    // As compd.socket would: systemd-socket-activate binds the socket and passes it to
    // compd on the first connection. Started from a shell, detached from this process.
    let started = try runProcess(
      "/bin/bash",
      [
        "-c",
        "systemd-socket-activate -l \(Self.socket) /usr/bin/compd --config /etc/compd/compd.conf"
          + " </dev/null >/dev/null 2>&1 & echo $!",
      ])
    let pid = try #require(Int32(started.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
    defer { kill(pid, SIGKILL) }
    var info = (status: Int32(-1), stdout: "", stderr: "")
    for _ in 0..<200 where info.status != 0 {
      info = try runProcess("/usr/bin/compctl", ["info", "--socket", Self.socket], seconds: 10)
      if info.status != 0 { usleep(50_000) }
    }
    #expect(info.status == 0, "\(info)")
    #expect(info.stdout.contains("plugin dirs /usr/lib/compd/plugins"))
    #expect(info.stdout.contains("plugins     5"))
    let opened = try runProcess(
      "/usr/bin/compctl", ["open", "demo.Login", "--socket", Self.socket], seconds: 10)
    #expect(opened.status == 0 && opened.stdout.hasPrefix("s"), "\(opened)")
    kill(pid, SIGTERM)
    for _ in 0..<200 where kill(pid, 0) == 0 { usleep(25_000) }
    #expect(kill(pid, 0) != 0, "compd did not stop on SIGTERM")

    try Self.buildAndServeInstalledTemplate()

    let removed = try runProcess("/usr/bin/dpkg", ["--purge", "compd"], seconds: 120)
    #expect(removed.status == 0, "\(removed.stderr)")
    #expect(!FileManager.default.fileExists(atPath: "/usr/bin/compd"))
    #expect(!FileManager.default.fileExists(atPath: "/etc/compd/compd.conf"))
    #expect(!FileManager.default.fileExists(atPath: "/var/lib/compd"))
    #expect(
      !FileManager.default.fileExists(
        atPath: "/etc/systemd/system/sockets.target.wants/compd.socket"))
  }

  /// Copies `/usr/share/compd/plugin-template` away, builds it with `swift build` against
  /// the installed SDK (its Package.swift names `/usr/share/compd/SDK`; no checkout, no
  /// network), puts the library into a plugin directory and drives its component through
  /// the installed compd and compctl: the plugin passes the ABI stamp check, opens, and a
  /// tap on its button emits `counted` with the new count (names from
  /// dist/plugin-template/Sources/Counter/Counter.swift).
  static func buildAndServeInstalledTemplate() throws {
    // Not in /tmp: compd refuses plugins from directories others may write.
    let work = try PluginFixtureBuilder.temporaryDirectory("installed-sdk")
    defer { try? FileManager.default.removeItem(atPath: work) }
    let template = work + "/counter"
    try FileManager.default.copyItem(atPath: "/usr/share/compd/plugin-template", toPath: template)
    let manifest = try String(contentsOfFile: template + "/Package.swift", encoding: .utf8)
    #expect(manifest.contains(#".package(path: "/usr/share/compd/SDK")"#), "\(manifest)")
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = "/opt/swift/usr/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
    let built = try runProcess(
      "/opt/swift/usr/bin/swift", ["build", "--package-path", template],
      environment: environment, seconds: 600)
    try #require(built.status == 0, "\(built.stdout)\(built.stderr)")

    let plugins = work + "/plugins"
    let state = work + "/state"
    for directory in [plugins, state] {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: false,
        attributes: [.posixPermissions: 0o755])
    }
    try FileManager.default.copyItem(
      atPath: template + "/.build/debug/libCounter.so", toPath: plugins + "/libCounter.so")

    let sockets = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: sockets) }
    let socket = sockets + "/compd.sock"
    // Started directly, not through a shell: compd keeps the descriptors it inherits, so a
    // shell's Process would count as running as long as compd does.
    let logPath = sockets + "/compd.log"
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    let logHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
    let compd = Process()
    compd.executableURL = URL(fileURLWithPath: "/usr/bin/compd")
    compd.arguments = ["--socket", socket, "--plugin-dir", plugins, "--state-dir", state]
    compd.standardInput = FileHandle.nullDevice
    compd.standardOutput = logHandle
    compd.standardError = logHandle
    try compd.run()
    defer {
      kill(compd.processIdentifier, SIGKILL)
      compd.waitUntilExit()
    }
    func compctl(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
      try runProcess("/usr/bin/compctl", arguments + ["--socket", socket], seconds: 10)
    }
    var info = (status: Int32(-1), stdout: "", stderr: "")
    for _ in 0..<200 where info.status != 0 {
      info = try compctl(["info"])
      if info.status != 0 { usleep(50_000) }
    }
    let log = { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }
    try #require(info.status == 0, "\(info) \(log())")
    // Loaded, not refused: a stamp that differed from the installed libScreenKit.so's
    // would leave the plugin listed as refused with "ABI mismatch".
    let listed = try compctl(["plugins"])
    #expect(
      listed.stdout.contains("acme.counter") && listed.stdout.contains("loaded"),
      "\(listed) \(log())")

    let opened = try compctl(["open", "acme.Counter", "--param", "start=41"])
    try #require(opened.status == 0, "\(opened) \(log())")
    let scene = opened.stdout.trimmingCharacters(in: .whitespacesAndNewlines)

    // `compctl watch` prints the snapshot line once subscribed, then the emitted events,
    // and exits when the scene closes.
    let watchOutput = sockets + "/watch.txt"
    _ = FileManager.default.createFile(atPath: watchOutput, contents: nil)
    let watch = Process()
    watch.executableURL = URL(fileURLWithPath: "/usr/bin/compctl")
    watch.arguments = ["watch", scene, "--socket", socket]
    watch.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: watchOutput))
    try watch.run()
    defer { if watch.isRunning { watch.terminate() } }
    let watched = { (try? String(contentsOfFile: watchOutput, encoding: .utf8)) ?? "" }
    for _ in 0..<400 where watched().isEmpty { usleep(25_000) }

    let tapped = try compctl(["tap", scene, "add"])
    #expect(tapped.status == 0 && tapped.stdout.contains(" handled"), "\(tapped)")
    let drawn = try compctl(["draw", scene, "--width", "60"])
    #expect(drawn.stdout.contains("Count: 42"), "\(drawn)")
    #expect(try compctl(["close", scene]).status == 0)
    for _ in 0..<400 where watch.isRunning { usleep(25_000) }
    #expect(watched().contains(#"emitted counted {"count":42}"#), "\(watched())")
  }
}
