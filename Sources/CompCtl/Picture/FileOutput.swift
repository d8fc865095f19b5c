#if canImport(Glibc)
  import Glibc
#endif

/// Writes a whole file, replacing what was there.
enum FileOutput {
  /// Why the file could not be written: `strerror` of the failing call.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Writes `text` (UTF-8) to `path`, created with mode 0644 (less the umask) or truncated.
  static func write(_ text: String, to path: String) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Failure(description: String(cString: strerror(errno))) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        throw Failure(description: String(cString: strerror(errno)))
      }
      offset += written
    }
  }
}
