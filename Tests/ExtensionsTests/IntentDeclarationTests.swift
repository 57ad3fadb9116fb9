import Extensions
import IntentKit
import StrictJSON
import Testing

@Suite("Tools and their JSON Schemas as intents")
struct IntentDeclarationTests {
  private func tool(_ json: String) throws -> IntentDeclaration {
    try IntentDeclaration(mcpTool: JSONParser.parse(json).plainValue, extension: "x")
  }

  @Test("each JSON Schema type becomes a value type; required ones are not optional")
  func types() throws {
    let declaration = try tool(
      """
      { "name": "t", "inputSchema": { "type": "object", "required": ["s", "tags"],
        "properties": {
          "s": { "type": "string", "description": "A text." },
          "n": { "type": "number" }, "i": { "type": "integer", "default": 3 },
          "b": { "type": "boolean" }, "tags": { "type": "array", "items": { "type": "string" } },
          "o": { "type": "object", "properties": { "k": { "type": "string" } } },
          "e": { "type": "string", "enum": ["a", "b"] },
          "when": { "type": "string", "format": "date-time" },
          "maybe": { "type": ["integer", "null"] } } } }
      """)
    let parameters = declaration.parameters()
    #expect(parameters.map(\.name) == ["s", "n", "i", "b", "tags", "o", "e", "when", "maybe"])
    #expect(
      parameters.map(\.type) == [
        .text, .number, .integer, .boolean, .list(.text), .dictionary, .text, .date, .integer,
      ])
    #expect(
      parameters.map(\.isOptional) == [false, true, true, true, false, true, true, true, true])
    #expect(parameters[0].description == "A text.")
    #expect(parameters[2].defaultValue == .integer(3))
    #expect(parameters[6].allowedValues == ["a", "b"])
    #expect(parameters[6].description == "one of 'a', 'b'")
    #expect(parameters.filter(\.isInput).isEmpty, "two required parameters: no implicit input")
  }

  @Test("anyOf with a null branch is an optional value of the other branch's type")
  func anyOfNull() throws {
    let declaration = try tool(
      """
      { "name": "log", "inputSchema": { "type": "object", "required": ["since"],
        "properties": { "since": { "anyOf": [{ "type": "string" }, { "type": "null" }],
                                   "default": null },
                        "either": { "oneOf": [{ "type": "string" }, { "type": "integer" }] } } } }
      """)
    let parameters = declaration.parameters()
    #expect(parameters.map(\.type) == [.text, .any])
    #expect(parameters.map(\.isOptional) == [true, true])
    #expect(parameters[0].defaultValue == nil)
  }

  @Test("destructiveHint asks for confirmation; outputSchema makes the output a dictionary")
  func annotations() throws {
    let destructive = try tool(
      #"{ "name": "rm", "annotations": { "destructiveHint": true }, "inputSchema": {} }"#)
    #expect(destructive.isDestructive)
    #expect(destructive.outputType == .text)
    let structured = try tool(
      #"{ "name": "get", "inputSchema": {}, "outputSchema": { "type": "object" } }"#)
    #expect(!structured.isDestructive)
    #expect(structured.outputType == .dictionary)
  }

  @Test("a tool without a name is refused with the extension's name")
  func noName() {
    #expect(throws: ExtensionError("extension 'x' lists a tool without a name")) {
      try IntentDeclaration(mcpTool: .object([]), extension: "x")
    }
  }
}
