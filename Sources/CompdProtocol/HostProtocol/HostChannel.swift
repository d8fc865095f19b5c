import Dispatch
import JSONRPC
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One end of the private socket between the broker and a scene host: newline-delimited
/// JSON-RPC 2.0 messages, as on the client socket (docs/architecture.md lists them).
///
/// The main actor reads and parses, as bytes arrive (`MainRunLoop.read`): under the main
/// run loop, a message costs the process one wake-up.
///
/// Writes are corked: a message sent is appended to an output buffer, and the buffer goes
/// to the socket in one write when the main actor has run what is already queued for it
/// (a flush scheduled by the first message sent into an empty buffer), or, while a batch
/// of received messages is delivered, once the batch is through (the replies to a batch
/// go out together). A lone message thus leaves as soon as the main actor is done with
/// its current job; under load, each write and each wake-up of the peer carries many
/// messages. What the socket does not take at once, and everything after it until that
/// is written, goes through a serial queue, so that a peer that stops reading blocks that
/// queue and never the sender.
package final class HostChannel: Sendable {
  /// The socket.
  package let fd: Int32
  private let writes: DispatchQueue
  private let output = Mutex(Output())

  private struct Output {
    /// Messages sent and not yet handed to the socket, each ending in a newline.
    package var corked: [UInt8] = []
    /// Whether a flush will come without being asked for: one is scheduled on the main
    /// actor, or a batch of received messages is being delivered.
    package var flushDue = false
    /// How many writes were handed to `writes` and have not finished: while any have,
    /// later writes queue behind them (the peer reads the messages in the order sent).
    package var queuedWrites = 0
  }

  /// Corked bytes past which a message is written without waiting for the flush (a long
  /// burst goes out in pieces of about this size, and the peer starts on it meanwhile).
  package static let corkLimit = 32 << 10

  /// A channel over the connected socket `fd`, which it owns.
  package init(fd: Int32, label: String) {
    self.fd = fd
    self.writes = DispatchQueue(label: "\(label).write")
  }

  /// The largest message accepted from the peer. A scene's whole tree is bounded well
  /// below it (`max-scene-nodes`); a peer that sends more is broken or hostile, and reading
  /// on would only grow this process.
  package static let maxLineBytes = 64 << 20
  /// Why a peer that sent a line over `maxLineBytes` was cut off.
  package static let oversizedMessage =
    "it wrote a message over \(maxLineBytes >> 20) MiB, the host channel's limit"

  /// Starts reading on the main actor, as bytes arrive (`MainRunLoop.read`): each line is
  /// read as a host message (`HostPayload.envelope`), and `receive` gets each, in order;
  /// what the messages of one read send is written once they are through. `ended` runs off
  /// the main actor once the peer closed its end (or the socket failed), after every
  /// message before was received, with the peer's protocol violation when that is why
  /// reading stopped (a line over `maxLineBytes`, or one that is not JSON).
  @MainActor package func start(
    receive: @escaping @MainActor (JSONEnvelope) -> Void,
    ended: @escaping @Sendable (_ violation: String?) -> Void
  ) {
    var framer = LineFramer(maxLineBytes: Self.maxLineBytes)
    MainRunLoop.read(
      fd,
      onBytes: { [self] bytes in
        framer.append(bytes)
        // What the messages of this read send is written once they are through.
        output.withLock { $0.flushDue = true }
        var violation: String?
        // Each line is read where it was received; only the message read from it is kept.
        reading: while let line = framer.nextFrame({ frame -> ReadLine in
          guard case .line(let line) = frame else { return .oversized }
          if line.isEmpty { return .empty }
          guard let message = try? HostPayload.envelope(line) else { return .notJSON }
          return .message(message)
        }) {
          switch line {
          case .message(let message): receive(message)
          case .empty: continue
          case .oversized:
            violation = Self.oversizedMessage
            break reading
          case .notJSON:
            violation = "it wrote a message that is not JSON"
            break reading
          }
        }
        flush()
        if framer.isSkippingOversizedLine { violation = Self.oversizedMessage }
        guard let violation else { return true }
        // A broken peer is cut off: what it writes next goes nowhere.
        shutdown(fd, Int32(SHUT_RDWR))
        DispatchQueue.global().async { ended(violation) }
        return false
      },
      onEnd: {
        DispatchQueue.global().async { ended(nil) }
      })
  }

  /// What became of one line the peer wrote.
  private enum ReadLine {
    case message(JSONEnvelope)
    case empty
    case notJSON
    case oversized
  }

  /// The parser's limits for one message.
  package static let limits = JSONParser.Limits(maxDepth: 512, maxBytes: maxLineBytes)

  /// Sends a request or notification (`id` nil).
  package func send(method: String, params: JSON, id: Int? = nil) {
    send(method: method, params: RawJSON(params), id: id)
  }

  /// Sends a request or notification (`id` nil) whose params are `params`' text, written
  /// straight into the output buffer.
  package func send(method: String, params: RawJSON, id: Int? = nil) {
    cork {
      RPCMessage.appendRequest(
        method: method, params: params, id: id.map { .int(Int64($0)) }, to: &$0)
    }
  }

  /// Sends the reply to request `id`: its result's text, or an error object.
  package func reply(id: JSON, result: Result<RawJSON, RPCError>) {
    var message = JSONObjectWriter()
    message.append("jsonrpc", "2.0")
    message.append("id", id)
    switch result {
    case .success(let value): message.append("result", value)
    case .failure(let error): message.append("error", error.json)
    }
    send(message.object)
  }

  /// Appends `message`'s text to the output buffer (see `send(_: JSON)`).
  package func send(_ message: RawJSON) {
    cork { $0 += message.bytes }
  }

  /// Serializes `message` on the caller's thread into the output buffer; the buffer is
  /// written at the next flush (scheduled now when none is due), or at once when it passed
  /// `corkLimit`.
  package func send(_ message: JSON) {
    cork { message.serialize(into: &$0) }
  }

  /// Appends one message, written by `write` straight into the output buffer, and its line
  /// end; schedules the flush, or writes at once past `corkLimit`.
  private func cork(_ write: (inout [UInt8]) -> Void) {
    let (schedule, full) = output.withLock { out in
      write(&out.corked)
      out.corked.append(0x0A)
      if out.flushDue { return (false, out.corked.count >= Self.corkLimit) }
      out.flushDue = true
      return (true, false)
    }
    if full { self.write(keepingFlushDue: true) }
    if schedule { MainRunLoop.soon { [self] in flush() } }
  }

  /// Writes what is corked.
  private func flush() {
    write(keepingFlushDue: false)
  }

  /// Hands the corked bytes to the socket: at once as far as it takes them without
  /// blocking, the rest through the write queue.
  private func write(keepingFlushDue: Bool) {
    let rest: [UInt8]? = output.withLock { out in
      if !keepingFlushDue { out.flushDue = false }
      guard !out.corked.isEmpty else { return nil }
      defer { out.corked.removeAll(keepingCapacity: out.corked.capacity <= 1 << 20) }
      if out.queuedWrites > 0 {
        out.queuedWrites += 1
        return out.corked
      }
      var offset = 0
      while offset < out.corked.count {
        let written = out.corked[offset...].withUnsafeBytes {
          Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        }
        if written < 0 {
          if errno == EINTR { continue }
          if errno == EAGAIN || errno == EWOULDBLOCK { break }
          return nil  // the peer is gone; the reader sees the end
        }
        offset += written
      }
      if offset == out.corked.count { return nil }
      out.queuedWrites += 1
      return Array(out.corked[offset...])
    }
    guard let rest else { return }
    // The queued write holds the channel: its descriptor stays open (and is not reused)
    // until every queued write ran.
    writes.async { [self] in
      defer { output.withLock { $0.queuedWrites -= 1 } }
      var offset = 0
      while offset < rest.count {
        let written = rest[offset...].withUnsafeBytes {
          Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
        }
        if written < 0 {
          if errno == EINTR { continue }
          // The socket is non-blocking while the main run loop reads it: wait until the
          // peer has read enough.
          if errno == EAGAIN || errno == EWOULDBLOCK {
            var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&ready, 1, -1)
            continue
          }
          return  // the peer is gone; the reader sees the end
        }
        offset += written
      }
    }
  }

  /// Ends both directions at once: the reader sees the end (and `ended` runs) even while
  /// another process holds the peer's end open.
  package func cutOff() {
    shutdown(fd, Int32(SHUT_RDWR))
  }

  /// Stops writing: the peer reads the end of the stream after what was sent.
  package func closeForWriting() {
    flush()
    let now = output.withLock { out in
      if out.queuedWrites > 0 {
        out.queuedWrites += 1
        return false
      }
      _ = shutdown(fd, Int32(SHUT_WR))
      return true
    }
    if now { return }
    writes.async { [self] in
      _ = shutdown(fd, Int32(SHUT_WR))
      output.withLock { $0.queuedWrites -= 1 }
    }
  }

  deinit { close(fd) }
}

