import CompdProtocol
import JSONRPC
import NIOCore
import Synchronization

/// One client connection as method handlers see it.
///
/// `notify` may be called from any thread: it serializes on the caller's thread, then hops
/// to the connection's event loop and goes through the same bounded output queue as
/// replies. Notifications and the replies of requests answered off the event loop wait in
/// one outbox: what queues before the loop drains it (a request's `scene.changed` and its
/// reply, say) is written with one wake-up, one write and one flush.
final class Connection: RPCConnection {
  let id: UInt64
  let peer: PeerCredentials?
  /// Who the peer is for access control: its credentials and supplementary groups as read
  /// when the connection was admitted (`AccessControl.admit`), else its `peer` credentials.
  let identity: PeerIdentity?
  let channel: any Channel
  /// Reply bytes handed to the socket and not yet written (`OutputBudget` counts them).
  let queuedBytes = Atomic<Int>(0)
  /// Set when the output budget chose this client to disconnect.
  let overBudget = Atomic<Bool>(false)
  /// Request bytes buffered and not yet handled (`InputBudget` counts them).
  let bufferedInputBytes = Atomic<Int>(0)
  /// Set when the input budget chose this client to disconnect.
  let overInputBudget = Atomic<Bool>(false)
  private let handlerBox: NIOLoopBoundBox<RPCHandler?>
  private let outbox = Handoff<Outgoing>()

  /// A message waiting for the event loop.
  enum Outgoing: Sendable {
    /// A server-to-client notification.
    case notification([UInt8])
    /// The reply (or `nil` for none) of a request that was answered off the event loop.
    case reply([UInt8]?)
  }

  init(
    id: UInt64, peer: PeerCredentials?, identity: PeerIdentity?, channel: any Channel,
    handler: RPCHandler
  ) {
    self.id = id
    self.peer = peer
    self.identity = identity ?? peer.map(PeerIdentity.init)
    self.channel = channel
    self.handlerBox = NIOLoopBoundBox(handler, eventLoop: channel.eventLoop)
  }

  /// The handler at the tail of this connection's pipeline; on the event loop, until the
  /// channel has closed.
  var handler: RPCHandler? { handlerBox.value }

  func notify(method: String, params: JSON) {
    notify(SerializedNotification(method: method, params: params))
  }

  func notify(_ notification: SerializedNotification) {
    send(.notification(notification.bytes))
  }

  /// Queues `message` in order behind the ones before it; callable from any thread.
  func send(_ message: Outgoing) {
    guard outbox.put(message) else { return }
    let handler = self.handlerBox
    let outbox = self.outbox
    handler.eventLoop.execute {
      handler.value?.send(outbox.take())
    }
  }

  /// Called on the event loop when the channel has closed, to break the reference cycle.
  func detach() {
    handlerBox.value = nil
  }

  /// Stops reading, lets running requests finish and closes once their replies are written
  /// (`RequestBackPressureHandler`); callable from any thread.
  func beginShutdown() {
    channel.pipeline.fireUserInboundEventTriggered(ChannelShouldQuiesceEvent())
  }
}
