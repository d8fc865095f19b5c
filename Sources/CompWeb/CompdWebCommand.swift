import ArgumentParser
import CompdClient
import Foundation
import NIOCore

/// `compd-web`: serves the browser client and bridges each page's WebSocket to compd.
public struct CompdWebCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "compd-web",
    abstract: "Serve compd's scenes to web browsers.",
    discussion: """
      Serves the web client (open http://HOST:PORT/ in a browser) and bridges each page's \
      WebSocket (/rpc) to its own connection on compd's Unix socket: one text message is one \
      JSON-RPC line, both ways, unchanged. The pages act with this program's rights on the \
      socket (those of the user running it). A scene page gets its scene opened (with \
      the browser's client hints) or subscribed to on a connection made while the page is \
      served, which the page's WebSocket then adopts (/rpc?adopt=TOKEN, usable once, 5 s).

      It listens on the loopback interface unless told otherwise. A non-loopback address \
      requires --token-file: every request must then carry the token, as \
      "Authorization: Bearer TOKEN" or as ?token=TOKEN in the page's URL (the page keeps it \
      in a cookie). See docs/web.md.
      """)

  @Option(
    help: ArgumentHelp(
      "compd's socket (default: $COMPD_SOCKET, $XDG_RUNTIME_DIR/compd.sock, /run/compd.sock).",
      valueName: "path"))
  var socket: String?

  @Option(
    help: ArgumentHelp(
      "Address and port to listen on (port 0: any free port).", valueName: "host:port"))
  var listen: String = "127.0.0.1:8080"

  @Option(
    help: ArgumentHelp(
      "File holding the bearer token (required off loopback; at least 16 characters).",
      valueName: "path"))
  var tokenFile: String?

  @Option(
    help: ArgumentHelp(
      "The web client's directory (default: share/compd/web or web/ above the program).",
      valueName: "dir"))
  var webRoot: String?

  @Option(help: ArgumentHelp("Directory of the Inter .otf files.", valueName: "dir"))
  var fontDir: String = "/usr/share/fonts/opentype/inter"

  @Option(help: ArgumentHelp("Largest message a page may send, in bytes.", valueName: "bytes"))
  var maxMessageBytes: Int = 1 << 20

  @Option(
    help: ArgumentHelp(
      "Bytes of unfinished (fragmented) messages held for all pages together; a page whose fragment would pass it is closed with 1013. Browsers send each message in one frame.",
      valueName: "bytes"))
  var maxPendingBytes: Int = PendingMessageBudget.defaultLimit

  @Option(
    help: ArgumentHelp(
      "Browser connections held at once; more are answered 503.", valueName: "n"))
  var maxConnections: Int = 256

  @Option(
    help: ArgumentHelp(
      "Seconds an HTTP connection may send nothing before it is closed.", valueName: "seconds"))
  var idleTimeout: Int = 30

  @Option(
    help: ArgumentHelp(
      "Seconds a client has to send a whole request, from the connection's start or the end of the previous response, however slowly its bytes arrive.",
      valueName: "seconds"))
  var requestTimeout: Int = 10

  @Option(
    name: .customLong("allowed-host"),
    help: ArgumentHelp(
      "A host name served without a token besides loopback names (repeatable; for a kiosk reaching this gateway by its own name).",
      valueName: "name"))
  var allowedHosts: [String] = []

  @Option(
    help: ArgumentHelp(
      "Seconds a page's WebSocket may be silent before it is pinged, and again before it is closed.",
      valueName: "seconds"))
  var keepalive: Int = 20

  public init() {}

  /// Parses the command line and runs; errors are printed with their reason and exit 1.
  public static func runAsMain() async {
    do {
      let command = try parse()
      try await command.run()
    } catch {
      exit(withError: error)
    }
  }

  public func validate() throws {
    guard (1024...(16 << 20)).contains(maxMessageBytes) else {
      throw ValidationError("--max-message-bytes must be from 1024 to 16777216")
    }
    guard (maxMessageBytes...(1 << 30)).contains(maxPendingBytes) else {
      throw ValidationError(
        "--max-pending-bytes must be from --max-message-bytes (\(maxMessageBytes)) to 1073741824")
    }
    guard (1...65_536).contains(maxConnections) else {
      throw ValidationError("--max-connections must be from 1 to 65536")
    }
    guard (1...3600).contains(idleTimeout) else {
      throw ValidationError("--idle-timeout must be from 1 to 3600 seconds")
    }
    guard (1...3600).contains(requestTimeout) else {
      throw ValidationError("--request-timeout must be from 1 to 3600 seconds")
    }
    for host in allowedHosts
    where host.isEmpty || host.contains(where: { $0 == ":" || $0 == "/" || $0 == " " }) {
      throw ValidationError("--allowed-host takes a host name without a port, not \"\(host)\"")
    }
    guard (1...3600).contains(keepalive) else {
      throw ValidationError("--keepalive must be from 1 to 3600 seconds")
    }
  }

  public func run() async throws {
    let address: ListenAddress
    do { address = try ListenAddress(parsing: listen) } catch {
      throw ValidationError(error.description)
    }
    let token: AccessToken?
    do { token = try tokenFile.map(AccessToken.init(contentsOfFile:)) } catch {
      throw ValidationError(error.description)
    }
    if !address.isLoopback, token == nil {
      throw ValidationError(
        "\(address) is not a loopback address: pass --token-file so that only holders of the token can reach compd"
      )
    }
    let daemonSocket = SocketLocator.resolve(
      flag: socket, environment: ProcessInfo.processInfo.environment)
    var status = stat()
    guard stat(daemonSocket.path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else {
      throw StartError(
        description:
          "no compd socket at \(daemonSocket.path) (from \(daemonSocket.source)); start compd first (make run) or pass --socket"
      )
    }
    let site = try WebRoot.site(webRoot: webRoot, fontDirectory: fontDir) { warning in
      FileHandle.standardError.write(Data("compd-web: \(warning)\n".utf8))
    }
    let listener = try await Gateway.start(
      .init(
        listen: address, daemonSocket: daemonSocket.path, site: site,
        check: RequestCheck(token: token, allowedHosts: Set(allowedHosts)),
        maxMessageBytes: maxMessageBytes, maxConnections: maxConnections,
        idleTimeout: .seconds(Int64(idleTimeout)), keepaliveInterval: .seconds(Int64(keepalive)),
        requestTimeout: .seconds(Int64(requestTimeout)), maxPendingMessageBytes: maxPendingBytes))
    let port = listener.localAddress?.port ?? address.port
    let url = "http://\(address.host.contains(":") ? "[\(address.host)]" : address.host):\(port)/"
    say("compd-web: serving \(url) for compd at \(daemonSocket.path)")
    if let tokenFile {
      say(
        "compd-web: every request needs the token in \(tokenFile) (Authorization: Bearer, or \(url)?token=…)"
      )
    }
    if !address.isLoopback {
      say("compd-web: listening on \(address), reachable from other machines")
    }
    try await listener.closeFuture.get()
  }

  /// Writes a line to standard output at once (a supervisor or test reads the port from it).
  private func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// A reason the gateway cannot start that is not a usage mistake.
  struct StartError: Error, CustomStringConvertible {
    let description: String
  }
}
