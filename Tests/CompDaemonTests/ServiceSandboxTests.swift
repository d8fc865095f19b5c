import Foundation
import Testing

/// The unit sets `MemoryDenyWriteExecute=yes`. The kernel's own switch for the same rule
/// (`PR_SET_MDWE`, Linux 6.3) lets us check that compd starts, maps libScreenKit.so and
/// serves under it, without systemd.
@Suite("Service: sandbox")
struct ServiceSandboxTests {
  @Test("compd starts and serves with write-xor-execute memory enforced")
  func memoryDenyWriteExecute() throws {
    let directory = TestPaths.temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let socket = directory + "/compd.sock"
    let script = """
      import ctypes, os, sys
      libc = ctypes.CDLL(None, use_errno=True)
      if libc.prctl(65, 1, 0, 0, 0) != 0:  # PR_SET_MDWE, PR_MDWE_REFUSE_EXEC_GAIN
          print("unsupported:", os.strerror(ctypes.get_errno())); sys.exit(77)
      os.execv(sys.argv[1], sys.argv[1:])
      """
    let daemon = Process()
    daemon.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    daemon.arguments = ["-c", script, TestPaths.compd, "--socket", socket]
    let output = Pipe()
    daemon.standardOutput = output
    daemon.standardError = FileHandle.nullDevice
    try daemon.run()
    defer { if daemon.isRunning { kill(daemon.processIdentifier, SIGKILL) } }
    var ping = (status: Int32(-1), stdout: "", stderr: "")
    for _ in 0..<200 where ping.status != 0 && daemon.isRunning {
      ping = try runProcess(TestPaths.compctl, ["info", "--json", "--socket", socket])
      if ping.status != 0 { usleep(25_000) }
    }
    if !daemon.isRunning && daemon.terminationStatus == 77 {
      print("SKIPPED: the kernel has no PR_SET_MDWE")
      return
    }
    #expect(ping.status == 0, "\(ping)")
    #expect(ping.stdout.contains("\"pid\":\(daemon.processIdentifier)"))
    kill(daemon.processIdentifier, SIGTERM)
    daemon.waitUntilExit()
    #expect(daemon.terminationStatus == 0)
  }
}
