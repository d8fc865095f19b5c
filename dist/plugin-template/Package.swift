// swift-tools-version:6.0
import PackageDescription

// A compd plugin: one dynamic library linking ScreenKit from compd's SDK, by path.
// `make plugin-template DIR=...` writes the absolute path of the SDK it was made from.
let package = Package(
  name: "Counter",
  products: [.library(name: "Counter", type: .dynamic, targets: ["Counter"])],
  dependencies: [.package(path: "../../SDK")],
  targets: [
    .target(name: "Counter", dependencies: [.product(name: "ScreenKit", package: "SDK")])
  ]
)
