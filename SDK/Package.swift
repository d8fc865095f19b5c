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
  ],
  dependencies: [
    .package(path: "ScreenKit")
  ],
  targets: [
    .target(name: "ScreenKitExports", dependencies: [screenKit]),
    .target(name: "UIKit", dependencies: [screenKit, "os"]),
    .target(name: "os", dependencies: [screenKit]),
  ]
)
