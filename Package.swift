// swift-tools-version:6.0
import PackageDescription

let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let lifecycle = Target.Dependency.product(name: "ServiceLifecycle", package: "swift-service-lifecycle")
let argumentParser = Target.Dependency.product(name: "ArgumentParser", package: "swift-argument-parser")
// Linking the `.dynamic` product of the SDK package (a path dependency) gives the daemon and
// every plugin one shared libScreenKit.so; see DESIGN.md.
let screenKit = Target.Dependency.product(name: "ScreenKit", package: "SDK")

let package = Package(
  name: "compd",
  products: [
    .executable(name: "compd", targets: ["compd"]),
    .executable(name: "compctl", targets: ["compctl"]),
    // (plugins) bundled plugins: Plugins/<Name> builds lib<Name>.so
    .library(name: "Login", type: .dynamic, targets: ["Login"]),
    .library(name: "StackedForms", type: .dynamic, targets: ["StackedForms"]),
    .library(name: "Destination", type: .dynamic, targets: ["Destination"]),
    .library(name: "Gallery", type: .dynamic, targets: ["Gallery"]),
  ],
  dependencies: [
    .package(path: "SDK"),
    .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CJSONC",
      path: "Sources/CJSONC",
      pkgConfig: "json-c",
      providers: [.apt(["libjson-c-dev"])]
    ),
    .target(name: "JSONRPC", dependencies: ["CJSONC"]),
    .target(
      name: "CompDaemon",
      dependencies: ["JSONRPC", screenKit, nioCore, nioPosix, logging, lifecycle, argumentParser]
    ),
    .target(name: "CompCtl", dependencies: ["JSONRPC", argumentParser]),
    .executableTarget(name: "compd", dependencies: ["CompDaemon"]),
    .executableTarget(name: "compctl", dependencies: ["CompCtl"]),
    .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC"]),
    .testTarget(
      name: "CompDaemonTests",
      dependencies: [
        "CompDaemon", "CompCtl", "JSONRPC", nioCore, nioPosix,
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]
    ),
    // (server) the `make bench-rpc` client; no dependencies so that it measures the server only
    .executableTarget(name: "RPCBench", path: "Benchmarks/RPCBench"),
    // the `make bench-scenes` client; no dependencies either
    .executableTarget(name: "SceneBench", path: "Benchmarks/SceneBench"),
    // (plugins) bundled plugins
    .target(name: "Login", dependencies: [screenKit], path: "Plugins/Login"),
    .target(name: "StackedForms", dependencies: [screenKit], path: "Plugins/StackedForms"),
    .target(name: "Destination", dependencies: [screenKit], path: "Plugins/Destination"),
    .target(name: "Gallery", dependencies: [screenKit], path: "Plugins/Gallery"),
  ]
)
