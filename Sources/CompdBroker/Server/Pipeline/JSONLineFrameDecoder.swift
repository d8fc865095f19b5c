import CompdProtocol
import JSONRPC
import NIOCore

/// What the line decoder hands on: one request line, or the report of one that was too long.
enum JSONLineFrame {
  /// A complete line without its terminator (a slice of the bytes read, not a copy).
  case line(ByteBuffer)
  /// A line longer than the limit; `byteCount` is its length before the `"\n"`.
  case oversized(byteCount: Int)
}

/// Splits a client's byte stream into newline-terminated lines, as slices of the bytes
/// read, by the framing rule of compd's sockets (`LineFraming`, which `LineFramer` applies
/// for clients that do not use NIO). Bytes after the last newline when the client goes are
/// not a request and are dropped.
///
/// In a connection's pipeline it runs in a `JSONLineFrameHandler`; as a
/// `ByteToMessageDecoder` it also works in NIO's `ByteToMessageHandler`.
struct JSONLineFrameDecoder: NIOSingleStepByteToMessageDecoder {
  typealias InboundOut = JSONLineFrame

  private var framing: LineFraming

  init(maxLineBytes: Int) {
    framing = LineFraming(maxLineBytes: maxLineBytes)
  }

  /// The longest line, without its terminator, that is handed on as `.line`.
  var maxLineBytes: Int { framing.maxLineBytes }

  mutating func decode(buffer: inout ByteBuffer) throws -> JSONLineFrame? {
    nextFrame(from: &buffer)
  }

  mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> JSONLineFrame? {
    // The client is gone: nothing it sent is answered any more.
    buffer.moveReaderIndex(to: buffer.writerIndex)
    return nil
  }

  /// The next line or oversize report in `buffer`, consuming it, or `nil` when more bytes
  /// are needed.
  mutating func nextFrame(from buffer: inout ByteBuffer) -> JSONLineFrame? {
    switch buffer.withUnsafeReadableBytes({ framing.step($0) }) {
    case .needMore(let discardAll):
      if discardAll { buffer.moveReaderIndex(to: buffer.writerIndex) }
      return nil
    case .oversized(let byteCount, let consumed):
      buffer.moveReaderIndex(forwardBy: consumed)
      return .oversized(byteCount: byteCount)
    case .line(let length, let consumed):
      let line = buffer.readSlice(length: length)!
      buffer.moveReaderIndex(forwardBy: consumed - length)
      return .line(line)
    }
  }
}

/// Hands on the lines of a client's byte stream (`JSONLineFrameDecoder`): each line as a
/// `ByteBuffer` (a slice of the bytes read), and each line over the limit as an
/// `OversizedLine` user event, in the order they came.
///
/// It does what `ByteToMessageHandler` would, through `NIOSingleStepByteToMessageProcessor`,
/// whose code is compiled here for this decoder: NIO's generic handler cannot be, and its
/// bookkeeping around each call (generic metadata lookups, a copy of each read into its
/// cumulation buffer) stood out in profiles of `daemon.ping`. A read that ends with a
/// complete line is framed in place, without a copy. Lines travel as `ByteBuffer`s, which the
/// pipeline passes on without the dynamic cast any other type costs at each handler.
///
/// The line it holds while the rest is on its way counts against the input budget of all
/// clients (`InputBudget`), by the memory of the buffer it is read into, until the line is
/// complete or the connection goes.
final class JSONLineFrameHandler: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  /// Inbound user event: a line longer than the limit came (and was thrown away).
  struct OversizedLine {
    /// Its length before the `"\n"`.
    var byteCount: Int
  }

  private let maxLineBytes: Int
  private var processor: NIOSingleStepByteToMessageProcessor<JSONLineFrameDecoder>
  /// Where the bytes of a line not yet complete are counted (`InputBudget`).
  private let input: InputBudget.Account?
  /// What `input` holds for this connection now: the memory of the partial line.
  private var charged = 0

  init(maxLineBytes: Int, input: InputBudget.Account? = nil) {
    self.maxLineBytes = maxLineBytes
    self.input = input
    processor = NIOSingleStepByteToMessageProcessor(
      JSONLineFrameDecoder(maxLineBytes: maxLineBytes))
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    // Held here: a line handed on may close the connection, which replaces the processor.
    let processor = self.processor
    do {
      try processor.process(buffer: unwrapInboundIn(data)) { frame in
        switch frame {
        case .line(let line):
          context.fireChannelRead(wrapInboundOut(line))
        case .oversized(let byteCount):
          context.fireUserInboundEventTriggered(OversizedLine(byteCount: byteCount))
        }
      }
    } catch {
      // The decoder throws nothing: an oversized line is a frame of its own.
      context.fireErrorCaught(error)
    }
    countBuffered()
  }

  func channelInactive(context: ChannelHandlerContext) {
    // The partial line goes now, not when the pipeline is torn down: the budget's release
    // may trim the heap, which must find it freed.
    processor = NIOSingleStepByteToMessageProcessor(
      JSONLineFrameDecoder(maxLineBytes: maxLineBytes))
    let released = charged
    charged = 0
    input?.release(released)
    context.fireChannelInactive()
  }

  /// Brings the budget up to the line this handler holds after a read. Most reads end with
  /// a complete line and hold nothing, so a small request costs no atomic operation.
  private func countBuffered() {
    guard let input else { return }
    let held = InputBudget.footprint(of: processor.unprocessedBytes)
    let change = held - charged
    guard change != 0 else { return }
    // Recorded first: going over the budget may close this very connection at once.
    charged = held
    if change > 0 { input.add(change) } else { input.release(-change) }
  }
}
