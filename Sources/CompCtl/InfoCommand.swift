import ArgumentParser
import JSONRPC

/// `compctl info`: the daemon's `daemon.info`.
struct InfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info", abstract: "Show compd's version, process and load.")

  @OptionGroup var options: ClientOptions

  func run() throws {
    let result = try options.call(method: "daemon.info")
    if options.json {
      print(result.serialized())
      return
    }
    guard case .object(let info) = result else {
      print(JSONFormatter.pretty(result))
      return
    }
    let labels: [(String, String)] = [
      ("version", "version"), ("protocol", "protocol"), ("pid", "pid"),
      ("uptimeSeconds", "uptime (s)"), ("clients", "clients"), ("plugins", "plugins"),
      ("components", "components"), ("scenes", "scenes"),
    ]
    print("compd at \(options.socketPath)")
    for (key, label) in labels {
      guard let value = info[key] else { continue }
      let text = value.stringValue ?? value.serialized()
      print("  " + label + String(repeating: " ", count: max(1, 12 - label.count)) + text)
    }
  }
}
