import ArgumentParser
import JSONRPC

/// `compctl components [--plugin P]`: `components.list` as a table.
struct ComponentsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "components", abstract: "List the components scenes can be opened from.")

  @OptionGroup var options: ClientOptions

  @Option(help: ArgumentHelp("Only this plugin's components.", valueName: "plugin"))
  var plugin: String?

  func validate() throws {
    if plugin?.isEmpty == true { throw ValidationError("--plugin needs a plugin name") }
  }

  func run() throws {
    let params: JSONObject? = plugin.map { ["plugin": .string($0)] }
    let result = try options.call(method: "components.list", params: params)
    if options.json {
      print(result.serialized())
      return
    }
    let components = result["components"]?.arrayValue ?? []
    if components.isEmpty {
      print(plugin.map { "no components in plugin \($0)" } ?? "no components")
      return
    }
    var table = TextTable(headers: ["NAME", "PLUGIN", "VERSION", "KIND", "SUMMARY"])
    for component in components {
      table.rows.append(
        ["name", "plugin", "version", "kind", "summary"].map {
          component[$0]?.stringValue ?? ""
        })
    }
    print(table.text)
  }
}
