import Foundation
import JSONRPC

/// A JSON-RPC client for tests over `SocketClient`: calls wait for their reply, and the
/// notifications that arrive meanwhile are kept in order. Every line received is also
/// kept raw, so tests can search everything the daemon sent.
final class RPCTestClient {
  let socket: SocketClient
  private(set) var notifications: [JSON] = []
  private(set) var receivedText: [String] = []
  private var nextID = 1
  /// How long `reply`, `call` and `failure` wait unless told otherwise.
  private let replyTimeout: Double

  init(path: String) throws {
    socket = try SocketClient(path: path)
    replyTimeout = 10
  }

  /// A client over a connected socket, such as the broker's end of a scene host's pair.
  init(socket: SocketClient, replyTimeout: Double = 10) {
    self.socket = socket
    self.replyTimeout = replyTimeout
  }

  /// Sends a request and returns the whole reply object (`result` or `error`).
  func reply(_ method: String, _ params: JSON = [:], timeout: Double? = nil) throws -> JSON {
    let timeout = timeout ?? replyTimeout
    let id = nextID
    nextID += 1
    let request: JSON = [
      "jsonrpc": "2.0", "method": .string(method), "params": params, "id": .int(Int64(id)),
    ]
    try socket.write(line: request.serialized())
    while true {
      let message = try next(timeout: timeout)
      if message["id"] == .int(Int64(id)) { return message }
      if message["method"] != nil { notifications.append(message) }
    }
  }

  /// Sends a request without waiting; `awaitReply(to:)` reads its reply later.
  func send(_ method: String, _ params: JSON = [:]) throws -> Int {
    let id = nextID
    nextID += 1
    let request: JSON = [
      "jsonrpc": "2.0", "method": .string(method), "params": params, "id": .int(Int64(id)),
    ]
    try socket.write(line: request.serialized())
    return id
  }

  /// The reply to the request `id` sent with `send`, keeping notifications read meanwhile.
  func awaitReply(to id: Int, timeout: Double = 10) throws -> JSON {
    while true {
      let message = try next(timeout: timeout)
      if message["id"] == .int(Int64(id)) { return message }
      if message["method"] != nil { notifications.append(message) }
    }
  }

  /// Sends a request that must succeed; returns its `result`.
  @discardableResult
  func call(_ method: String, _ params: JSON = [:]) throws -> JSON {
    let message = try reply(method, params)
    guard let result = message["result"] else {
      throw TestFailure("\(method) failed: \(message.serialized())")
    }
    return result
  }

  /// Sends a request that must fail; returns its `error`.
  func failure(_ method: String, _ params: JSON = [:]) throws -> JSON {
    let message = try reply(method, params)
    guard let error = message["error"] else {
      throw TestFailure("\(method) succeeded: \(message.serialized())")
    }
    return error
  }

  /// The next notification: a kept one first, else one read from the socket.
  func notification(timeout: Double = 10) throws -> JSON {
    if !notifications.isEmpty { return notifications.removeFirst() }
    while true {
      let message = try next(timeout: timeout)
      if message["method"] != nil { return message }
    }
  }

  /// The next message read from the socket, whatever it is (kept notifications aside).
  func notificationOrReply(timeout: Double = 10) throws -> JSON {
    try next(timeout: timeout)
  }

  /// Reads what is readable for `seconds` and keeps the notifications.
  func drain(seconds: Double = 0.2) throws {
    while let line = try socket.readLine(timeout: seconds) {
      receivedText.append(String(decoding: line, as: UTF8.self))
      let message = try JSONParser.parse(line)
      if message["method"] != nil { notifications.append(message) }
    }
  }

  /// Takes the kept notifications.
  func takeNotifications() -> [JSON] {
    defer { notifications.removeAll() }
    return notifications
  }

  private func next(timeout: Double) throws -> JSON {
    guard let line = try socket.readLine(timeout: timeout) else {
      throw TestFailure("nothing received within \(timeout) s")
    }
    receivedText.append(String(decoding: line, as: UTF8.self))
    return try JSONParser.parse(line)
  }
}
