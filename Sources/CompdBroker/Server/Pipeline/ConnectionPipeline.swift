import CompdProtocol
import JSONRPC
import Logging
import NIOCore

/// The handlers of one client connection and what they share, each with one job. Head to
/// tail:
///
/// 1. `JSONLineFrameHandler` (`JSONLineFrameDecoder`): bytes to request lines, with the line
///    limit; counts the line still arriving against the input budget.
/// 2. `OutputQueueHandler`: gathers written lines into one write per burst, counts them
///    against the output budget, disconnects a client that does not read.
/// 3. `RequestBackPressureHandler`: holds requests and reads back while the client is not
///    reading or has too many requests running, counting the lines it holds against the
///    input budget; quiesces the connection on shutdown. Next to the request handler, so
///    that the request handler's `PendingRequests` events reach it first and go no further.
/// 4. `RPCHandler`: dispatches each line and gathers the replies of a read burst into one
///    buffer that goes down the pipeline once.
struct ConnectionPipeline: Sendable {
  let dispatcher: Dispatcher
  let maxLineBytes: Int
  let outputLimits: OutputQueueHandler.Limits
  let budget: OutputBudget
  /// Request data buffered for all clients together.
  let inputBudget: InputBudget
  let logger: Logger
  /// Where every connection's main-actor requests queue for the main actor.
  var mainActor = MainActorBatch()

  /// The connection `id` on `channel`, with its handler; `onClose` hears when it has gone.
  /// `identity` is the peer's as admission read it (`Connection.identity`).
  func makeConnection(
    id: UInt64, peer: PeerCredentials?, identity: PeerIdentity? = nil, channel: any Channel,
    onClose: @escaping @Sendable (UInt64) -> Void
  ) -> Connection {
    let handler = RPCHandler(
      dispatcher: dispatcher, maxLineBytes: maxLineBytes,
      linesWrittenAtBytes: outputLimits.writeHighWatermark, mainActor: mainActor,
      logger: logger, onClose: onClose)
    let connection = Connection(
      id: id, peer: peer, identity: identity, channel: channel, handler: handler)
    handler.attach(connection)
    return connection
  }

  /// Adds the handlers serving `connection` to its channel; on the channel's event loop.
  func addHandlers(for connection: Connection) throws {
    guard let handler = connection.handler else { throw ChannelError.ioOnClosedChannel }
    let pipeline = connection.channel.pipeline.syncOperations
    let input = inputBudget.account(for: connection)
    try pipeline.addHandler(JSONLineFrameHandler(maxLineBytes: maxLineBytes, input: input))
    try pipeline.addHandler(
      OutputQueueHandler(
        limits: outputLimits, budget: budget, connection: connection, logger: logger))
    try pipeline.addHandler(RequestBackPressureHandler(input: input))
    try pipeline.addHandler(handler)
  }
}
