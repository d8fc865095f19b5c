import ArgumentParser
import JSONRPC

/// `compctl info`: the daemon's `daemon.info`.
struct InfoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "info",
    abstract: "Show compd's version, process, load, socket and plugin directories.")

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
      ("components", "components"), ("scenes", "scenes"), ("socket", "socket"),
      ("stateDirectory", "state"),
    ]
    print("compd at \(options.socketPath)")
    for (key, label) in labels {
      guard let value = info[key] else { continue }
      let text = value.stringValue ?? value.serialized()
      print("  " + label + String(repeating: " ", count: max(1, 12 - label.count)) + text)
    }
    // One line per plugin directory, in the order compd searches them.
    for (index, directory) in (info["pluginDirectories"]?.arrayValue ?? []).enumerated() {
      let label = index == 0 ? "plugin dirs" : ""
      let text = directory.stringValue ?? directory.serialized()
      print("  " + label + String(repeating: " ", count: max(1, 12 - label.count)) + text)
    }
  }
}
