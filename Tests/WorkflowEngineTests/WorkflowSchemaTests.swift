import IntentKit
import StrictJSON
import Testing
import WorkflowEngine

/// The schema and the decoder must accept the same keys: each test adds one key at a time to
/// a minimal valid object and checks that the decoder accepts it exactly when the schema lists
/// it. Keys are drawn from every place in the schema, so a key allowed in one place and not in
/// another (`timeout` on a `forEach`) is tried in both.
@Suite("The JSON Schema agrees with the decoder")
struct WorkflowSchemaTests {
  static let schema = WorkflowSchema.document(for: TestIntents.registry)

  /// A valid value for each key, wherever it is allowed.
  static let samples: [String: String] = [
    "name": #""n""#, "description": #""d""#, "inputs": "{}", "output": #""x""#,
    "schedule": #""0 7 * * *""#, "$schema": #""s""#, "format": "1",
    "type": #""text""#, "default": #""x""#,
    "id": #""s""#, "if": "true", "timeout": #""1s""#, "retry": "1", "onError": #""continue""#,
    "confirm": "true", "intent": #""test.echo""#, "parameters": "{}", "forEach": "[1]",
    "as": #""x""#, "steps": step, "then": step, "else": step, "repeat": "2",
    "workflow": #""w.json""#, "cron": #""0 7 * * *""#, "timezone": #""UTC""#,
    "overlap": #""skip""#, "catchUp": #""none""#, "jitter": #""1s""#, "count": "1",
    "delay": #""1s""#, "bogus": "1", "phrases": #"["Go now"]"#,
  ]
  static let step = #"[{ "intent": "test.echo" }]"#

  /// Every key the schema names anywhere, and one it names nowhere.
  static var allKeys: [String] {
    var keys = Set<String>(["bogus"])
    func visit(_ value: JSONValue) {
      switch value {
      case .object(let members):
        for member in members {
          if member.key == "properties", case .object(let properties) = member.value,
            !properties.contains(where: { $0.key == "intent" && isConst($0.value) })
          {
            keys.formUnion(properties.map(\.key).filter { samples[$0] != nil })
          }
          visit(member.value)
        }
      case .array(let items): items.forEach(visit)
      default: break
      }
    }
    visit(schema)
    return keys.sorted()
  }

  static func isConst(_ value: JSONValue) -> Bool {
    if case .object(let members) = value { return members.contains { $0.key == "const" } }
    return false
  }

  static func member(_ value: JSONValue, _ key: String) -> JSONValue? {
    guard case .object(let members) = value else { return nil }
    return members.first { $0.key == key }?.value
  }

  static func names(_ value: JSONValue?) -> [String] {
    switch value {
    case .object(let members)?: return members.map(\.key)
    case .array(let items)?:
      return items.compactMap { if case .string(let s) = $0 { s } else { nil } }
    default: return []
    }
  }

  /// The object schemas of the step kinds, with an intent step's `allOf` unwrapped.
  static var stepSchemas: [JSONValue] {
    guard let step = member(member(schema, "$defs") ?? .null, "step"),
      case .array(let kinds)? = member(step, "oneOf")
    else { return [] }
    return kinds.map { kind in
      if case .array(let parts)? = member(kind, "allOf"), let first = parts.first { return first }
      return kind
    }
  }

  /// An object with `required` keys, and `extra` if given, each with its sample value.
  static func object(_ required: [String], adding extra: String? = nil) -> String {
    let keys = required + (extra.map { [$0] } ?? [])
    return "{ " + keys.map { "\"\($0)\": \(samples[$0] ?? "1")" }.joined(separator: ", ") + " }"
  }

  /// Decoding problems of a workflow whose first step is `step`.
  static func problems(step: String) -> [String] {
    Harness.decodeDiagnostics(#"{ "name": "n", "steps": [\#(step)] }"#)
  }

  @Test("each step kind accepts exactly the keys its schema lists")
  func stepKeys() {
    let kinds = Self.stepSchemas
    #expect(kinds.count == 5)
    for kind in kinds {
      let properties = Set(Self.names(Self.member(kind, "properties")))
      let required = Self.names(Self.member(kind, "required"))
      #expect(Self.problems(step: Self.object(required)).isEmpty, "\(required)")
      for key in Self.allKeys where !required.contains(key) {
        let problems = Self.problems(step: Self.object(required, adding: key))
        #expect(
          problems.isEmpty == properties.contains(key),
          "a step with \(required) and '\(key)': schema \(properties.contains(key)), \(problems)")
      }
    }
  }

