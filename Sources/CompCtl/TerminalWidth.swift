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
    guard let size = terminalSize(), size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

/// How many rows `compctl draw` may fill, so a drawing fits the terminal's height too.
enum TerminalHeight {
  /// `$LINES` when it is a positive number, else the rows of the terminal on standard
  /// output; one row is kept for the line after the drawing. `nil` (no limit) when neither
  /// is known, e.g. when the output goes to a file.
  static func current() -> Int? {
    let variable = getenv("LINES").map { String(cString: $0) }
    return resolve(linesVariable: variable, terminalRows: terminalRows())
  }

  /// The choice `current()` makes, from its inputs.
  static func resolve(linesVariable: String?, terminalRows: Int?) -> Int? {
    if let variable = linesVariable, let value = Int(variable), value > 0 {
      return max(1, value - 1)
    }
    if let terminalRows, terminalRows > 0 { return max(1, terminalRows - 1) }
    return nil
  }

  /// The rows of the terminal on standard output, or `nil` when it is not a terminal.
  static func terminalRows() -> Int? {
    guard let size = terminalSize(), size.ws_row > 0 else { return nil }
    return Int(size.ws_row)
  }
}

/// The size of the terminal on standard output (the `TIOCGWINSZ` ioctl), or `nil` when it
/// is not a terminal.
private func terminalSize() -> winsize? {
  var size = winsize()
  let result = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
  return result == 0 ? size : nil
}