/// How a child process ended, from `waitpid`'s status.
package struct ProcessEnd: Sendable, Equatable, CustomStringConvertible {
  /// The exit status, when it exited.
  package var status: Int32?
  /// The signal that killed it, when one did.
  package var signal: Int32?
  /// What it did that made its supervisor stop it, when that is why it ended (such as "it
  /// wrote a message over 64 MiB, the host channel's limit").
  package var violation: String?
  /// What a scene host reported doing when it died (its `CrashReport`); nil when it
  /// reported nothing (it ended normally, or was killed outright).
  package var activity: Activity?

  /// A scene host's last report of what it was doing.
  package enum Activity: Equatable, Sendable {
    /// The broker's request with this id was running.
    case serving(Int)
    /// No request was running: code of some scene ran on its own (a timer, a block).
    case idle

    /// Reads the report's last line (`serving N` or `idle`); nil for anything else.
    package init?(report: [UInt8]) {
      let text = String(decoding: report, as: UTF8.self)
      guard let line = text.split(separator: "\n").last else { return nil }
      if line == "idle" {
        self = .idle
      } else if line.hasPrefix("serving "), let id = Int(line.dropFirst(8)) {
        self = .serving(id)
      } else {
        return nil
      }
    }
  }

  /// Reads `waitpid`'s status (WIFEXITED and friends are macros Swift cannot import).
  package init(waitStatus: Int32) {
    if waitStatus & 0x7F == 0 {
      status = (waitStatus >> 8) & 0xFF
    } else {
      signal = waitStatus & 0x7F
    }
  }

  /// The signal's name, such as `SIGABRT`.
  package var signalName: String? { signal.map(Self.name(ofSignal:)) }

  /// `killed by signal 6 (SIGABRT)` or `exited with status 0`.
  package var description: String {
    if let violation { return "was stopped: \(violation)" }
    if let signal { return "killed by signal \(signal) (\(Self.name(ofSignal: signal)))" }
    return "exited with status \(status ?? 0)"
  }

  /// The conventional name of a Linux signal number.
  package static func name(ofSignal signal: Int32) -> String {
    let names: [Int32: String] = [
      1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT",
      7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2",
      13: "SIGPIPE", 14: "SIGALRM", 15: "SIGTERM", 24: "SIGXCPU", 25: "SIGXFSZ", 31: "SIGSYS",
    ]
    return names[signal] ?? "SIG\(signal)"
  }
}
