import Foundation

extension PluginFixtureBuilder {
  /// Installs bundled plugin `name`'s resource bundle next to its library in `directory`,
  /// as `make install` does: the bundle SwiftPM built (`compd_<Name>.resources` in the
  /// products directory), or, when this build has none, one made of `Plugins/<Name>/Images`
  /// and `Plugins/<Name>/Resources` as `.process` lays them out. Nothing for a plugin without
  /// either.
  static func installResources(of name: String, into directory: String) throws {
    let bundle = "compd_\(name).resources"
    let built = "\(productsDirectory)/\(bundle)"
    let destination = "\(directory)/\(bundle)"
    try? FileManager.default.removeItem(atPath: destination)
    if FileManager.default.fileExists(atPath: built) {
      try FileManager.default.copyItem(atPath: built, toPath: destination)
      return
    }
    // `.process` puts an Images folder's files and a Resources folder's `.lproj` folders
    // at the top of the bundle.
    for folder in ["Images", "Resources"] {
      let source = "\(repositoryRoot)/Plugins/\(name)/\(folder)"
      guard let files = try? FileManager.default.contentsOfDirectory(atPath: source) else {
        continue
      }
      try FileManager.default.createDirectory(
        atPath: destination, withIntermediateDirectories: true)
      for file in files {
        try FileManager.default.copyItem(
          atPath: "\(source)/\(file)", toPath: "\(destination)/\(file)")
      }
    }
  }
}
