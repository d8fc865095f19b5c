// swift-tools-version:6.0
import PackageDescription

let nioCore = Target.Dependency.product(name: "NIOCore", package: "swift-nio")
let nioPosix = Target.Dependency.product(name: "NIOPosix", package: "swift-nio")
let nioHTTP1 = Target.Dependency.product(name: "NIOHTTP1", package: "swift-nio")
let nioWebSocket = Target.Dependency.product(name: "NIOWebSocket", package: "swift-nio")
let logging = Target.Dependency.product(name: "Logging", package: "swift-log")
let lifecycle = Target.Dependency.product(
  name: "ServiceLifecycle", package: "swift-service-lifecycle")
let argumentParser = Target.Dependency.product(
  name: "ArgumentParser", package: "swift-argument-parser")
// Linking the `.dynamic` product of the SDK package (a path dependency) gives the daemon and
// every plugin one shared libScreenKit.so (one copy of its classes and registries).
let screenKit = Target.Dependency.product(name: "ScreenKit", package: "SDK")
// The request path (JSON-RPC framing and reading, the connection pipeline, the host channel)
// is built for release without Swift's run-time exclusivity checks, which it spent about a
// tenth of a pipelined request's instructions on: each handler and writer mutates its own
// stored properties once or more per message (`make bench-rpc-instructions`). The compiler
// still enforces exclusivity where it can see both accesses, and debug builds, which every
// test runs, keep the run-time checks.
let uncheckedExclusivity: [SwiftSetting] = [
  .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))
]

let package = Package(
  name: "compd",
  // The bundled plugins' strings are English first (Resources/<language>.lproj).
  defaultLocalization: "en",
  products: [
    .executable(name: "compd", targets: ["compd"]),
    .executable(name: "compctl", targets: ["compctl"]),
    .executable(name: "compd-web", targets: ["compd-web"]),
    // bundled plugins: Plugins/<Name> builds lib<Name>.so
    .library(name: "Login", type: .dynamic, targets: ["Login"]),
    .library(name: "StackedForms", type: .dynamic, targets: ["StackedForms"]),
    .library(name: "Destination", type: .dynamic, targets: ["Destination"]),
    .library(name: "Gallery", type: .dynamic, targets: ["Gallery"]),
    .library(name: "Contacts", type: .dynamic, targets: ["Contacts"]),
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
    .systemLibrary(
      name: "CRSVG",
      path: "Sources/CRSVG"
    ),
    .systemLibrary(
      name: "CSQLite",
      path: "Sources/CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .systemLibrary(name: "CProcessWatch", path: "Sources/CProcessWatch"),
    .target(name: "JSONRPC", dependencies: ["CJSONC"], swiftSettings: uncheckedExclusivity),
    .target(name: "CompdVersion"),
    // The targets follow the processes (docs/architecture.md): the broker and the scene
    // hosts speak the protocol module; only the scene host links ScreenKit and runs plugin
    // code; the `compd` executable wires them together behind one command line.
    //
    // What the broker and the scene hosts both know: the typed host protocol, scenes and
    // environments in wire terms, plugin manifests, compd's error names, logging, and the
    // main thread's run loop (a SwiftNIO event loop that also runs the main actor).
    .target(
      name: "CompdProtocol", dependencies: ["JSONRPC", nioCore, nioPosix, logging],
      swiftSettings: uncheckedExclusivity),
    // The broker (`compd`): the socket server, the scene directory, persistence, plugin
    // vetting, supervision of the scene hosts, systemd. It never runs plugin code, so it
    // cannot import ScreenKit.
    .target(
      name: "CompdBroker",
      dependencies: [
        "CompdProtocol", "JSONRPC", "CSQLite", "CProcessWatch", "CompdVersion", nioCore,
        nioPosix, logging, lifecycle,
      ],
      swiftSettings: uncheckedExclusivity
    ),
    // A scene host (`compd --scene-host FD`) and the vetting child (`compd --scan-plugin
    // PATH`): they load plugins and run their components with ScreenKit.
    .target(
      name: "CompdSceneHost",
      dependencies: ["CompdProtocol", "JSONRPC", screenKit, logging]
    ),
    // The composition root: the command line of every role, the configuration wired into
    // the broker, and what the broker learns of the scene hosts' ScreenKit (its ABI stamp).
    .target(
      name: "CompdCommandLine",
      dependencies: [
        "CompdBroker", "CompdSceneHost", "CompdProtocol", "CompdVersion", screenKit, logging,
        argumentParser,
      ]
    ),
    // What every client of the socket shares: the blocking JSON-RPC client and where the
    // socket is (compctl, compd-web, the tests).
    .target(name: "CompdClient", dependencies: ["JSONRPC"]),
    // compctl draws scenes with ScreenKit's text metrics and rasterises them with librsvg.
    .target(
      name: "CompCtl",
      dependencies: ["JSONRPC", "CompdClient", "CRSVG", "CompdVersion", screenKit, argumentParser]
    ),
    .executableTarget(name: "compd", dependencies: ["CompdCommandLine"]),
    .executableTarget(name: "compctl", dependencies: ["CompCtl"]),
    // The browser gateway: static files of web/ and a WebSocket per page bridged to the socket.
    .target(
      name: "CompWeb",
      dependencies: [
        "CompdClient", nioCore, nioPosix, nioHTTP1, nioWebSocket, argumentParser,
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
      ]
    ),
    .executableTarget(name: "compd-web", dependencies: ["CompWeb"]),
    .testTarget(name: "CompWebTests", dependencies: ["CompWeb", nioCore, nioHTTP1, nioWebSocket]),
    .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC"]),
    .testTarget(
      name: "CompDaemonTests",
      dependencies: [
        "CompdCommandLine", "CompdBroker", "CompdSceneHost", "CompdProtocol", "CompCtl",
        "CompdClient", "JSONRPC", screenKit, nioCore, nioPosix,
        .product(name: "NIOEmbedded", package: "swift-nio"),
      ]
    ),
    // the `make bench-rpc` client; no dependencies so that it measures the server only
    .executableTarget(name: "RPCBench", path: "Benchmarks/RPCBench"),
    // the `make bench-scenes` client; no dependencies either
    .executableTarget(name: "SceneBench", path: "Benchmarks/SceneBench"),
    // bundled plugins
    // Resources/: each plugin's texts in English, German and Arabic (docs/plugins.md, "Languages").
    .target(
      name: "Login", dependencies: [screenKit], path: "Plugins/Login",
      resources: [.process("Resources")]),
    .target(
      name: "StackedForms", dependencies: [screenKit], path: "Plugins/StackedForms",
      resources: [.process("Resources")]),
    .target(
      name: "Destination", dependencies: [screenKit], path: "Plugins/Destination",
      resources: [.process("Resources")]),
    // Images/: demo.Images' own image files, found next to libGallery.so (docs/plugins.md).
    .target(
      name: "Gallery", dependencies: [screenKit], path: "Plugins/Gallery",
      resources: [.process("Images"), .process("Resources")]),
    .target(
      name: "Contacts", dependencies: [screenKit], path: "Plugins/Contacts",
      resources: [.process("Resources")]),
  ]
)
