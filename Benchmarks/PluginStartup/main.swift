// Starts a plugin host the way compd does at startup (scan, vet, load, write the cache)
// and exits; scripts/bench-plugins.sh times whole runs of it, process start to exit.
//
//   PluginStartupBenchmark --plugin-dir DIR --state-dir DIR --scanner PATH [--expect N]
import CompDaemon
import Logging
import ScreenKit

#if canImport(Glibc)
  import Glibc
#endif

func fail(_ message: String, status: Int32) -> Never {
  let bytes = Array("\(message)\n".utf8)
  _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
  exit(status)
}

var pluginDirectories: [String] = []
var stateDirectory: String?
var scanner = PluginHost.currentExecutable()
var expected: Int?
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
  guard let value = arguments.popFirst() else { fail("missing value for \(flag)", status: 2) }
  switch flag {
  case "--plugin-dir": pluginDirectories.append(value)
  case "--state-dir": stateDirectory = value
  case "--scanner": scanner = value
  case "--expect": expected = Int(value)
  default: fail("unknown flag \(flag)", status: 2)
  }
}

let host = PluginHost(
  configuration: .init(
    pluginDirectories: pluginDirectories, stateDirectory: stateDirectory,
    scannerExecutable: scanner),
  catalog: ComponentCatalog(),
  logger: {
    var logger = Logger(label: "bench")
    logger.logLevel = .warning
    return logger
  }())
await host.scan()
let loaded = host.loadedPluginCount
let vetted = host.vettingChildrenStarted
print("loaded=\(loaded) vetted=\(vetted)")
if let expected, loaded != expected {
  fail("expected \(expected) loaded plugins, got \(loaded)", status: 1)
}
