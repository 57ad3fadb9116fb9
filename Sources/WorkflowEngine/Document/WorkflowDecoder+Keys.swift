// Hot code: the key tables every object of a file is checked against. It keeps the rules of the
// paragraph at the top of `WorkflowDecoder.swift` (no copy or allocation per step that a plain
// reading would not make; see Docs/Performance.md).

import IntentKit
import StrictJSON

/// The keys the decoder accepts, where, with the JSON Schema of each: one table that
/// decoding checks files against and that ``WorkflowSchema`` is built from, so that the two
/// cannot drift apart.
extension WorkflowDecoder {
  /// A key of a workflow file: its name, and the schema of its value.
  struct Key: Sendable {
    var name: String
    var schema: JSONValue

    init(_ name: String, _ schema: [(key: String, value: JSONValue)]) {
      self.name = name
      self.schema = .object(schema)
    }
  }

  /// The format this version reads (`"format": 1`).
  static let format = 1
  /// The most passes of a `forEach` that may run at once.
  static let maximumConcurrency = 64
  /// The most retries a step may ask for.
  static let maximumRetries = 100

  static let topLevel: [Key] = [
    Key("name", [("type", "string"), ("minLength", 1)]),
    Key("description", [("type", "string")]),
    Key("inputs", [("type", "object"), ("additionalProperties", object(inputKeys))]),
    Key(
      "steps",
      [("type", "array"), ("minItems", 1), ("items", .object([("$ref", "#/$defs/step")]))]),
    Key("output", [("description", "The workflow's output; default: the last step's.")]),
    Key(
      "onFailure",
      [
        (
          "description",
          "Steps that run after the run failed, timed out or was cancelled; ${run} describes it."
        ),
        ("type", "array"), ("minItems", 1), ("items", .object([("$ref", "#/$defs/step")])),
      ]),
    Key(
      "schedule",
      [
        (
          "oneOf",
          [
            .object([("type", "string"), ("description", "A cron expression.")]),
            object(scheduleKeys, required: ["cron"]),
          ]
        )
      ]),
    Key(
      "phrases",
      [
        ("description", "Words that run it with 'intentflow say'; ${NAME} takes an input."),
        ("type", "array"), ("uniqueItems", true),
        ("items", .object([("type", "string"), ("minLength", 1)])),
      ]),
    Key("$schema", [("type", "string")]),
    Key("format", [("const", .integer(format))]),
  ]
  static let topLevelRequired = ["name", "steps"]

  static let inputKeys: [Key] = [
    Key("type", [("enum", .array(ValueType.keywords.map(JSONValue.string)))]),
    Key("default", []),
    Key("description", [("type", "string")]),
    Key(
      "secret",
      [("description", "Show the value as *** in history, logs and output."), ("type", "boolean")]),
    Key(
      "env",
      [
        ("description", "The environment variable that gives the value when the run gives none."),
        ("type", "string"),
      ]),
  ]

  /// The keys every step may have (``StepOption``, in table order).
  static let commonStepKeys: [Key] = StepOption.all.map(\.key)
  /// The names of the options only intent steps may have.
  static let intentOnlyKeys: [String] = StepOption.all.filter { $0.scope == .intentSteps }
    .map(\.name)

  static let stepsKey = Key("steps", [("type", "array"), ("items", stepReference)])
  static let loopVariableKey = Key("as", [("type", "string")])

  /// Every key a step of `kind` accepts, in the order messages list them.
  static func acceptedKeys(of kind: StepKind) -> [Key] {
    let definition = kind.definition
    let common = StepOption.all.filter { definition.takesIntentOptions || $0.scope == .everyStep }
    return common.map(\.key) + definition.keys
  }

  static let scheduleKeys: [Key] = [
    Key("cron", [("type", "string")]),
    Key("timezone", [("type", "string")]),
    Key("overlap", [("enum", enumeration(WorkflowSchedule.Overlap.self))]),
    Key("catchUp", [("enum", enumeration(WorkflowSchedule.CatchUp.self))]),
    Key("jitter", duration),
    Key(
      "inputs", [("description", "Values for the inputs of scheduled runs."), ("type", "object")]),
    Key(
      "yes",
      [("description", "Scheduled runs answer confirmations with yes."), ("type", "boolean")]),
  ]

  static let retryKeys: [Key] = [
    Key("count", [("type", "integer"), ("minimum", 0)]),
    Key("delay", duration),
    Key("backoff", [("enum", enumeration(RetryPolicy.Backoff.self))]),
    Key("maxDelay", duration),
    Key("jitter", [("type", "boolean")]),
    Key(
      "on",
      [
        ("type", "array"),
        (
          "items",
          .object([
            ("enum", .array(RetryPolicy.retriableKinds.map { .string($0.description) }))
          ])
        ),
      ]),
  ]

  // MARK: Schema fragments

  private static var duration: [(key: String, value: JSONValue)] {
    [
      ("description", "A duration: 30s, 5m, 1h30m, 250ms, or a number of seconds."),
      ("type", ["string", "number"]),
    ]
  }

  static var stepReference: JSONValue { .object([("$ref", "#/$defs/step")]) }

  /// An object schema that allows exactly `keys`.
  static func object(_ keys: [Key], required: [String] = []) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("type", "object")]
    if !required.isEmpty { members.append(("required", .array(required.map(JSONValue.string)))) }
    members.append(("additionalProperties", false))
    members.append(("properties", .object(keys.map { ($0.name, $0.schema) })))
    return .object(members)
  }

  private static func enumeration<Choice: CaseIterable & RawRepresentable<String>>(
    _: Choice.Type
  ) -> JSONValue {
    .array(Choice.allCases.map { .string($0.rawValue) })
  }
}
