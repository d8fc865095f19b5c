import ArgumentParser
import JSONRPC

/// `compctl reload`: `daemon.reload`, what `systemctl reload compd` (SIGHUP) does.
struct ReloadCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reload",
    abstract: "Re-read compd's configuration and rescan plugins (needs control access).")

  @OptionGroup var options: ClientOptions

  func run() throws {
    let result = try options.call(method: "daemon.reload")
    if options.json {
      print(result.serialized())
      return
    }
    print("compd reloaded its configuration")
    if case .array(let names)? = result["restartNeeded"], !names.isEmpty {
      let list = names.compactMap(\.stringValue).joined(separator: ", ")
      print("changed settings that need a restart: \(list)")
    }
    if case .array(let errors)? = result["errors"] {
      for error in errors.compactMap(\.stringValue) { print("rescan error: \(error)") }
    }
  }
}
