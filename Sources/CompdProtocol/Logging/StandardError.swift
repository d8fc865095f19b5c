#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Writes text to stderr unbuffered.
package func writeToStandardError(_ text: String) {
  writeAll(text, to: STDERR_FILENO)
}

/// Writes all of `text` to `fd` unbuffered (giving up on an error).
package func writeAll(_ text: String, to fd: Int32) {
  var text = text
  text.withUTF8 { writeAll(UnsafeRawBufferPointer($0), to: fd) }
}

/// Writes all of `bytes` to `fd` unbuffered (giving up on an error).
package func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32) {
  guard let base = bytes.baseAddress else { return }
  var offset = 0
  while offset < bytes.count {
    let written = write(fd, base + offset, bytes.count - offset)
    if written <= 0 {
      if written < 0 && errno == EINTR { continue }
      return
    }
    offset += written
  }
}
