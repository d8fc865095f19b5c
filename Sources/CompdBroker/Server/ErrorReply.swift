import CompdProtocol
import JSONRPC

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
}
