import ArgumentParser
import JSONRPC

/// `compctl call METHOD [PARAMS_JSON]`: any method, raw.
struct CallCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "call", abstract: "Call any method and print its result.",
    discussion: "Example: compctl call components.describe '{\"name\":\"demo.Login\"}'")

  @OptionGroup var options: ClientOptions

  @Argument(help: "Method name, e.g. daemon.info.")
  var method: String

  @Argument(help: ArgumentHelp("Params as a JSON object.", valueName: "params-json"))
  var params: String?

  func validate() throws {
    if method.isEmpty { throw ValidationError("the method name is empty") }
    _ = try parsedParams()
  }

  private func parsedParams() throws -> JSONObject? {
    guard let params else { return nil }
    let value: JSON
    do {
      value = try JSONParser.parse(params)
    } catch {
      throw ValidationError("PARAMS_JSON is not valid JSON: \(error.message)")
    }
    guard case .object(let object) = value else {
      throw ValidationError("PARAMS_JSON must be a JSON object (compd takes params by name)")
    }
    return object
  }

  func run() throws {
    let result = try options.call(method: method, params: try parsedParams())
    print(options.json ? result.serialized() : JSONFormatter.pretty(result))
  }
}
