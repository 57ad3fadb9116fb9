import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("json.parse and json.encode")
struct JSONTests {
  let harness = DataHarness()

  @Test("JSON becomes dictionaries, lists, numbers, text, booleans and null")
  func parse() async throws {
    let output = try await harness.output(
      "json.parse",
      [
        "input": .text(
          #"{"name": "Ada", "age": 36, "pi": 3.14, "ok": true, "tags": ["x"], "none": null}"#)
      ])
    #expect(
      output
        == .dictionary([
          "name": .text("Ada"), "age": .integer(36), "pi": .number(3.14), "ok": .boolean(true),
          "tags": .texts("x"), "none": .null,
        ]))
  }

  @Test(
    "any JSON value may be at the top",
    arguments: [
      ("[1, 2]", Value.integers(1, 2)), ("42", .integer(42)), (#""hi""#, .text("hi")),
      ("false", .boolean(false)), ("null", .null),
    ])
  func scalars(text: String, value: Value) async throws {
    #expect(try await harness.output("json.parse", ["input": .text(text)]) == value)
  }

  @Test("bad JSON fails naming the line and column")
  func bad() async throws {
    let error = try #require(
      await harness.error("json.parse", ["input": .text("{\n  \"a\": 1,\n}")]))
    #expect(error.code == .failed)
    #expect(
      error.message.hasSuffix(
        "the text is not valid JSON: line 2, column 9: trailing comma before '}'; remove it"))
  }

  @Test("encode writes compact JSON with sorted keys, or indented with pretty")
  func encode() async throws {
    let value = Value.dictionary(["b": .integers(1, 2), "a": .text("x")])
    #expect(
      try await harness.output("json.encode", ["input": value])
        == .text(#"{"a":"x","b":[1,2]}"#))
    #expect(
      try await harness.output("json.encode", ["input": value, "pretty": .boolean(true)])
        == .text("{\n  \"a\": \"x\",\n  \"b\": [\n    1,\n    2\n  ]\n}"))
  }

  @Test("encode then parse gives the value back")
  func roundTrip() async throws {
    let value = Value.dictionary(["list": .list([.integer(1), .number(2.5), .null, .text("é\n")])])
    let text = try await harness.output("json.encode", ["input": value])
    #expect(try await harness.output("json.parse", ["input": text]) == value)
  }
}
