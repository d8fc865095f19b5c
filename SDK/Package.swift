// swift-tools-version:6.0
import PackageDescription

// The SDK a compd plugin depends on, by path. Its products:
// - `ScreenKit`: UIKit's view and view-controller model without the `UI` prefix.
// - `UIKit`: ScreenKit under UIKit's own names, for screens written for iOS.
// - `os`: `os_log`, `OSLog` and `Logger`, writing to compd's log.
//
// ScreenKit itself is the nested package `ScreenKit/`, whose library is dynamic: the daemon
// and every plugin share one libScreenKit.so, one copy of its classes and registries. The
// modules here reach it through that dynamic product; a target of this package depending on
// a ScreenKit *target* would link a static copy of it into every plugin.
let screenKit = Target.Dependency.product(name: "ScreenKit", package: "ScreenKit")

let package = Package(
  name: "SDK",
  products: [
    .library(name: "ScreenKit", targets: ["ScreenKitExports"]),
    .library(name: "UIKit", targets: ["UIKit"]),
    .library(name: "os", targets: ["os"]),
    // Rewrites what Swift on Linux cannot compile in a screen written for iOS (`#selector`,
    // `@objc`, `dynamic`, `@IBAction` …); docs/porting.md. It alone needs swift-syntax and
    // swift-argument-parser: SwiftPM builds a dependency only for the products that use it,
    // so a plugin or the daemon built against this package builds neither.
    .executable(name: "screenkit-port", targets: ["screenkit-port"]),
  ],
  dependencies: [
    .package(path: "ScreenKit"),
    .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "602.0.0"),
    .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
  ],
  targets: [
    .target(name: "ScreenKitExports", dependencies: [screenKit]),
    .target(name: "UIKit", dependencies: [screenKit, "os"]),
    .target(name: "os"),
    .executableTarget(
      name: "screenkit-port",
      dependencies: [
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
  ]
)
