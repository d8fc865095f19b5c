import ArgumentParser
import JSONRPC

/// `compctl describe NAME`: `components.describe`: what a component is, the params it
/// takes and the events it emits.
struct DescribeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "describe", abstract: "Show a component's params and events.")

  @OptionGroup var options: ClientOptions

  @Argument(help: "The component's name, as `compctl components` lists it.")
  var name: String

  func validate() throws {
    if name.isEmpty { throw ValidationError("the component name is empty") }
  }

  func run() throws {
    let result = try options.call(method: "components.describe", params: ["name": .string(name)])
    print(options.json ? result.serialized() : Self.text(for: result))
  }

  /// The human description of a `components.describe` result.
  static func text(for result: JSON) -> String {
    var lines: [String] = []
    var heading = result["name"]?.stringValue ?? "?"
    let origin = [result["plugin"]?.stringValue, result["version"]?.stringValue]
      .compactMap { $0 }.joined(separator: " ")
    var details: [String] = []
    if !origin.isEmpty { details.append("plugin " + origin) }
    if let kind = result["kind"]?.stringValue { details.append(kind) }
    if !details.isEmpty { heading += " (" + details.joined(separator: ", ") + ")" }
    lines.append(heading)
    if let summary = result["summary"]?.stringValue, !summary.isEmpty {
      lines.append("  " + summary)
    }
    lines.append("params:")
    lines.append(contentsOf: paramLines(result["params"]))
    let events = result["events"]?.arrayValue?.compactMap(\.stringValue) ?? []
    lines.append("events: " + (events.isEmpty ? "none" : events.joined(separator: ", ")))
    return lines.joined(separator: "\n")
  }

  /// One line per property of an object schema: name, type, `required`, description;
  /// any other schema is shown as indented JSON.
  static func paramLines(_ schema: JSON?) -> [String] {
    guard let schema else { return ["  none"] }
    guard let properties = schema["properties"]?.objectValue else {
      return JSONFormatter.pretty(schema).split(separator: "\n").map { "  " + $0 }
    }
    if properties.isEmpty { return ["  none"] }
    let required = Set(schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    var table = TextTable(headers: ["", "", "", ""])
    for (name, property) in properties {
      var type = property["type"]?.stringValue ?? property["type"]?.serialized() ?? ""
      if let choices = property["enum"]?.arrayValue {
        type = choices.map { $0.serialized() }.joined(separator: "|")
      }
      var description = property["description"]?.stringValue ?? ""
      if let value = property["default"] {
        description += (description.isEmpty ? "" : " ") + "(default \(value.serialized()))"
      }
      table.rows.append([name, type, required.contains(name) ? "required" : "", description])
    }
    return table.text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
      .map { "  " + $0 }
  }
}
