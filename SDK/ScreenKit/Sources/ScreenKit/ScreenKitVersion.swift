/// The version of ScreenKit; part of the plugin ABI stamp.
public let screenKitVersion = "0.1.0"
