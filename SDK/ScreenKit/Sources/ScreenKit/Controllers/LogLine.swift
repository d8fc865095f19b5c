import Glibc

/// ScreenKit's diagnostics: one line each on standard error (journald picks it up under
/// compd). Never pass secret text here; secure fields' text is never logged.
@MainActor
public enum LogLine {
  /// Where lines go; the default writes to standard error. Tests replace it to inspect lines.
  public static var sink: (String) -> Void = { line in
    let bytes = Array((line + "\n").utf8)
    bytes.withUnsafeBufferPointer { buffer in
      _ = Glibc.write(2, buffer.baseAddress, buffer.count)
    }
  }

  /// Writes one line.
  public static func write(_ line: String) { sink(line) }
}
