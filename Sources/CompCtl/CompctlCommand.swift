import ArgumentParser

/// The `compctl` command line. (Skeleton: the server issue fills this in.)
public struct CompctlCommand: AsyncParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "compctl",
    abstract: "Talk to a running compd."
  )
  public init() {}
  public func run() async throws {}
}
