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

/// Small and large objects (a large one looks members up by an index) keep insertion order,
/// overwrite in place, remove, and compare and hash equal whatever the order.
@Test(arguments: [3, 40])
func objectsBehaveTheSameSmallOrLarge(size: Int) {
  var object = JSONObject()
  var reference: [String: Int64] = [:]
  for index in 0..<size {
    object["k\(index)"] = .int(Int64(index))
    reference["k\(index)"] = Int64(index)
  }
  object["k1"] = 100
  reference["k1"] = 100
  for removed in stride(from: 0, to: size, by: 3) {
    object["k\(removed)"] = nil
    reference["k\(removed)"] = nil
  }
  object["late"] = 7
  reference["late"] = 7
  #expect(object.count == reference.count)
  #expect(object.keys == (0..<size).filter { $0 % 3 != 0 }.map { "k\($0)" } + ["late"])
  for (key, value) in reference { #expect(object[key] == .int(value), "\(key)") }
  #expect(object["k0"] == nil)
  #expect(object["missing"] == nil)
  let reversed = JSONObject(object.reversed().map { ($0.key, $0.value) })
  #expect(reversed == object)
  #expect(reversed.hashValue == object.hashValue)
  var different = object
  different["late"] = 8
  #expect(different != object)
}
