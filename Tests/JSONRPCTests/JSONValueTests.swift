import JSONRPC
import Testing

@Test func objectKeepsInsertionOrder() {
  var object: JSONObject = ["b": 1, "a": 2]
  object["c"] = 3
  object["b"] = 4
  #expect(object.keys == ["b", "a", "c"])
  object["a"] = nil
  #expect(object.keys == ["b", "c"])
  #expect(object["b"] == 4)
}
