// The SDK's `ScreenKit` product: ScreenKit's dynamic library, re-exported, so that a plugin
// depending on this package with `.product(name: "ScreenKit", package: "SDK")` links the one
// shared libScreenKit.so.
@_exported import ScreenKit
