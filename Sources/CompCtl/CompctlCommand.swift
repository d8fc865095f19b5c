import ArgumentParser
import CompdVersion
import JSONRPC

#if canImport(Glibc)
  import Glibc
#endif

/// The `compctl` command line. Each subcommand is its own type, listed in
/// `subcommands`.
public struct CompctlCommand: AsyncParsableCommand {
  /// The command's name, abstract and subcommands.
  public static let configuration = CommandConfiguration(
    commandName: "compctl",
    abstract: "Talk to a running compd.",
    discussion: """
      The socket is --socket, else $COMPD_SOCKET, else
      $XDG_RUNTIME_DIR/compd.sock, else /run/compd.sock.

      EXIT STATUS
        0 success, 1 usage error, 2 compd answered with an error,
        3 could not connect to compd
      """,
    version: "compctl \(CompdVersion.current)",
    subcommands: [
      PingCommand.self, InfoCommand.self, CallCommand.self,
      ReloadCommand.self, BackupCommand.self,
      PluginsCommand.self, ComponentsCommand.self, DescribeCommand.self, OpenCommand.self,
      ScenesCommand.self, LayoutCommand.self, A11yCommand.self, DrawCommand.self,
      RenderCommand.self, TapCommand.self, TypeCommand.self, PressKeyCommand.self,
      EventCommand.self, ResizeCommand.self, WatchCommand.self,
      CloseCommand.self,
    ]
  )

  /// The root command (ArgumentParser parses it).
  public init() {}

  /// The client options every subcommand takes (`--socket PATH`, `--timeout S`, `--json`),
  /// moved from before the subcommand's name to after it, so that
  /// `compctl --socket PATH ping` means `compctl ping --socket PATH`.
  static func movingClientOptions(_ arguments: [String]) -> [String] {
    var leading: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--json" || argument.hasPrefix("--socket=") || argument.hasPrefix("--timeout=")
      {
        leading.append(argument)
        index += 1
      } else if (argument == "--socket" || argument == "--timeout") && index + 1 < arguments.count {
        leading += arguments[index...index + 1]
        index += 2
      } else {
        break
      }
    }
    guard !leading.isEmpty, index < arguments.count, !arguments[index].hasPrefix("-") else {
      return arguments
    }
    return [arguments[index]] + leading + arguments[(index + 1)...]
  }

  /// The command name the arguments start with when it is no command but close to one
  /// (`layuot` → `layout`), with that command.
  static func commandSuggestion(_ arguments: [String]) -> (typed: String, command: String)? {
    let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
    guard let typed = movingClientOptions(arguments).first, !typed.hasPrefix("-"),
      !names.contains(typed), let command = NameSuggestion.closest(to: typed, among: names)
    else { return nil }
    return (typed, command)
  }

  /// Runs the command line; usage errors exit 1 (not ArgumentParser's 64).
  public static func runAsMain() async {
    do {
      var command = try parseAsRoot(
        movingClientOptions(Array(CommandLine.arguments.dropFirst())))
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let code as ExitCode {
      Glibc.exit(code.rawValue)
    } catch {
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if code == .success {
        if !message.isEmpty { print(message) }
        Glibc.exit(0)
      }
      if let (typed, suggestion) = commandSuggestion(Array(CommandLine.arguments.dropFirst())) {
        printError("unknown command \"\(typed)\"; did you mean \"\(suggestion)\"?")
        Glibc.exit(CompctlExit.usage)
      }
      printError(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)
      Glibc.exit(CompctlExit.usage)
    }
  }
}
