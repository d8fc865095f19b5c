import ArgumentParser

/// The `compd` command line. (Skeleton: the server issue fills this in.)
public struct CompdCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "compd",
    abstract: "Serve screen components over a Unix-socket JSON-RPC 2.0 protocol."
  )
  // (plugins) the vetting child: `compd --scan-plugin PATH` (see Plugins/PluginScanCommand.swift)
  @Option(name: .customLong("scan-plugin"), help: .hidden) var scanPlugin: String?
  public init() {}
  public func run() async throws {
    if let scanPlugin {  // (plugins)
      throw ExitCode(await MainActor.run { PluginScanCommand.run(path: scanPlugin) })
    }
  }
}
