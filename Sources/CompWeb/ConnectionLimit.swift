import NIOConcurrencyHelpers
import NIOCore

/// How many browser connections the gateway holds at once, and which one gives way when
/// they are all taken.
///
/// A connection that has completed a request (or become a WebSocket) is *served*: it belongs
/// to a working browser and keeps its slot. When the slots are full, a new connection takes
/// the slot of the oldest connection that has not completed a request yet — a slow or idle
/// client (slowloris) cannot lock browsers out by holding slots with partial requests, since
/// each new connection evicts one of them. Only when every slot holds a served connection is
/// a new one answered `503 Service Unavailable` (`OverLimitResponse`) and closed unread, so
/// that a client opening connections without end cannot take the gateway's file descriptors
/// or, through its WebSockets, every compd connection the gateway's user may have.
public final class ConnectionLimit: Sendable {
  /// The most connections held at once.
  public let maximum: Int

  private struct Entry {
    var channel: any Channel
    var order: UInt64
    var served: Bool
  }
  private struct State {
    var entries: [ObjectIdentifier: Entry] = [:]
    var nextOrder: UInt64 = 0
  }
  private let state = NIOLockedValueBox(State())

  /// A limit of `maximum` connections.
  public init(maximum: Int) { self.maximum = maximum }

  /// The connections held now.
  public var count: Int { state.withLockedValue { $0.entries.count } }

  /// Counts `channel` until it closes, evicting the oldest connection without a completed
  /// request when the slots are full; `false`, counting nothing, when every slot is served.
  public func admit(_ channel: any Channel) -> Bool {
    let key = ObjectIdentifier(channel)
    let (admitted, evicted) = state.withLockedValue { state -> (Bool, (any Channel)?) in
      var evicted: (any Channel)?
      if state.entries.count >= maximum {
        guard
          let victim = state.entries.filter({ !$0.value.served })
            .min(by: { $0.value.order < $1.value.order })
        else { return (false, nil) }
        state.entries[victim.key] = nil
        evicted = victim.value.channel
      }
      state.entries[key] = Entry(channel: channel, order: state.nextOrder, served: false)
      state.nextOrder += 1
      return (true, evicted)
    }
    evicted?.close(promise: nil)
    if admitted {
      channel.closeFuture.whenComplete { [state] _ in
        state.withLockedValue { state in
          if state.entries[key]?.channel === channel { state.entries[key] = nil }
        }
      }
    }
    return admitted
  }

  /// `channel` completed a request or became a WebSocket: it keeps its slot.
  public func markServed(_ channel: any Channel) {
    state.withLockedValue { $0.entries[ObjectIdentifier(channel)]?.served = true }
  }
}

/// The whole pipeline of a connection over the `ConnectionLimit`: a `503` saying why, then
/// the close.
public final class OverLimitResponse: ChannelInboundHandler {
  public typealias InboundIn = ByteBuffer
  public typealias OutboundOut = ByteBuffer

  private let maximum: Int

  /// The answer for a gateway holding `maximum` connections.
  public init(maximum: Int) { self.maximum = maximum }

  public func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { respond(context: context) }
  }

  public func channelActive(context: ChannelHandlerContext) {
    respond(context: context)
    context.fireChannelActive()
  }

  public func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

  private func respond(context: ChannelHandlerContext) {
    let body = "compd-web holds \(maximum) connections, its --max-connections; try again later\n"
    let response =
      "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
      + "Content-Length: \(body.utf8.count)\r\nRetry-After: 1\r\nConnection: close\r\n\r\n" + body
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(string: response)))
      .whenComplete { _ in channel.close(promise: nil) }
  }
}
