#if canImport(Glibc)
  import Glibc
#endif

/// How many columns the terminal has, for `compctl draw`.
enum TerminalWidth {
  /// The width when nothing says otherwise.
  static let fallback = 80

  /// `$COLUMNS` when it is a positive number, else the width of the terminal on standard
  /// output (the `TIOCGWINSZ` ioctl), else 80.
  static func current() -> Int {
    let variable = getenv("COLUMNS").map { String(cString: $0) }
    return resolve(columnsVariable: variable, terminalColumns: terminalColumns())
  }

  /// The choice `current()` makes, from its inputs.
  static func resolve(columnsVariable: String?, terminalColumns: Int?) -> Int {
    if let variable = columnsVariable, let value = Int(variable), value > 0 { return value }
    if let terminalColumns, terminalColumns > 0 { return terminalColumns }
    return fallback
  }

  /// The width of the terminal on standard output, or `nil` when it is not a terminal.
  static func terminalColumns() -> Int? {
    var size = winsize()
    let result = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
    guard result == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
