import CompdProtocol
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A scene host's stdout and stderr, passed on to the broker's pipes with a mark
/// (`HostOutputMark`) before the first bytes of each scene's code, and only where code wrote
/// something.
///
/// The host's descriptors 1 and 2 become pipes the host reads itself. Whenever it is about to
/// run another scene's code (``switchTo(_:)``, from the main actor) it first passes on what
/// the code so far wrote, under that code's mark, so every byte keeps the mark of the code
/// that wrote it; a thread passes on what code writes while it runs, under the current mark,
/// so a component printing much never blocks on a full pipe. A scene change in a host whose
/// components print nothing costs two reads that find nothing, and the broker hears nothing
/// (a mark on the broker's pipes for every request would wake its relay threads for each).
///
/// A fatal signal or `exit()` passes on what is left (``drainForCrash()``): the runtime's
/// fatal-error message, written just before its trap, reaches the broker with the mark of
/// the scene whose code failed.
final class HostOutputCapture: Sendable {
  /// One captured descriptor: the pipe the host reads, and the broker's pipe it writes to.
  private struct Stream: Sendable {
    let read: Int32
    let relay: Int32
  }

  private struct State {
    /// The mark of the code running now.
    var mark: [UInt8]
    /// The mark last written on each broker pipe.
    var written: [[UInt8]?]
    /// Whether each broker pipe's last line is unfinished (a print() without a newline).
    var unfinished: [Bool]
  }

  private let streams: [Stream]
  private let state: Mutex<State>
  /// Where a drain reads to, used only under the state's lock: one buffer, not one per drain
  /// (a drain runs twice per request and usually finds nothing).
  nonisolated(unsafe) private let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 65536)

  /// Captures descriptors 1 and 2; `nil` (nothing changed) when a pipe cannot be made.
  init?(initialMark: String) {
    var streams: [Stream] = []
    for target in [STDOUT_FILENO, STDERR_FILENO] {
      var ends: [Int32] = [0, 0]
      let relay = fcntl(target, F_DUPFD_CLOEXEC, 3)
      guard relay >= 0, pipe(&ends) == 0 else { return nil }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
      guard dup2(ends[1], target) >= 0 else { return nil }
      close(ends[1])
      _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
      streams.append(Stream(read: ends[0], relay: relay))
    }
    self.streams = streams
    let mark = Array(initialMark.utf8)
    state = Mutex(
      State(
        mark: mark, written: streams.map { _ in nil }, unfinished: streams.map { _ in false }))
    Self.crashStreams = streams.map { ($0.read, $0.relay) }
    Self.setCrashMark(mark)
    let thread = Thread { [self] in forward() }
    thread.name = "host-output"
    thread.start()
  }

  /// Passes on what was written so far under the current mark, then makes `mark` current.
  /// The caller flushes stdio first, so that a print() without its newline yet belongs to
  /// the code before.
  func switchTo(_ mark: String) {
    let bytes = Array(mark.utf8)
    state.withLock { state in
      drainAll(&state)
      // An unfinished line ends with the code that wrote it, as its line.
      for index in streams.indices where state.unfinished[index] {
        [UInt8(ascii: "\n")].withUnsafeBytes { writeAll($0, to: streams[index].relay) }
        state.unfinished[index] = false
      }
      state.mark = bytes
    }
    Self.setCrashMark(bytes)
  }

  /// Waits for bytes on either pipe and passes them on under the current mark.
  private func forward() {
    var polled = streams.map { pollfd(fd: $0.read, events: Int16(POLLIN), revents: 0) }
    while true {
      let ready = poll(&polled, nfds_t(polled.count), -1)
      if ready < 0 && errno != EINTR { return }
      state.withLock { drainAll(&$0) }
    }
  }

  private func drainAll(_ state: inout State) {
    for index in streams.indices { drain(index, &state) }
  }

  private func drain(_ index: Int, _ state: inout State) {
    let stream = streams[index]
    while true {
      let count = read(stream.read, buffer, 65536)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      if state.written[index] != state.mark {
        state.mark.withUnsafeBytes { writeAll($0, to: stream.relay) }
        state.written[index] = state.mark
      }
      writeAll(UnsafeRawBufferPointer(start: buffer, count: count), to: stream.relay)
      state.unfinished[index] = buffer[count - 1] != UInt8(ascii: "\n")
    }
  }

  // MARK: At a crash

  // What the signal handler reads without locks or allocation: the pipes, and the current
  // mark in a fixed buffer (its length 0 while it is being rewritten).
  nonisolated(unsafe) private static var crashStreams: [(read: Int32, relay: Int32)] = []
  nonisolated(unsafe) private static let crashMark = UnsafeMutablePointer<UInt8>.allocate(
    capacity: 512)
  nonisolated(unsafe) private static var crashMarkLength = 0
  nonisolated(unsafe) private static let crashBuffer = UnsafeMutablePointer<UInt8>.allocate(
    capacity: 4096)

  private static func setCrashMark(_ mark: [UInt8]) {
    crashMarkLength = 0
    let count = min(mark.count, 512)
    for index in 0..<count { crashMark[index] = mark[index] }
    crashMarkLength = count
  }

  /// Passes on what is left in the pipes under the current mark, with only
  /// async-signal-safe calls: for a fatal signal's handler and `exit()`.
  static func drainForCrash() {
    for stream in crashStreams {
      var marked = false
      while true {
        let count = read(stream.read, crashBuffer, 4096)
        guard count > 0 else { break }
        if !marked, crashMarkLength > 0 {
          _ = write(stream.relay, crashMark, crashMarkLength)
          marked = true
        }
        _ = write(stream.relay, crashBuffer, count)
      }
    }
  }
}
