import CJSONC

/// Parses JSON text into `JSON` values with json-c's strict grammar.
///
/// Text is read by `JSONTreeReader`, in Swift, which checks each token as the lexical pass
/// does; what it does not accept goes to that pass and then json-c's tokener, whose verdict
/// and message count. The tokener runs in strict mode with UTF-8 validation and a depth
/// limit; the lexical pass (`JSONLexicalCheck`) rejects what json-c's strict mode still lets
/// through (`NaN`, `Infinity`, leading zeros, raw control characters in strings, lone
/// surrogate escapes).
/// Integers beyond `Int64` become doubles rather than being clamped; numbers beyond the range
/// of `Double` are errors. Whitespace may follow the value; anything else is an error.
public struct JSONParser {
  /// Bounds on what the parser accepts.
  public struct Limits: Sendable {
    /// The deepest nesting of arrays and objects accepted (json-c counts the top level).
    public var maxDepth: Int
    /// The largest input, in bytes, accepted; checked before parsing starts.
    public var maxBytes: Int

    /// Limits with the given bounds (defaults: depth 64, 16 MiB).
    public init(maxDepth: Int = 64, maxBytes: Int = 16 << 20) {
      self.maxDepth = maxDepth
      self.maxBytes = maxBytes
    }
  }

  /// Parses one JSON value from `bytes`.
  public static func parse(_ bytes: UnsafeRawBufferPointer, limits: Limits = .init())
    throws(JSONParseError) -> JSON
  {
    try requireWithinLimits(bytes, limits)
    if let value = JSONTreeReader.read(bytes, maxDepth: limits.maxDepth) { return value }
    return try parseDeclined(bytes, limits: limits)
  }

  /// Throws unless `bytes` is within `limits.maxBytes` and the size json-c takes.
  static func requireWithinLimits(_ bytes: UnsafeRawBufferPointer, _ limits: Limits)
    throws(JSONParseError)
  {
    guard bytes.count <= limits.maxBytes else {
      throw JSONParseError(
        message: "input of \(bytes.count) bytes exceeds the limit of \(limits.maxBytes) bytes")
    }
    guard bytes.count < Int(Int32.max) else {
      throw JSONParseError(message: "input of \(bytes.count) bytes is too large")
    }
  }

  /// Parses `bytes`, within the limits, that `JSONTreeReader` declined. The reader takes only
  /// text the lexical pass would pass, so that pass runs only here: to word a lexical error,
  /// or to let json-c judge the rest.
  static func parseDeclined(_ bytes: UnsafeRawBufferPointer, limits: Limits)
    throws(JSONParseError) -> JSON
  {
    let check = try JSONLexicalCheck.run(bytes)
    if check.oversizedIntegers.isEmpty {
      // What the reader does not take, json-c judges (and words the error).
      return try parseChecked(bytes, limits: limits)
    }
    // Rare path: mark each out-of-range integer as a double ("…e0") so json-c keeps its value.
    var rewritten: [UInt8] = []
    rewritten.reserveCapacity(bytes.count + 2 * check.oversizedIntegers.count)
    var position = 0
    for range in check.oversizedIntegers {
      rewritten.append(contentsOf: bytes[position..<range.upperBound])
      rewritten.append(contentsOf: [UInt8(ascii: "e"), UInt8(ascii: "0")])
      position = range.upperBound
    }
    rewritten.append(contentsOf: bytes[position...])
    return try rewritten.withUnsafeBytes { buffer in
      Result { () throws(JSONParseError) in try parseChecked(buffer, limits: limits) }
    }.get()
  }

  /// Reads `bytes` as `parse` does, with the same errors, but a top-level object as a request:
  /// its envelope's members (`RequestEnvelope`), without building the object, and the members
  /// of its `params` named `payloadNames` as their text (`RequestEnvelope.payloads`), where
  /// that is quicker; text read the slow way keeps them in `params`. This is how the server
  /// reads each line it is sent.
  public static func parseMessage(
    _ bytes: UnsafeRawBufferPointer, limits: Limits = .init(), payloadNames: Set<String> = []
  ) throws(JSONParseError) -> JSONMessage {
    try requireWithinLimits(bytes, limits)
    if let message = JSONTreeReader.readMessage(
      bytes, maxDepth: limits.maxDepth, payloadNames: payloadNames)
    {
      return message
    }
    // Everything else (not well-formed, huge integers, what the fast reader declines) is
    // read whole, with `parse`'s verdict and message.
    switch try parseDeclined(bytes, limits: limits) {
    case .object(let object): return .request(RequestEnvelope(object))
    case let other: return .other(other)
    }
  }

