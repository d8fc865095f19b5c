import Foundation
import JSONRPC
import Testing

/// `make install` into a staging directory: the tree it lays out, and that the installed
/// programs run from there (libScreenKit.so found through their RUNPATH).
@Suite("Service: installation", .serialized)
struct ServiceInstallTests {
  static let repository: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
  }()

  @Test("install.sh lays out the tree under DESTDIR/PREFIX and the installed compd serves")
  func installTree() throws {
    // Not under /tmp: compd refuses plugins from directories that others may write.
    let destination = try PluginFixtureBuilder.temporaryDirectory("install")
    defer { try? FileManager.default.removeItem(atPath: destination) }
    let runtime = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: runtime) }
    var environment = ProcessInfo.processInfo.environment
    environment["DESTDIR"] = destination
    environment["PREFIX"] = "/usr/local"
    environment["BUILD_DIR"] = TestPaths.binaries.path
    let install = try runProcess(
      "/bin/bash", [Self.repository + "/scripts/install.sh"], environment: environment,
      seconds: 300)
    #expect(install.status == 0, "\(install.stderr)")

    let root = destination + "/usr/local"
    let expected = [
      "/bin/compd", "/bin/compctl", "/lib/compd/libScreenKit.so", "/lib/compd/plugins",
      "/lib/systemd/system/compd.service", "/lib/systemd/system/compd.socket",
      "/lib/systemd/user/compd.service", "/lib/systemd/user/compd.socket",
      "/lib/sysusers.d/compd.conf", "/share/man/man1/compd.1", "/share/man/man1/compctl.1",
      "/share/bash-completion/completions/compctl", "/share/zsh/site-functions/_compctl",
      "/share/fish/vendor_completions.d/compctl.fish",
      "/bin/compd-web", "/lib/systemd/system/compd-web.service", "/share/compd/web/index.html",
      "/share/compd/web/js/scene-view.js",
      // Resource bundles beside their libraries: ScreenKit's symbols, the gallery's images.
      "/lib/compd/ScreenKit_ScreenKit.resources/Symbols/go-next-symbolic.svg",
      "/lib/compd/plugins/compd_Gallery.resources/landscape@2x.png",
    ]
    for path in expected {
      #expect(FileManager.default.fileExists(atPath: root + path), "missing \(path)")
    }
    let config = try String(contentsOfFile: destination + "/etc/compd/compd.conf", encoding: .utf8)
    #expect(config.contains("plugin-dir = /usr/local/lib/compd/plugins"))
    let unit = try String(
      contentsOfFile: root + "/lib/systemd/system/compd.service", encoding: .utf8)
    #expect(unit.contains("ExecStart=/usr/local/bin/compd --config /etc/compd/compd.conf"))
    #expect(!unit.contains("dir@"), "an unsubstituted placeholder is left")
    let bash = try String(
      contentsOfFile: root + "/share/bash-completion/completions/compctl", encoding: .utf8)
    #expect(bash.contains("reload") && bash.contains("ping"))

    // A second install keeps an edited configuration.
    try (config + "\n# edited\n").write(
      toFile: destination + "/etc/compd/compd.conf", atomically: true, encoding: .utf8)
    #expect(
      try runProcess(
        "/bin/bash", [Self.repository + "/scripts/install.sh"], environment: environment,
        seconds: 300
      ).status == 0)
    #expect(
      try String(contentsOfFile: destination + "/etc/compd/compd.conf", encoding: .utf8).hasSuffix(
        "# edited\n"))
    #expect(FileManager.default.fileExists(atPath: destination + "/etc/compd/compd.conf.default"))

    // The tree is self-contained: ScreenKit and the Swift runtime come from lib/compd,
    // found through $ORIGIN-relative RUNPATHs, never from the toolchain that built them.
    let ldd = try runProcess("/usr/bin/ldd", [root + "/bin/compd"])
    #expect(
      ldd.stdout.contains("libScreenKit.so => \(root)/bin/../lib/compd/libScreenKit.so"),
      "\(ldd.stdout)")
    #expect(ldd.stdout.contains("libswiftCore.so => \(root)/bin/../lib/compd/libswiftCore.so"))
    let toolchain = try runProcess("/usr/bin/patchelf", ["--print-rpath", TestPaths.compd])
      .stdout.split(separator: ":").first { !$0.hasPrefix("$ORIGIN") }
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    let shipped =
      [root + "/bin/compd", root + "/bin/compctl", root + "/lib/compd/libScreenKit.so"]
      + (try FileManager.default.contentsOfDirectory(atPath: root + "/lib/compd/plugins"))
      .filter { $0.hasSuffix(".so") }.map { root + "/lib/compd/plugins/" + $0 }
    for file in shipped {
      let rpath = try runProcess("/usr/bin/patchelf", ["--print-rpath", file]).stdout
      #expect(
        rpath.split(separator: ":").allSatisfy { $0.hasPrefix("$ORIGIN") }, "\(file): \(rpath)")
      let resolved = try runProcess("/usr/bin/ldd", [file]).stdout
      #expect(!resolved.contains("not found"), "\(file): \(resolved)")
      if let toolchain { #expect(!resolved.contains(toolchain), "\(file): \(resolved)") }
    }
    let socket = runtime + "/compd.sock"  // short: a socket path has at most 107 bytes
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: root + "/bin/compd")
    daemon.arguments = ["--socket", socket, "--plugin-dir", root + "/lib/compd/plugins"]
    daemon.standardError = FileHandle.nullDevice
    try daemon.run()
    defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) } }
    var ping = (status: Int32(-1), stdout: "", stderr: "")
    for _ in 0..<200 where ping.status != 0 {
      ping = try runProcess(root + "/bin/compctl", ["ping", "--socket", socket])
      if ping.status != 0 { usleep(25_000) }
    }
    #expect(ping.status == 0, "\(ping)")
    // A bundled plugin loads from the installed tree and serves a scene.
    let opened = try runProcess(
      root + "/bin/compctl", ["open", "demo.Login", "--socket", socket])
    #expect(opened.status == 0 && opened.stdout.hasPrefix("s"), "\(opened)")
    // Its images come from the installed resource bundles: the gallery's own PNG and
    // ScreenKit's symbols are named by hash (a missing file would leave no image at all).
    let images = try runProcess(
      root + "/bin/compctl", ["open", "demo.Images", "--socket", socket])
    let scene = images.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    let layout = try runProcess(
      root + "/bin/compctl",
      ["call", "scene.layout", "{\"scene\":\"\(scene)\"}", "--socket", socket])
    let tree = try JSONParser.parse(Array(layout.stdout.utf8))
    let landscape = try #require(SceneTests.find("landscape", in: tree["root"] ?? .null)?.node)
    #expect(landscape["props"]?["image"]?["hash"]?.stringValue?.count == 64, "\(layout)")
    let gear = try #require(SceneTests.find("symbol-gear", in: tree["root"] ?? .null)?.node)
    #expect(gear["props"]?["image"]?["template"] == true, "\(layout)")
    try expectInstalledGatewayServes(root: root, socket: socket)
    kill(daemon.processIdentifier, SIGTERM)
    daemon.waitUntilExit()
    #expect(daemon.terminationStatus == 0)
  }

  /// The installed compd-web finds the web client in share/compd/web by itself and serves it.
  private func expectInstalledGatewayServes(root: String, socket: String) throws {
    let gateway = try GatewayProcess(
      executable: URL(fileURLWithPath: root + "/bin/compd-web"), socket: socket)
    defer { gateway.stop() }
    let url = gateway.url
    let page = try runProcess("/usr/bin/curl", ["-sf", String(url)])
    #expect(page.status == 0 && page.stdout.contains("/js/app.js"), "\(url) \(page)")
    let script = try runProcess("/usr/bin/curl", ["-sf", String(url) + "js/scene-view.js"])
    #expect(script.stdout.contains("class SceneView"))
  }

  @Test(
    "the man pages render without warnings", arguments: ["compd.1", "compctl.1", "compd-web.1"])
  func manPages(page: String) throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else {
      print("SKIPPED: man is not installed")
      return
    }
    var environment = ProcessInfo.processInfo.environment
    environment["MANWIDTH"] = "80"
    environment["MAN_KEEP_FORMATTING"] = "0"
    let result = try runProcess(
      "/usr/bin/man", ["--warnings", "-l", Self.repository + "/dist/man/" + page],
      environment: environment)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    // Without a terminal man overstrikes bold text ("N\bN"); keep the plain letters.
    var text = ""
    for character in result.stdout {
      if character == "\u{8}" { _ = text.popLast() } else { text.append(character) }
    }
    #expect(text.contains("NAME") && text.contains("SYNOPSIS"), "\(text)")
  }
}
