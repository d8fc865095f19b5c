import ArgumentParser

/// `compctl ping`: one `daemon.ping` round trip.
struct PingCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "ping", abstract: "Check that compd answers, and how fast.")

  @OptionGroup var options: ClientOptions

  func run() throws {
    let start = ContinuousClock.now
    let result = try options.call(method: "daemon.ping")
    let elapsed = ContinuousClock.now - start
    if options.json {
      print(result.serialized())
    } else {
      let milliseconds = Double(elapsed / .microseconds(1)) / 1000
      print("compd at \(options.socketPath) answered in \(formatMilliseconds(milliseconds)) ms")
    }
  }
}

func formatMilliseconds(_ value: Double) -> String {
  let hundredths = Int((value * 100).rounded())
  let fraction = hundredths % 100
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