  /// Parses one JSON value from `bytes`.
  public static func parse(_ bytes: [UInt8], limits: Limits = .init()) throws(JSONParseError)
    -> JSON
  {
    try bytes.withUnsafeBytes { buffer in
      Result { () throws(JSONParseError) in try parse(buffer, limits: limits) }
    }.get()
  }

  /// Parses one JSON value from the UTF-8 of `text`.
  public static func parse(_ text: String, limits: Limits = .init()) throws(JSONParseError) -> JSON
  {
    var text = text
    return try text.withUTF8 { buffer in
      Result { () throws(JSONParseError) in
        try parse(UnsafeRawBufferPointer(buffer), limits: limits)
      }
    }.get()
  }

  /// Parses `bytes` with json-c alone, after the lexical check: the reference the fast
  /// path is checked against.
  static func parseWithJSONC(_ bytes: UnsafeRawBufferPointer, limits: Limits = .init())
    throws(JSONParseError) -> JSON
  {
    let check = try JSONLexicalCheck.run(bytes)
    guard check.oversizedIntegers.isEmpty else { return try parse(bytes, limits: limits) }
    return try parseChecked(bytes, limits: limits)
  }

  private static func parseChecked(_ bytes: UnsafeRawBufferPointer, limits: Limits)
    throws(JSONParseError) -> JSON
  {
    guard let tokener = json_tokener_new_ex(Int32(clamping: max(1, limits.maxDepth))) else {
      throw JSONParseError(message: "out of memory")
    }
    defer { json_tokener_free(tokener) }
    json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)
    guard let base = bytes.baseAddress, !bytes.isEmpty else {
      throw JSONParseError(message: "empty input")
    }
    var terminator: CChar = 0
    var object = json_tokener_parse_ex(
      tokener, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count))
    var error = json_tokener_get_error(tokener)
    var end = json_tokener_get_parse_end(tokener)
    if object == nil && error == json_tokener_continue && !bytes.isEmpty {
      // A top-level number or literal is only complete once json-c sees what follows it.
      let consumed = end
      object = json_tokener_parse_ex(tokener, &terminator, 1)
      error = json_tokener_get_error(tokener)
      end = consumed
      if object == nil && error == json_tokener_continue {
        throw JSONParseError(message: "unexpected end of input at byte \(bytes.count)")
      }
    }
    if object == nil && error == json_tokener_success {
      // json-c represents a top-level `null` as a NULL object.
      try requireOnlyWhitespace(bytes, from: Int(end))
      return .null
    }
    guard let object else {
      if bytes.isEmpty || error == json_tokener_continue {
        throw JSONParseError(
          message: bytes.isEmpty ? "empty input" : "unexpected end of input at byte \(bytes.count)")
      }
      let detail = String(cString: json_tokener_error_desc(error))
      throw JSONParseError(message: "\(detail) at byte \(end)")
    }
    defer { json_object_put(object) }
    try requireOnlyWhitespace(bytes, from: Int(end))
    return try JSON(jsonC: object)
  }

  private static func requireOnlyWhitespace(_ bytes: UnsafeRawBufferPointer, from start: Int)
    throws(JSONParseError)
  {
    var index = start
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
      default:
        throw JSONParseError(message: "unexpected data after the JSON value at byte \(index)")
      }
    }
  }
}

extension JSON {
  /// Converts a json-c object tree.
  init(jsonC object: OpaquePointer?) throws(JSONParseError) {
    guard let object else {
      self = .null
      return
    }
    switch json_object_get_type(object) {
    case json_type_null:
      self = .null
    case json_type_boolean:
      self = .bool(json_object_get_boolean(object) != 0)
    case json_type_int:
      // The lexical check turns integers beyond Int64 into doubles, so none is clamped here.
      self = .int(json_object_get_int64(object))
    case json_type_double:
      let value = json_object_get_double(object)
      guard value.isFinite else {
        throw JSONParseError(message: "number out of range of a 64-bit double")
      }
      self = .double(value)
    case json_type_string:
      let length = Int(json_object_get_string_len(object))
      let pointer = UnsafeRawPointer(json_object_get_string(object)!)
      self = .string(
        String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self))
    case json_type_array:
      let count = json_object_array_length(object)
      var elements: [JSON] = []
      elements.reserveCapacity(count)
      for index in 0..<count {
        elements.append(try JSON(jsonC: json_object_array_get_idx(object, index)))
      }
      self = .array(elements)
    case json_type_object:
      var members = JSONObject()
      var iterator = json_object_iter_begin(object)
      var end = json_object_iter_end(object)
      while json_object_iter_equal(&iterator, &end) == 0 {
        let name = String(cString: json_object_iter_peek_name(&iterator))
        members[name] = try JSON(jsonC: json_object_iter_peek_value(&iterator))
        json_object_iter_next(&iterator)
      }
      self = .object(members)
    default:
      throw JSONParseError(message: "unsupported json-c value type")
    }
  }
}
