import ArgumentParser
import JSONRPC

/// `compctl plugins`: `plugins.list` as a table.
struct PluginsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "plugins",
    abstract: "List the plugins compd found, with their state and components.")

  @OptionGroup var options: ClientOptions

  func run() throws {
    let result = try options.call(method: "plugins.list")
    if options.json {
      print(result.serialized())
      return
    }
    let plugins = result["plugins"]?.arrayValue ?? []
    if plugins.isEmpty {
      print("no plugins")
      return
    }
    var table = TextTable(headers: ["NAME", "VERSION", "STATE", "COMPONENTS", "ERROR"])
    for plugin in plugins {
      let components = plugin["components"]?.arrayValue?.compactMap(\.stringValue) ?? []
      table.rows.append([
        plugin["name"]?.stringValue ?? "?", plugin["version"]?.stringValue ?? "",
        plugin["state"]?.stringValue ?? "", components.joined(separator: ", "),
        plugin["error"]?.stringValue ?? "",
      ])
    }
    print(table.text)
  }
}
