import ArgumentParser
import CompdClient
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

/// Options every subcommand that talks to the daemon shares.
public struct ClientOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp(
      "compd's socket (default: $COMPD_SOCKET, else $XDG_RUNTIME_DIR/compd.sock, else /run/compd.sock).",
      valueName: "path"))
  var socket: String?

  @Flag(name: .long, help: "Print the result as compact JSON, for scripts.")
  var json = false

  @Option(name: .long, help: ArgumentHelp("Seconds to wait for compd.", valueName: "seconds"))
  var timeout: Double = 30

  @Option(
    name: .customLong("connect-retry"),
    help: ArgumentHelp(
      "Seconds to keep retrying a socket that is missing or refuses, as while compd restarts (default: 5; 0: no retry).",
      valueName: "seconds"))
  var connectRetry: Double = 5

  /// Options with their defaults (ArgumentParser fills them in).
  public init() {}

  /// Rejects a timeout that is not a positive number of seconds.
  public func validate() throws {
    guard timeout > 0, timeout.isFinite else {
      throw ValidationError("--timeout must be a positive number of seconds")
    }
    guard connectRetry >= 0, connectRetry.isFinite else {
      throw ValidationError("--connect-retry must be a number of seconds, 0 or more")
    }
  }

  /// The socket path this invocation uses.
  var socketPath: String {
    var environment: [String: String] = [:]
    for name in ["COMPD_SOCKET", "XDG_RUNTIME_DIR"] {
      if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return SocketLocator.resolve(flag: socket, environment: environment).path
  }

  /// Connects, calls `method` and returns its result; on failure prints why and throws
  /// the exit code (2: the daemon answered with an error, 3: could not connect).
  func call(method: String, params: JSONObject? = nil) throws -> JSON {
    try call(method: method, params: params, on: try connect())
  }

  /// Connects to the daemon, retrying for `--connect-retry` seconds while the socket is
  /// missing or refuses (compd restarting); on failure prints why and throws exit code 3.
  func connect() throws -> RPCClient {
    do {
      return try connect(retryingFor: connectRetry)
    } catch {
      printError(error.description)
      throw ExitCode(CompctlExit.cannotConnect)
    }
  }

  /// Connects, retrying for `seconds` (with a growing pause, 50 ms to 0.5 s) while the
  /// socket is missing (`ENOENT`) or refuses (`ECONNREFUSED`): the moments between a
  /// compd's exit and the next one's start. Other failures are reported at once.
  func connect(retryingFor seconds: Double) throws(RPCClient.Failure) -> RPCClient {
    let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    var pause = 0.05
    while true {
      do {
        return try RPCClient(path: socketPath, timeoutSeconds: timeout)
      } catch {
        guard case .cannotConnect(_, let code) = error, code == ENOENT || code == ECONNREFUSED,
          ContinuousClock.now < deadline
        else { throw error }
        usleep(useconds_t(pause * 1e6))
        pause = min(pause * 2, 0.5)
      }
    }
  }

  /// Calls `method` on an open `client` and returns its result; failures are reported as
  /// in `call(method:params:)`.
  func call(method: String, params: JSONObject? = nil, on client: RPCClient) throws -> JSON {
    let result: Result<JSON, RPCError>
    do {
      result = try client.call(method: method, params: params)
    } catch {
      printError(error.description)
      throw ExitCode(CompctlExit.cannotConnect)
    }
    switch result {
    case .success(let value):
      return value
    case .failure(let error):
      var object: JSONObject = ["code": .int(Int64(error.code)), "message": .string(error.message)]
      if let data = error.data { object["data"] = data }
      if json { print(JSON.object(object).serialized()) }
      var text = "\(method) failed: \(error.message) (code \(error.code)"
      if let name = error.data?["name"]?.stringValue { text += ", \(name)" }
      text += ")"
      if let data = error.data, case .object(var details) = data {
        details["name"] = nil
        if !details.isEmpty { text += " " + JSON.object(details).serialized() }
      }
      printError(text)
      throw ExitCode(CompctlExit.daemonError)
    }
  }
}

/// compctl's exit codes.
public enum CompctlExit {
  /// The command did what it was asked.
  public static let success: Int32 = 0
  /// Bad arguments (a usage message was printed).
  public static let usage: Int32 = 1
  /// compd answered with an error.
  public static let daemonError: Int32 = 2
  /// No compd answered on the socket.
  public static let cannotConnect: Int32 = 3
}

func printError(_ text: String) {
  var line = "compctl: " + text + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
