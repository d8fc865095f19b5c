import ArgumentParser

/// The `compd` command line. (Skeleton: the server issue fills this in.)
public struct CompdCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "compd",
    abstract: "Serve screen components over a Unix-socket JSON-RPC 2.0 protocol."
  )
  public init() {}
  public func run() async throws {}
}
