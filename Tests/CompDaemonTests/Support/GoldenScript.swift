import Foundation
import JSONRPC

/// A golden conversation script (`Tests/Golden/*.conv`).
///
/// * `--> TEXT` sends TEXT and a newline in one write.
/// * `-->+ TEXT` queues TEXT and a newline; queued lines go out in one write before the next
///   step (many requests in one write).
/// * `-->x HEX` sends the bytes spelled in hex, then a newline (invalid UTF-8).
/// * `-->split TEXT` sends TEXT split at every byte boundary, two writes each, checking the
///   expectations that follow after every split.
/// * `-->bytes TEXT` sends TEXT one byte per write, then checks the expectations that follow.
/// * `-->big N` sends a `daemon.ping` request padded to exactly N bytes, id `"big"`.
/// * `-->nest N` sends a `daemon.ping` request whose params hold N nested arrays, id `"nest"`.
/// * `<-- JSON` expects the next line to equal JSON (compared parsed; `"<any>"` matches any
///   value; inside an `error` object, members the script leaves out are not compared).
/// * `<~~ JSON` lines form a group received in any order; arrays in them compare as sets.
/// * `#! compd ARGS` (first lines) adds command-line arguments for the daemon.
/// After the last step the runner pings once more and expects that reply next, so any
/// unexpected extra line fails the script.
struct GoldenScript {
  enum SendMode: Equatable {
    case whole
    case split
    case bytewise
  }

  enum Step {
    case send([UInt8], mode: SendMode, line: Int)
    case expect(JSON, unordered: Bool, line: Int)
  }

  let name: String
  var daemonArguments: [String] = []
  var steps: [Step] = []

  init(contentsOf url: URL) throws {
    name = url.lastPathComponent
    let text = try String(contentsOf: url, encoding: .utf8)
    var queued: [UInt8] = []
    var queuedLine = 0
    func flushQueue(into steps: inout [Step]) {
      if !queued.isEmpty { steps.append(.send(queued, mode: .whole, line: queuedLine)) }
      queued = []
    }
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = index + 1
      let line = String(rawLine)
      if line.hasPrefix("#! compd ") {
        daemonArguments += line.dropFirst(9).split(separator: " ").map(String.init)
        continue
      }
      if line.isEmpty || line.hasPrefix("#") { continue }
      let (directive, rest) = Self.split(line)
      if directive != "-->+" { flushQueue(into: &steps) }
      func place() -> String { "\(name):\(number)" }
      switch directive {
      case "-->": steps.append(.send(Array(rest.utf8) + [10], mode: .whole, line: number))
      case "-->+":
        if queued.isEmpty { queuedLine = number }
        queued += Array(rest.utf8) + [10]
      case "-->x":
        guard let bytes = Self.hexBytes(rest) else { throw TestFailure("\(place()): bad hex") }
        steps.append(.send(bytes + [10], mode: .whole, line: number))
      case "-->split": steps.append(.send(Array(rest.utf8) + [10], mode: .split, line: number))
      case "-->bytes": steps.append(.send(Array(rest.utf8) + [10], mode: .bytewise, line: number))
      case "-->big":
        guard let size = Int(rest) else { throw TestFailure("\(place()): bad size") }
        steps.append(.send(Self.paddedPing(size: size) + [10], mode: .whole, line: number))
      case "-->nest":
        guard let depth = Int(rest) else { throw TestFailure("\(place()): bad depth") }
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let request =
          "{\"jsonrpc\":\"2.0\",\"method\":\"daemon.ping\",\"params\":{\"a\":\(nested)},\"id\":\"nest\"}"
        steps.append(.send(Array(request.utf8) + [10], mode: .whole, line: number))
      case "<--", "<~~":
        let value: JSON
        do {
          value = try JSONParser.parse(rest)
        } catch {
          throw TestFailure("\(place()): expected line is not JSON: \(error)")
        }
        steps.append(.expect(value, unordered: directive == "<~~", line: number))
      default:
        throw TestFailure("\(place()): unknown directive `\(directive)`")
      }
    }
    flushQueue(into: &steps)
  }

  private static func split(_ line: String) -> (String, String) {
    guard let space = line.firstIndex(of: " ") else { return (line, "") }
    return (String(line[..<space]), String(line[line.index(after: space)...]))
  }

  private static func hexBytes(_ text: String) -> [UInt8]? {
    let digits = text.filter { !$0.isWhitespace }
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    var index = digits.startIndex
    while index < digits.endIndex {
      let next = digits.index(index, offsetBy: 2)
      guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
      bytes.append(byte)
      index = next
    }
    return bytes
  }

  /// A valid `daemon.ping` request of exactly `size` bytes.
  static func paddedPing(size: Int) -> [UInt8] {
    let head = "{\"jsonrpc\":\"2.0\",\"method\":\"daemon.ping\",\"id\":\"big\",\"pad\":\""
    let tail = "\"}"
    let padding = max(0, size - head.utf8.count - tail.utf8.count)
    return Array(head.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: padding)
      + Array(tail.utf8)
  }
}

