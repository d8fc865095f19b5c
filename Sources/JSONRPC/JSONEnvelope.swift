/// A JSON message read with some of its payload members left as text: the envelope is a
/// tree (the few members the reader acts on), the payloads are `RawJSON` to pass on.
///
/// A relay uses it for messages whose bulk it forwards and never looks into, such as a
/// scene host's ops and trees: checking that text is well-formed costs a scan, building
/// its tree would cost an allocation per value.
public struct JSONEnvelope: Sendable {
  /// The message without its payload members.
  public var value: JSON
  /// The payload members taken out of `value`, by name.
  public var payloads: RawJSONMembers

  /// The envelope of `value`, whose members named `payloads` are held apart as text.
  public init(value: JSON, payloads: RawJSONMembers = [:]) {
    self.value = value
    self.payloads = payloads
  }

  /// Reads `bytes` as `JSONParser.parse` does, except that the members named in
  /// `payloadNames` of every object `depth` containers deep (the top-level object is 1 deep,
  /// its object members 2) are checked and kept as their text instead of being built into
  /// `value`. Text the fast reader does not take is parsed whole and its payload members
  /// written back to text, so the result is the same either way.
  public static func read(
    _ bytes: UnsafeRawBufferPointer, payloadNames: Set<String>, depth: Int = 2,
    limits: JSONParser.Limits = .init()
  ) throws(JSONParseError) -> JSONEnvelope {
    try JSONParser.requireWithinLimits(bytes, limits)
    if let read = JSONTreeReader.read(
      bytes, maxDepth: limits.maxDepth, keeping: payloadNames, atDepth: depth)
    {
      return JSONEnvelope(value: read.value, payloads: read.kept)
    }
    return JSONEnvelope(
      splitting: try JSONParser.parseDeclined(bytes, limits: limits), payloadNames: payloadNames,
      depth: depth)
  }

  /// The envelope of a parsed `value`: its payload members written back to text.
  private init(splitting value: JSON, payloadNames: Set<String>, depth: Int) {
    var payloads: RawJSONMembers = [:]
    func split(_ value: JSON, level: Int) -> JSON {
      if case .array(let elements) = value, level < depth {
        return .array(elements.map { split($0, level: level + 1) })
      }
      guard case .object(let members) = value else { return value }
      guard level < depth else {
        guard level == depth else { return value }
        var kept = JSONObject()
        for (name, member) in members {
          if payloadNames.contains(name) {
            payloads[name] = RawJSON(member)
          } else {
            kept[name] = member
          }
        }
        return .object(kept)
      }
      var rebuilt = JSONObject()
      for (name, member) in members { rebuilt[name] = split(member, level: level + 1) }
      return .object(rebuilt)
    }
    self.init(value: split(value, level: 1), payloads: payloads)
  }
}