  @Test("the top level, inputs, schedules and retries accept exactly the keys the schema lists")
  func otherKeys() {
    let properties = Self.member(Self.schema, "properties") ?? .null
    let topLevel = Set(Self.names(properties))
    for key in Self.allKeys where !["name", "steps"].contains(key) {
      let json = Self.object(["name", "steps"], adding: key)
      #expect(
        Harness.decodeDiagnostics(json).isEmpty == topLevel.contains(key), "top level '\(key)'")
    }
    let input = Self.member(Self.member(properties, "inputs") ?? .null, "additionalProperties")
    let inputKeys = Set(Self.names(Self.member(input ?? .null, "properties")))
    #expect(inputKeys == ["type", "default", "description", "secret", "env"])
    for key in Self.allKeys {
      let json =
        #"{ "name": "n", "inputs": { "a": \#(Self.object([], adding: key)) }, "steps": \#(Self.step) }"#
      #expect(Harness.decodeDiagnostics(json).isEmpty == inputKeys.contains(key), "input '\(key)'")
    }
    guard
      case .array(let forms)? = Self.member(Self.member(properties, "schedule") ?? .null, "oneOf"),
      forms.count == 2
    else {
      Issue.record("the schedule is a string or an object")
      return
    }
    let scheduleKeys = Set(Self.names(Self.member(forms[1], "properties")))
    for key in Self.allKeys where key != "cron" {
      let json =
        #"{ "name": "n", "schedule": \#(Self.object(["cron"], adding: key)), "steps": \#(Self.step) }"#
      #expect(
        Harness.decodeDiagnostics(json).isEmpty == scheduleKeys.contains(key), "schedule '\(key)'")
    }
  }

  @Test("the schema's enums are the values the decoder accepts")
  func enums() {
    let kinds = Self.stepSchemas
    // `onError` is one of the policies, or a list of fallback steps.
    let onErrorSchema =
      Self.member(kinds[0], "properties").flatMap { Self.member($0, "onError") } ?? .null
    guard case .array(let choices)? = Self.member(onErrorSchema, "oneOf"),
      let policies = choices.first
    else {
      Issue.record("onError has no oneOf: \(onErrorSchema)")
      return
    }
    #expect(Self.member(choices.last ?? .null, "type") == .string("array"))
    let onError = Self.names(Self.member(policies, "enum"))
    #expect(onError == ["fail", "continue"])
    for value in onError + ["sometimes"] {
      let problems = Self.problems(step: #"{ "intent": "x", "onError": "\#(value)" }"#)
      #expect(problems.isEmpty == (value != "sometimes"))
    }
    let properties = Self.member(Self.schema, "properties") ?? .null
    guard
      case .array(let forms)? = Self.member(Self.member(properties, "schedule") ?? .null, "oneOf"),
      let schedule = Self.member(forms[1], "properties")
    else {
      Issue.record("the schedule is a string or an object")
      return
    }
    for key in ["overlap", "catchUp"] {
      let values = Self.names(Self.member(Self.member(schedule, key) ?? .null, "enum"))
      #expect(!values.isEmpty)
      for value in values + ["sometimes"] {
        let json =
          #"{ "name": "n", "schedule": { "cron": "* * * * *", "\#(key)": "\#(value)" }, "steps": \#(Self.step) }"#
        #expect(
          Harness.decodeDiagnostics(json).isEmpty == (value != "sometimes"), "\(key) \(value)")
      }
    }
  }

  @Test("an intent step's parameters are those of the intent it names")
  func intentParameters() throws {
    let step = try #require(Self.member(Self.member(Self.schema, "$defs") ?? .null, "step"))
    guard case .array(let kinds)? = Self.member(step, "oneOf"),
      case .array(let parts)? = Self.member(kinds[0], "allOf")
    else {
      Issue.record("an intent step is all of the step's shape and one rule an intent")
      return
    }
    let intents = TestIntents.registry.intents
    #expect(parts.count == 1 + intents.count)
    for (intent, rule) in zip(intents, parts.dropFirst()) {
      let parameters = Self.member(rule, "then")
        .flatMap { Self.member($0, "properties") }.flatMap { Self.member($0, "parameters") }
      #expect(
        Self.names(parameters.flatMap { Self.member($0, "properties") })
          == intent.parameters.map(\.name), "\(intent.identifier)")
    }
  }
}
