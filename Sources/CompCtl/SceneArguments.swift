import ArgumentParser
import JSONRPC

/// A screen size given on the command line as `WIDTHxHEIGHT` (points), e.g. `390x844`.
///
/// `x`, `X` and `×` all separate the two numbers; both must be positive and finite.
struct ScreenSize: Equatable {
  /// Width in points.
  var width: Double
  /// Height in points.
  var height: Double

  /// A size of `width` × `height` points.
  init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// Parses `text`; `option` names the argument in the error message.
  init(parsing text: String, option: String = "size") throws(ValidationError) {
    let parts = text.split(
      omittingEmptySubsequences: false, whereSeparator: { "xX×".contains($0) })
    guard parts.count == 2,
      let width = Self.dimension(parts[0]), let height = Self.dimension(parts[1])
    else {
      throw ValidationError(
        "\(option) must be WIDTHxHEIGHT with two positive numbers, e.g. 390x844 (got '\(text)')")
    }
    self.width = width
    self.height = height
  }

  private static func dimension(_ text: Substring) -> Double? {
    guard let value = Double(text.trimmingSpaces), value.isFinite, value > 0 else { return nil }
    return value
  }

  /// The `environment` object of `scene.open` or `scene.resize` for an optional size and
  /// style, or `nil` when neither is given (the daemon's defaults, or the current values).
  static func environment(_ size: ScreenSize?, style: InterfaceStyle?) -> JSONObject? {
    var environment = JSONObject()
    if let size {
      environment["width"] = wireNumber(size.width)
      environment["height"] = wireNumber(size.height)
    }
    if let style { environment["style"] = .string(style.rawValue) }
    return environment.isEmpty ? nil : environment
  }
}

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var text = self
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return text
  }
}

/// The `SCENE` argument of the scene commands, with its check.
struct SceneArgument: ParsableArguments {
  @Argument(help: "The scene id, e.g. s1.")
  var scene: String

  func validate() throws {
    if scene.isEmpty { throw ValidationError("the scene id is empty") }
  }
}

/// `--style`: the interface style a scene is laid out for.
enum InterfaceStyle: String, CaseIterable, ExpressibleByArgument {
  case light, dark
}

/// `--lifetime`: how long a scene opened by compctl lives.
enum SceneLifetimeOption: String, CaseIterable, ExpressibleByArgument {
  /// Until `scene.close` (compctl's default, since each run is its own connection).
  case daemon
  /// Until the opening connection has been gone for the daemon's grace period.
  case connection
}

/// The `params` of `scene.open`, from repeated `--param key=value` arguments.
enum ComponentParams {
  /// Parses `key=value` assignments. A value that is valid JSON (a number, `true`,
  /// `false`, `null`, a quoted string, an array or an object) is taken as that JSON value;
  /// anything else is taken as a plain string. A missing `=`, an empty key or a key given
  /// twice is an error.
  static func parse(_ assignments: [String]) throws(ValidationError) -> JSONObject {
    var params = JSONObject()
    for assignment in assignments {
      guard let equals = assignment.firstIndex(of: "=") else {
        throw ValidationError("--param must be KEY=VALUE (got '\(assignment)')")
      }
      let key = String(assignment[..<equals])
      let text = String(assignment[assignment.index(after: equals)...])
      guard !key.isEmpty else {
        throw ValidationError("--param needs a key before '=' (got '\(assignment)')")
      }
      guard params[key] == nil else {
        throw ValidationError("--param \(key) is given more than once")
      }
      params[key] = value(of: text)
    }
    return params
  }

  /// `text` as JSON when it is valid JSON, else as a string.
  static func value(of text: String) -> JSON {
    (try? JSONParser.parse(text)) ?? .string(text)
  }
}
