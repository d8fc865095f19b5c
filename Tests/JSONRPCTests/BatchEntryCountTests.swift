import Testing

@testable import JSONRPC

/// The count of a long batch's entries that refuses it before it is parsed: top-level
/// commas outside strings, whatever the strings hold.
struct BatchEntryCountTests {
  static func count(_ text: String, over limit: Int) -> Int? {
    Array(text.utf8).withUnsafeBytes { Dispatcher.batchEntryCount($0, over: limit) }
  }

  /// `n` entries whose strings hold commas, brackets, braces, escaped quotes and escaped
  /// backslashes, one ending right before its closing quote.
  static func batch(_ n: Int) -> String {
    let entry = #"{"jsonrpc":"2.0","method":"a,[{\"b\",}]","params":{"x":["\\",","]},"id":"q\\"}"#
    return " \n[" + Array(repeating: entry, count: n).joined(separator: ",") + "]"
  }

  @Test func countsTopLevelEntriesOnlyPastTheLimit() {
    #expect(Self.count(Self.batch(1001), over: 1000) == 1001)
    #expect(Self.count(Self.batch(50_000), over: 1000) == 50_000)
    #expect(Self.count(Self.batch(1000), over: 1000) == nil)
    // Not a batch, or too short to hold more than the limit.
    #expect(Self.count(String(repeating: " ", count: 5000) + "{}", over: 10) == nil)
    #expect(Self.count("[1,2,3]", over: 10) == nil)
  }

  @Test func anUnterminatedStringKeepsWhatWasCounted() {
    let text = "[" + Array(repeating: "1", count: 2000).joined(separator: ",") + #","never"#
    #expect(Self.count(text, over: 1000) == 2001)
  }
}
