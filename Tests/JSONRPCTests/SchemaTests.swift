import JSONRPC
import Testing

@Suite struct SchemaTests {
  static let sceneParams = Schema.object([
    .init("component", .string(minLength: 1, description: "Component name"), required: true),
    .init(
      "environment",
      .object([
        .init("width", .integer(minimum: 1, maximum: 10_000, default: 390)),
        .init("height", .integer(minimum: 1, maximum: 10_000, default: 844)),
        .init("scale", .number(minimum: 0.5, maximum: 4, default: 3)),
        .init("style", .string(enum: ["light", "dark"], default: "light")),
      ])),
    .init("tags", .array(.string(maxLength: 4), minItems: 1, maxItems: 3)),
    .init("verbose", .boolean(default: false)),
    .init("target", .oneOf([.string(), .integer(minimum: 0)])),
    .init("extra", .any()),
    .init("nothing", .null()),
  ])

  @Test func fillsDefaultsAtEveryLevel() throws {
    let params: JSON = ["component": "Counter", "environment": ["width": 100]]
    let validated = try Self.sceneParams.validate(params)
    #expect(
      validated == [
        "component": "Counter",
        "environment": ["width": 100, "height": 844, "scale": 3.0, "style": "light"],
        "verbose": false,
      ])
  }

  @Test func acceptsIntegralDoublesAsIntegers() throws {
    let validated = try Self.sceneParams.validate(["component": "C", "environment": ["width": 2.0]])
    #expect(validated["environment"]?["width"] == .int(2))
  }

  static let failures: [(JSON, String, String?)] = [
    ([:], "component: is required", "component"),
    (["component": 3], "component: expected string, got integer", "component"),
    (["component": ""], "component: must be at least 1 characters long", "component"),
    (
      ["component": "C", "environment": ["width": "wide"]],
      "environment.width: expected integer, got string", "environment.width"
    ),
    (
      ["component": "C", "environment": ["width": 0]], "environment.width: must be at least 1",
      "environment.width"
    ),
    (
      ["component": "C", "environment": ["width": 1.5]],
      "environment.width: expected integer, got number", "environment.width"
    ),
    (
      ["component": "C", "environment": ["scale": 9]], "environment.scale: must be at most 4.0",
      "environment.scale"
    ),
    (
      ["component": "C", "environment": ["style": "blue"]],
      "environment.style: must be one of \"light\", \"dark\"", "environment.style"
    ),
    (
      ["component": "C", "environment": ["depth": 1]], "environment.depth: is not a known member",
      "environment.depth"
    ),
    (
      ["component": "C", "environment": []], "environment: expected object, got array",
      "environment"
    ),
    (["component": "C", "tags": []], "tags: must have at least 1 items", "tags"),
    (["component": "C", "tags": ["a", "b", "c", "d"]], "tags: must have at most 3 items", "tags"),
    (
      ["component": "C", "tags": ["a", "toolong"]], "tags[1]: must be at most 4 characters long",
      "tags[1]"
    ),
    (["component": "C", "verbose": "yes"], "verbose: expected boolean, got string", "verbose"),
    (
      ["component": "C", "target": -1], "target: does not match any allowed form (got integer)",
      "target"
    ),
    (["component": "C", "nothing": 0], "nothing: expected null, got integer", "nothing"),
  ]

  @Test(arguments: failures)
  func reportsThePathOfTheBadField(_ params: JSON, _ message: String, _ field: String?) {
    #expect {
      try Self.sceneParams.validate(params)
    } throws: { error in
      guard let error = error as? RPCError else { return false }
      #expect(error.code == -32602)
      #expect(error.message == "Invalid params: \(message)")
      #expect(error.data == field.map { ["field": .string($0)] })
      return true
    }
  }

  @Test func oneOfNeedsExactlyOneMatch() throws {
    let schema = Schema.oneOf([.integer(), .number()])
    #expect(try schema.validate(1.5) == 1.5)
    #expect(throws: RPCError.self) { try schema.validate(1) }
  }

  @Test func rendersAsJSONSchema() {
    let rendered = Self.sceneParams.jsonSchema
    #expect(rendered["type"] == "object")
    #expect(rendered["required"] == ["component"])
    #expect(rendered["additionalProperties"] == false)
    #expect(
      rendered["properties"]?["component"] == [
        "type": "string", "minLength": 1, "description": "Component name",
      ])
    #expect(
      rendered["properties"]?["environment"]?["properties"]?["width"]
        == ["type": "integer", "minimum": 1, "maximum": 10_000, "default": 390])
    #expect(
      rendered["properties"]?["environment"]?["properties"]?["style"]?["enum"] == ["light", "dark"])
    #expect(
      rendered["properties"]?["tags"]
        == [
          "type": "array", "items": ["type": "string", "maxLength": 4], "minItems": 1,
          "maxItems": 3,
        ])
    #expect(rendered["properties"]?["target"]?["oneOf"]?.arrayValue?.count == 2)
    #expect(rendered["properties"]?["extra"] == [:])
    #expect(rendered["properties"]?["nothing"] == ["type": "null"])
    #expect(
      rendered.serialized().hasPrefix(
        #"{"type":"object","properties":{"component":{"type":"string""#))
  }
}
