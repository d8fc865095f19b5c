// swift-tools-version:6.0
import PackageDescription

// ScreenKit is the only library a compd plugin links. It is a dynamic library so that the
// daemon and every plugin share one copy of its classes and registries.
let package = Package(
  name: "ScreenKit",
  products: [
    .library(name: "ScreenKit", type: .dynamic, targets: ["ScreenKit"])
  ],
  targets: [
    // Symbols/: the built-in symbol images, Image(systemName:) (Symbols/README.md).
    .target(name: "ScreenKit", resources: [.copy("Symbols")]),
    .executableTarget(name: "LayoutBench", dependencies: ["ScreenKit"], path: "Benchmarks/LayoutBench"),  // make bench-layout
    .testTarget(name: "ScreenKitTests", dependencies: ["ScreenKit"], exclude: ["Traces", "Fixtures"]),  // golden traces are read by path; layout fixtures too
  ]
)
