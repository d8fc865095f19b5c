// (plugins) Interim JSON parsing and serializing with the API of CONTRACTS.md, so that the
// plugins branch builds and tests before branch `jsonrpc` lands. When merging `jsonrpc`,
// delete this file: its JSONParser and JSON.serialized() replace everything here.

import CJSONC

/// Parses JSON text through json-c (interim; see the note at the top of the file).
public struct JSONParser {
  /// Bounds on what a parse accepts.
  public struct Limits: Sendable {
    /// The deepest nesting accepted.
    public var maxDepth: Int
    /// The largest input accepted, in bytes.
    public var maxBytes: Int
    /// Limits with the given bounds.
    public init(maxDepth: Int = 64, maxBytes: Int = 16 << 20) {
      self.maxDepth = maxDepth
      self.maxBytes = maxBytes
    }
  }

  /// Parses one JSON text.
  public static func parse(_ bytes: [UInt8], limits: Limits = .init()) throws(JSONParseError)
    -> JSON
  {
    guard bytes.count <= limits.maxBytes else {
      throw JSONParseError(message: "input of \(bytes.count) bytes exceeds \(limits.maxBytes)")
    }
    guard let tokener = json_tokener_new_ex(Int32(limits.maxDepth)) else {
      throw JSONParseError(message: "out of memory")
    }
    defer { json_tokener_free(tokener) }
    guard !bytes.isEmpty else { throw JSONParseError(message: "empty input") }
    let object = bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        json_tokener_parse_ex(tokener, $0.baseAddress!, Int32($0.count))
      }
    }
    let status = json_tokener_get_error(tokener)
    guard status == json_tokener_success else {
      if let object { json_object_put(object) }
      let reason =
        status == json_tokener_continue
        ? "unexpected end of input" : String(cString: json_tokener_error_desc(status))
      throw JSONParseError(message: reason)
    }
    defer { json_object_put(object) }
    guard
      Int(json_tokener_get_parse_end(tokener)) == bytes.count
        || bytes[Int(json_tokener_get_parse_end(tokener))...].allSatisfy({
          [0x20, 0x09, 0x0a, 0x0d].contains($0)
        })
    else { throw JSONParseError(message: "trailing characters after the JSON text") }
    return convert(object)
  }

  /// Parses one JSON text.
  public static func parse(_ text: String, limits: Limits = .init()) throws(JSONParseError) -> JSON
  {
    try parse(Array(text.utf8), limits: limits)
  }

  private static func convert(_ object: OpaquePointer?) -> JSON {
    guard let object else { return .null }
    switch json_object_get_type(object) {
    case json_type_null: return .null
    case json_type_boolean: return .bool(json_object_get_boolean(object) != 0)
    case json_type_int: return .int(json_object_get_int64(object))
    case json_type_double: return .double(json_object_get_double(object))
    case json_type_string:
      let length = Int(json_object_get_string_len(object))
      let start = UnsafeRawPointer(json_object_get_string(object)!)
      return .string(
        String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self))
    case json_type_array:
      let count = json_object_array_length(object)
      return .array((0..<count).map { convert(json_object_array_get_idx(object, $0)) })
    case json_type_object:
      var members = JSONObject()
      var entry = json_object_get_object(object)?.pointee.head
      while let current = entry {
        let key = String(cString: current.pointee.k.assumingMemoryBound(to: CChar.self))
        members[key] = convert(OpaquePointer(current.pointee.v))
        entry = current.pointee.next
      }
      return .object(members)
    default: return .null
    }
  }
}

/// Why a JSON text could not be parsed.
public struct JSONParseError: Error, Sendable, CustomStringConvertible {
  /// What is wrong.
  public var message: String
  /// The message.
  public var description: String { message }
}

extension JSON {
  /// Compact one-line JSON text.
  public func serialized() -> String {
    var out = ""
    write(to: &out)
    return out
  }

  /// Compact one-line JSON text as UTF-8 bytes.
  public func serializedBytes() -> [UInt8] { Array(serialized().utf8) }

  private func write(to out: inout String) {
    switch self {
    case .null: out += "null"
    case .bool(let value): out += value ? "true" : "false"
    case .int(let value): out += String(value)
    case .double(let value): out += value.isFinite ? "\(value)" : "null"
    case .string(let value): JSON.writeString(value, to: &out)
    case .array(let elements):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += "," }
        element.write(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      var first = true
      for (key, value) in members {
        if !first { out += "," }
        first = false
        JSON.writeString(key, to: &out)
        out += ":"
        value.write(to: &out)
      }
      out += "}"
    }
  }

  private static func writeString(_ value: String, to out: inout String) {
    out += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
