import CJSONC

extension JSON {
  /// The compact, single-line JSON text of this value, written by json-c.
  ///
  /// Object members keep their insertion order; `/` is not escaped. Doubles are written in
  /// their shortest round-trip form (`0.1`, `1e+20`); a non-finite double, which JSON cannot
  /// express, is written as `null`.
  public func serialized() -> String {
    String(decoding: serializedBytes(), as: UTF8.self)
  }

  /// The UTF-8 bytes of `serialized()`.
  public func serializedBytes() -> [UInt8] {
    let object = makeJSONC()
    defer { json_object_put(object) }
    var length = 0
    guard
      let text = json_object_to_json_string_length(
        object, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &length)
    else { return Array("null".utf8) }
    return Array(UnsafeRawBufferPointer(start: text, count: length))
  }

  /// A new json-c object tree for this value (the caller owns the reference).
  func makeJSONC() -> OpaquePointer? {
    switch self {
    case .null:
      return nil
    case .bool(let value):
      return json_object_new_boolean(value ? 1 : 0)
    case .int(let value):
      return json_object_new_int64(value)
    case .double(let value):
      guard value.isFinite else { return nil }
      return json_object_new_double_s(value, value.description)
    case .string(let value):
      var value = value
      return value.withUTF8 { buffer in
        json_object_new_string_len(
          UnsafeRawPointer(buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(
            to: CChar.self),
          Int32(buffer.count))
      }
    case .array(let elements):
      let array = json_object_new_array_ext(Int32(clamping: elements.count))
      for element in elements {
        json_object_array_add(array, element.makeJSONC())
      }
      return array
    case .object(let members):
      let object = json_object_new_object()
      for (key, value) in members {
        json_object_object_add_ex(
          object, key, value.makeJSONC(), UInt32(JSON_C_OBJECT_ADD_KEY_IS_NEW))
      }
      return object
    }
  }
}
