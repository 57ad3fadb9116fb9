import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("The data intents follow DESIGN section 7")
struct DataIntentsContractTests {
  let registry = StandardIntents.registry

  /// Identifier, the parameters DESIGN lists (in its order, first), the input parameter
  /// (`input`, else the first listed, none for `date.now` and `math.random`), and the output.
  static let contract: [(IntentIdentifier, [String], String?, String)] = [
    ("text.compose", ["text"], "text", "text"),
    ("text.uppercase", ["input"], "input", "text"),
    ("text.lowercase", ["input"], "input", "text"),
    ("text.titlecase", ["input"], "input", "text"),
    ("text.trim", ["input"], "input", "text"),
    ("text.split", ["input", "separator"], "input", "list of text"),
    ("text.join", ["input", "separator"], "input", "text"),
    ("text.replace", ["input", "find", "replacement", "regex", "caseSensitive"], "input", "text"),
    ("text.match", ["input", "pattern"], "input", "list of text"),
    ("text.hash", ["input", "algorithm"], "input", "text"),
    ("text.base64Encode", ["input"], "input", "text"),
    ("text.base64Decode", ["input"], "input", "text"),
    ("text.urlEncode", ["input"], "input", "text"),
    ("math.calculate", ["a", "operation", "b"], "a", "number"),
    ("math.round", ["input", "places", "mode"], "input", "number"),
    ("math.random", ["min", "max"], nil, "integer"),
    ("math.statistics", ["input", "operation"], "input", "number"),
    ("number.format", ["input", "decimals", "grouping"], "input", "text"),
    ("list.count", ["input"], "input", "integer"),
    ("list.item", ["input", "index"], "input", "any value"),
    ("list.slice", ["input", "start", "count"], "input", "list"),
    ("list.sort", ["input", "by", "descending"], "input", "list"),
    ("list.unique", ["input"], "input", "list"),
    ("list.reverse", ["input"], "input", "list"),
    ("list.combine", ["input", "with"], "input", "list"),
    ("list.random", ["input"], "input", "any value"),
    ("dict.get", ["input", "key"], "input", "any value"),
    ("dict.set", ["input", "key", "value"], "input", "dictionary"),
    ("dict.keys", ["input"], "input", "list of text"),
    ("dict.values", ["input"], "input", "list"),
    ("dict.merge", ["input", "with"], "input", "dictionary"),
    ("json.parse", ["input"], "input", "any value"),
    ("json.encode", ["input", "pretty"], "input", "text"),
    ("date.now", [], nil, "date"),
    ("date.adjust", ["date", "amount", "unit"], "date", "date"),
    ("date.startOf", ["date", "unit"], "date", "date"),
    ("date.format", ["date", "format", "timezone"], "date", "text"),
    ("date.parse", ["input", "format", "timezone"], "input", "date"),
    ("date.between", ["start", "end", "unit"], "start", "integer"),
  ]

  @Test("each intent has the documented parameters, input and output", arguments: contract)
  func declared(
    identifier: IntentIdentifier, parameters: [String], input: String?, output: String
  ) throws {
    let intent = try #require(registry.intent(identifier))
    #expect(Array(intent.parameters.map(\.name).prefix(parameters.count)) == parameters)
    #expect(intent.inputParameter?.name == input)
    #expect(intent.outputType.description == output)
    #expect(!intent.title.isEmpty)
    #expect(!intent.description.isEmpty)
    #expect(intent.parameterSummary != nil)
    for parameter in intent.parameters {
      #expect(!parameter.title.isEmpty, "\(identifier) \(parameter.name)")
    }
  }

  @Test(
    "the documented defaults",
    arguments: [
      ("text.join", "separator", Value.text("\n")), ("text.replace", "replacement", .text("")),
      ("text.replace", "regex", .boolean(false)), ("text.replace", "caseSensitive", .boolean(true)),
      ("text.hash", "algorithm", .text("sha256")), ("math.round", "mode", .text("nearest")),
      ("number.format", "decimals", .integer(2)), ("number.format", "grouping", .boolean(false)),
      ("list.sort", "descending", .boolean(false)), ("json.encode", "pretty", .boolean(false)),
      ("date.format", "format", .text("iso8601")), ("date.parse", "format", .text("iso8601")),
      ("date.between", "unit", .text("days")), ("date.startOf", "unit", .text("day")),
    ] as [(IntentIdentifier, String, Value)])
  func defaults(identifier: IntentIdentifier, parameter: String, value: Value) throws {
    let intent = try #require(registry.intent(identifier))
    #expect(intent.parameter(named: parameter)?.defaultValue == value)
  }

  @Test(
    "parameters are typed, so that the planner checks them before the run",
    arguments: [
      ("dict.get", "key", ValueType.text), ("dict.set", "value", .any),
      ("list.item", "index", .integer),
      ("date.adjust", "amount", .integer), ("math.calculate", "b", .number),
      ("math.statistics", "input", .list(.number)), ("date.between", "end", .date),
      ("text.join", "input", .list(.any)), ("dict.merge", "with", .dictionary),
    ] as [(IntentIdentifier, String, ValueType)])
  func types(identifier: IntentIdentifier, parameter: String, type: ValueType) throws {
    let intent = try #require(registry.intent(identifier))
    #expect(intent.parameter(named: parameter)?.type == type)
  }

  @Test("list.slice's count runs to the end when unset")
  func sliceCount() throws {
    let count = try #require(registry.intent("list.slice")?.parameter(named: "count"))
    #expect(count.isOptional)
    #expect(count.defaultValue == nil)
  }
}
