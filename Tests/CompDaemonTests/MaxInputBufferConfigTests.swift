import Testing

@testable import CompdBroker
@testable import CompdCommandLine

/// `max-input-buffer`: its default, the file key and the flag, and the values refused.
struct MaxInputBufferConfigTests {
  @Test func defaultsTo64MiBAndIsReadFromTheFileAndTheFlag() throws {
    #expect(DaemonConfig(socketPath: "/s").maxInputBufferBytes == 64 << 20)
    let file = try ConfigFile.parse("max-input-buffer = 128MiB", fileName: "t.conf")
    var config = DaemonConfig(socketPath: "/s")
    file.apply(to: &config)
    #expect(config.maxInputBufferBytes == 128 << 20)
    let flagged = try CompdCommand.parse(["--socket", "/s", "--max-input-buffer", "40M"])
      .resolvedConfig()
    #expect(flagged.maxInputBufferBytes == 40 << 20)
    #expect(ConfigKey.all.first { $0.name == "max-input-buffer" }?.reloadable == false)
  }

  @Test(arguments: ["max-input-buffer = 100", "max-input-buffer = lots", "max-input-buffer = -1"])
  func refusesWhatIsNotASizeOfAtLeast4096Bytes(_ text: String) {
    #expect {
      _ = try ConfigFile.parse(text, fileName: "t.conf")
    } throws: { error in
      let description = (error as? ConfigError)?.description ?? ""
      return description.hasPrefix("t.conf:1") && description.contains("4096 bytes")
    }
  }

  @Test func mustHoldTwoLinesOfTheLargestSizeAllowed() throws {
    var config = DaemonConfig(socketPath: "/s")
    config.maxLineBytes = 40 << 20
    #expect(
      throws: ConfigError(
        "max-input-buffer (67108864 bytes) must be at least twice max-line-bytes (41943040 bytes), or a line of the largest size allowed could not be read"
      )
    ) { try config.validate() }
    config.maxInputBufferBytes = 80 << 20
    #expect(throws: Never.self) { try config.validate() }
    #expect(throws: (any Error).self) {
      try CompdCommand.parse(["--socket", "/s", "--max-input-buffer", "1MiB"]).resolvedConfig()
    }
  }
}
