#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The names in a directory (no Foundation in ScreenKit's tests either).
func listFiles(_ path: String) -> [String] {
  guard let directory = opendir(path) else { return [] }
  defer { closedir(directory) }
  var names: [String] = []
  while let entry = readdir(directory) {
    let name = withUnsafePointer(to: entry.pointee.d_name) {
      $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
    }
    if !name.hasPrefix(".") { names.append(name) }
  }
  return names
}

/// A file's text, empty when it cannot be read.
func readFile(_ path: String) -> String {
  guard let file = fopen(path, "r") else { return "" }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = fread(&buffer, 1, buffer.count, file)
    if count <= 0 { break }
    bytes.append(contentsOf: buffer[0..<count])
  }
  return String(decoding: bytes, as: UTF8.self)
}
