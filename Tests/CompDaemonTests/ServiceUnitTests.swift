import Glibc
import Testing

/// The systemd units in dist/systemd, checked by systemd's own tools.
@Suite("Service: systemd units", .serialized)
struct ServiceUnitTests {
  static let repository: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
    return path
  }()

  /// Runs a shell command, returning its exit status and combined output.
  static func shell(_ command: String) -> (status: Int32, output: String) {
    guard let pipe = popen("(\(command)) 2>&1", "r") else { return (-1, "popen failed") }
    var output = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = fread(&buffer, 1, buffer.count, pipe)
      if count <= 0 { break }
      output += buffer.prefix(count)
    }
    let status = pclose(pipe)
    return ((status >> 8) & 0xff, String(decoding: output, as: UTF8.self))
  }

  /// A temporary copy of a unit directory with the install-time placeholders filled in;
  /// ExecStart points at /bin/true so that verify need not find an installed compd.
  static func preparedUnits(_ subdirectory: String) throws -> String {
    let directory = shell("mktemp -d").output.trimmingCharacters()
    let source = "\(repository)/dist/systemd/\(subdirectory)"
    let result = shell(
      """
      for unit in \(source)/compd.service \(source)/compd.socket; do
        sed -e 's|@bindir@/compd|/bin/true|; s|@bindir@|/usr/bin|g; s|@sysconfdir@|/etc|g; s|@libdir@|/usr/lib|g' \
          "$unit" > \(directory)/$(basename "$unit")
      done
      """)
    try #require(result.status == 0, "\(result.output)")
    return directory
  }

  static let hasSystemdAnalyze = shell("command -v systemd-analyze").status == 0

  @Test("systemd-analyze verify accepts the system units", .enabled(if: hasSystemdAnalyze))
  func verifySystem() throws {
    let units = try Self.preparedUnits(".")
    let result = Self.shell(
      "systemd-analyze verify --man=no \(units)/compd.socket \(units)/compd.service")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.isEmpty, "\(result.output)")
  }

  @Test("systemd-analyze verify accepts the web gateway's unit", .enabled(if: hasSystemdAnalyze))
  func verifyWebGateway() throws {
    let units = try Self.preparedUnits(".")
    let prepared = Self.shell(
      "sed -e 's|@bindir@/compd-web|/bin/true|' \(Self.repository)/dist/systemd/compd-web.service > \(units)/compd-web.service"
    )
    try #require(prepared.status == 0, "\(prepared.output)")
    let result = Self.shell(
      "systemd-analyze verify --man=no \(units)/compd.socket \(units)/compd-web.service")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.isEmpty, "\(result.output)")
  }

  @Test("systemd-analyze verify accepts the user-session units", .enabled(if: hasSystemdAnalyze))
  func verifyUser() throws {
    let units = try Self.preparedUnits("user")
    let result = Self.shell(
      "XDG_RUNTIME_DIR=$(mktemp -d) systemd-analyze verify --user --man=no \(units)/compd.socket \(units)/compd.service"
    )
    #expect(result.status == 0, "\(result.output)")
  }

  @Test("the system service's exposure score is below 5.0", .enabled(if: hasSystemdAnalyze))
  func securityScore() throws {
    let units = try Self.preparedUnits(".")
    let result = Self.shell(
      "systemd-analyze security --offline=yes --no-pager \(units)/compd.service")
    let line = try #require(
      result.output.split(separator: "\n").first { $0.contains("Overall exposure level") },
      "\(result.output)")
    let score = try #require(
      line.split(separator: " ").compactMap { Double($0) }.first, "no score in: \(line)")
    print("compd.service exposure score: \(score)")
    #expect(score < 5.0, "\(line)")
    #expect(score <= 1.0, "the hardening regressed: \(line)")
  }

  @Test("the socket outlives the service: not in RuntimeDirectory, owned by the socket unit")
  func socketPlacement() throws {
    let service = Self.shell("cat \(Self.repository)/dist/systemd/compd.service").output
    let socket = Self.shell("cat \(Self.repository)/dist/systemd/compd.socket").output
    #expect(!service.contains("RuntimeDirectory="))
    #expect(socket.contains("ListenStream=/run/compd.sock"))
    #expect(socket.contains("SocketGroup=compd") && socket.contains("SocketMode=0660"))
    // PrivateUsers= would turn every peer's uid into "nobody" and break access control.
    #expect(!service.contains("PrivateUsers=yes"))
    // setrlimit() is filtered (~@resources), so the unit must give enough descriptors.
    #expect(service.contains("LimitNOFILE=65536"))
  }
}

extension String {
  fileprivate func trimmingCharacters() -> String {
    String(self.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}
