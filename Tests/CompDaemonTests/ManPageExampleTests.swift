import Foundation
import Testing

/// The examples in `dist/man/compctl.1` are run as printed, against a fresh compd with the
/// bundled plugins, and must print what the page says.
@Suite("compctl.1 examples", .serialized)
struct ManPageExampleTests {
  static let page = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("dist/man/compctl.1")

  /// The text of the page's no-fill blocks (`.nf` … `.fi`), with roff escapes resolved.
  static func blocks() throws -> [[String]] {
    let lines = try String(contentsOf: page, encoding: .utf8).components(separatedBy: "\n")
    var blocks: [[String]] = []
    var current: [String]?
    for line in lines {
      if line == ".nf" {
        current = []
      } else if line == ".fi" {
        if let current { blocks.append(current) }
        current = nil
      } else if current != nil {
        current!.append(unescape(line))
      }
    }
    return blocks
  }

  static func unescape(_ line: String) -> String {
    line.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\(aq", with: "'")
      .replacingOccurrences(of: "\\(mu", with: "×").replacingOccurrences(of: "\\(<-", with: "←")
      .replacingOccurrences(of: "\\e", with: "\\")
  }

  /// Runs `script` in bash with compctl on the PATH and the daemon's socket in
  /// `COMPD_SOCKET`; returns its standard output. Some examples fail on purpose (and show
  /// their message with `2>&1`), so the exit status is not checked; nothing may reach
  /// standard error unshown.
  static func bash(_ script: String, daemon: SceneDaemon) throws -> String {
    var environment = ProcessInfo.processInfo.environment
    environment["COMPD_SOCKET"] = daemon.socketPath
    environment["PATH"] = TestPaths.binaries.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    let result = try runProcess("/bin/bash", ["-c", script], environment: environment)
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    return result.stdout
  }

  @Test("EXAMPLES: every command prints what the page shows")
  func theSessionPrintsWhatThePageShows() throws {
    let session = try #require(try Self.blocks().first { $0.first?.hasPrefix("$ ") == true })
    var commands: [(command: String, expected: [String])] = []
    for line in session {
      if line.hasPrefix("$ ") {
        commands.append((String(line.dropFirst(2)), []))
      } else {
        commands[commands.count - 1].expected.append(line)
      }
    }
    #expect(commands.count >= 10)
    // One shell, so that `s=$(…)` carries over; a marker before each command's output.
    let marker = "@@example-output@@"
    let script = commands.map { "echo \(marker)\n\($0.command)" }.joined(separator: "\n")
    let daemon = try SceneDaemon()
    let output = try Self.bash(script, daemon: daemon)
    let outputs = output.components(separatedBy: marker + "\n").dropFirst()
    #expect(outputs.count == commands.count)
    for (command, printed) in zip(commands, outputs) {
      let lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      #expect(
        Array(lines.dropLast(lines.last == "" ? 1 : 0)) == command.expected,
        "\(command.command)")
    }
  }

  @Test("watch: the page's lines are what watch prints for the session it describes")
  func watchPrintsWhatThePageShows() throws {
    let expected = try #require(try Self.blocks().first { $0.first?.hasPrefix("s1 r1:") == true })
    let daemon = try SceneDaemon()
    let output = try Self.bash(
      """
      cd "$(mktemp -d)"
      s=$(compctl open demo.Login --param username=ann)
      compctl watch $s > watch.out &
      watcher=$!
      for _ in $(seq 200); do [ -s watch.out ] && break; sleep 0.05; done
      compctl type $s password secret > /dev/null
      compctl tap $s login > /dev/null
      compctl close $s > /dev/null
      wait $watcher
      cat watch.out
      rm -r "$PWD"
      """, daemon: daemon)
    #expect(output.split(separator: "\n").map(String.init) == expected)
    #expect(!output.contains("secret"))
  }
}
