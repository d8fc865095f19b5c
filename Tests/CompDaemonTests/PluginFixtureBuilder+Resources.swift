import Foundation

extension PluginFixtureBuilder {
  /// Installs bundled plugin `name`'s resource bundle next to its library in `directory`,
  /// as `make install` does: the bundle SwiftPM built (`compd_<Name>.resources` in the
  /// products directory), or, when this build has none, one made of `Plugins/<Name>/Images`
  /// as `.process("Images")` lays it out. Nothing for a plugin without images.
  static func installResources(of name: String, into directory: String) throws {
    let bundle = "compd_\(name).resources"
    let built = "\(productsDirectory)/\(bundle)"
    let destination = "\(directory)/\(bundle)"
    try? FileManager.default.removeItem(atPath: destination)
    if FileManager.default.fileExists(atPath: built) {
      try FileManager.default.copyItem(atPath: built, toPath: destination)
      return
    }
    let images = "\(repositoryRoot)/Plugins/\(name)/Images"
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: images) else { return }
    try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
    for file in files {
      try FileManager.default.copyItem(
        atPath: "\(images)/\(file)", toPath: "\(destination)/\(file)")
    }
  }
}
