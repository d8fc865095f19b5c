import CompdProtocol
import JSONRPC
import NIOCore

/// Error replies the server itself writes, outside the dispatcher (oversize lines, the
/// connection limit).
enum ErrorReply {
  /// A JSON-RPC error response with `id: null`, compact, without the newline.
  static func bytes(for error: RPCError) -> [UInt8] {
    let error = error.boundedForReply
    var object: JSONObject = ["code": .int(Int64(error.code)), "message": .string(error.message)]
    if let data = error.data { object["data"] = data }
    let reply: JSON = .object(["jsonrpc": "2.0", "id": .null, "error": .object(object)])
    return reply.serializedBytes()
  }

  /// The reply of `bytes(for:)` as a line, newline included, as a connection's output queue
  /// (`OutputQueueHandler`) takes what is written to it.
  static func line(for error: RPCError, allocator: ByteBufferAllocator) -> ByteBuffer {
    let bytes = bytes(for: error)
    var line = allocator.buffer(capacity: bytes.count + 1)
    line.writeBytes(bytes)
    line.writeInteger(UInt8(ascii: "\n"))
    return line
  }
}