/// Compares a reply with a script's expectation.
enum GoldenMatch {
  static func matches(_ expected: JSON, _ actual: JSON, unordered: Bool, inError: Bool = false)
    -> Bool
  {
    if case .string("<any>") = expected { return true }
    switch (expected, actual) {
    case (.object(let want), .object(let have)):
      if !inError && Set(want.keys) != Set(have.keys) { return false }
      for (key, value) in want {
        guard let other = have[key] else { return false }
        if !matches(value, other, unordered: unordered, inError: key == "error" || inError) {
          return false
        }
      }
      return true
    case (.array(let want), .array(let have)):
      guard want.count == have.count else { return false }
      if !unordered {
        return zip(want, have).allSatisfy { matches($0, $1, unordered: false, inError: inError) }
      }
      var remaining = have
      for element in want {
        guard
          let found = remaining.firstIndex(where: {
            matches(element, $0, unordered: true, inError: inError)
          })
        else { return false }
        remaining.remove(at: found)
      }
      return true
    case (.int(let a), .double(let b)), (.double(let b), .int(let a)):
      return Double(a) == b
    default:
      return expected == actual
    }
  }
}

/// Plays a script against a daemon and reports every mismatch.
struct GoldenRunner {
  let script: GoldenScript
  let socketPath: String

  func run() throws -> [String] {
    var failures: [String] = []
    let client = try SocketClient(path: socketPath)
    var index = 0
    let steps = script.steps
    func expectations(after position: Int) -> [(JSON, Bool, Int)] {
      var result: [(JSON, Bool, Int)] = []
      var cursor = position + 1
      while cursor < steps.count, case .expect(let value, let unordered, let line) = steps[cursor] {
        result.append((value, unordered, line))
        cursor += 1
      }
      return result
    }
    func check(_ group: [(JSON, Bool, Int)], context: String) throws {
      var pendingUnordered: [(JSON, Int)] = []
      func drainUnordered() throws {
        guard !pendingUnordered.isEmpty else { return }
        var received: [JSON] = []
        for _ in pendingUnordered {
          guard let line = try client.readLine(timeout: 10) else {
            failures.append("\(script.name):\(pendingUnordered[0].1): no reply\(context)")
            return
          }
          received.append(parse(line))
        }
        for (value, line) in pendingUnordered {
          if let found = received.firstIndex(where: {
            GoldenMatch.matches(value, $0, unordered: true)
          }) {
            received.remove(at: found)
          } else {
            failures.append(
              "\(script.name):\(line): expected \(value.serialized()) among \(received.map { $0.serialized() })\(context)"
            )
          }
        }
        pendingUnordered = []
      }
      for (value, unordered, line) in group {
        if unordered {
          pendingUnordered.append((value, line))
          continue
        }
        try drainUnordered()
        guard let reply = try client.readLine(timeout: 10) else {
          failures.append(
            "\(script.name):\(line): no reply (expected \(value.serialized()))\(context)")
          return
        }
        let actual = parse(reply)
        if !GoldenMatch.matches(value, actual, unordered: false) {
          failures.append(
            "\(script.name):\(line): expected \(value.serialized())\n    got \(String(decoding: reply, as: UTF8.self))\(context)"
          )
        }
      }
      try drainUnordered()
    }
    while index < steps.count {
      switch steps[index] {
      case .send(let bytes, let mode, let line):
        let group = expectations(after: index)
        switch mode {
        case .whole:
          try client.write(bytes)
          try check(group, context: "")
        case .split:
          for cut in 1..<bytes.count {
            try client.write(Array(bytes[..<cut]))
            usleep(500)
            try client.write(Array(bytes[cut...]))
            try check(group, context: " (split at byte \(cut), line \(line))")
          }
        case .bytewise:
          for byte in bytes {
            try client.write([byte])
          }
          try check(group, context: " (one byte per write)")
        }
        index += 1 + group.count
      case .expect(let value, _, let line):
        failures.append("\(script.name):\(line): expectation \(value.serialized()) follows no send")
        index += 1
      }
    }
    try client.write(line: #"{"jsonrpc":"2.0","method":"daemon.ping","id":"golden-end"}"#)
    if let reply = try client.readLine(timeout: 10) {
      let expected: JSON = ["jsonrpc": "2.0", "result": [:], "id": "golden-end"]
      if !GoldenMatch.matches(expected, parse(reply), unordered: false) {
        failures.append(
          "\(script.name): unexpected extra line at the end: \(String(decoding: reply, as: UTF8.self))"
        )
      }
    } else {
      failures.append("\(script.name): no reply to the final ping")
    }
    return failures
  }

  private func parse(_ line: [UInt8]) -> JSON {
    (try? JSONParser.parse(line))
      ?? .string("<unparseable: \(String(decoding: line, as: UTF8.self))>")
  }
}
