import JSONRPC
import NIOCore

/// One client connection as method handlers see it.
///
/// `notify` may be called from any thread: it serializes on the caller's thread, then hops
/// to the connection's event loop and goes through the same bounded output queue as
/// replies.
final class Connection: RPCConnection {
  let id: UInt64
  let peer: PeerCredentials?
  let channel: any Channel
  private let handler: NIOLoopBoundBox<ConnectionHandler?>

  init(id: UInt64, peer: PeerCredentials?, channel: any Channel, handler: ConnectionHandler) {
    self.id = id
    self.peer = peer
    self.channel = channel
    self.handler = NIOLoopBoundBox(handler, eventLoop: channel.eventLoop)
  }

  func notify(method: String, params: JSON) {
    let message: JSON = .object(["jsonrpc": "2.0", "method": .string(method), "params": params])
    let bytes = message.serializedBytes()
    let handler = self.handler
    handler.eventLoop.execute {
      handler.value?.sendUnsolicited(bytes)
    }
  }

  /// Called on the event loop when the channel has closed, to break the reference cycle.
  func detach() {
    handler.value = nil
  }

  /// Stops reading, lets in-flight requests finish and closes; runs on the event loop.
  func beginShutdown() {
    let handler = self.handler
    handler.eventLoop.execute {
      handler.value?.beginShutdown()
    }
  }
}
