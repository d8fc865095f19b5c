import Foundation
import Testing

/// Replays every `Tests/Golden/*.conv` script against a real compd over its socket.
@Suite(.serialized) struct GoldenTests {
  static let scripts: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: TestPaths.golden.path)) ?? []
    return names.filter { $0.hasSuffix(".conv") }.sorted()
  }()

  @Test func everyTopicHasAScript() {
    for topic in [
      "spec-examples", "ids", "invalid-utf8", "nesting", "oversize", "split", "pipelining",
      "notifications", "batches", "methods",
    ] {
      #expect(Self.scripts.contains("\(topic).conv"), "missing Tests/Golden/\(topic).conv")
    }
  }

  @Test(arguments: GoldenTests.scripts)
  func conversation(_ name: String) throws {
    let script = try GoldenScript(contentsOf: TestPaths.golden.appendingPathComponent(name))
    let daemon = try DaemonProcess(arguments: script.daemonArguments)
    let failures = try GoldenRunner(script: script, socketPath: daemon.socketPath).run()
    for failure in failures { Issue.record(Comment(rawValue: failure)) }
    #expect(try daemon.stop() == 0)
  }
}
