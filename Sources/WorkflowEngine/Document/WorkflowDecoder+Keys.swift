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

  /// A kind of step, made so by one key (`intent`, `forEach`, `then`, `repeat`, `workflow`).
  struct StepKind: Sendable {
    /// The key whose presence makes a step this kind.
    var marker: String
    /// How messages name the kind (a branch is marked by `then` but called an `if` step).
    var name: String
    /// The kind's own keys, the marker first.
    var keys: [Key]
    /// The keys a step of this kind must have.
    var required: [String]

    /// `a` or `an`, for messages.
    var article: String { ["intent", "if"].contains(name) ? "an" : "a" }
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

  /// The keys every step may have; ``intentOnlyKeys`` among them only on intent steps.
  static let commonStepKeys: [Key] = [
    Key(
      "id",
      [
        ("type", "string"), ("pattern", "^[A-Za-z_][A-Za-z0-9_-]*$"),
        ("description", "A unique name; later steps refer to the output as ${ID}."),
      ]),
    Key(
      "if",
      [
        ("type", ["string", "boolean"]),
        ("description", "Run only when this condition is true."),
      ]),
    Key(
      "timeout",
      [
        ("description", "The limit on the step's handle phase (default 30s), or \"none\"."),
        ("type", ["string", "number"]),
      ]),
    Key(
      "retry",
      [
        ("description", "Retries after a failure or timeout: a count or {count, delay}."),
        (
          "oneOf",
          [
            .object([
              ("type", "integer"), ("minimum", 0), ("maximum", .integer(maximumRetries)),
            ]),
            object(retryKeys),
          ]
        ),
      ]),
    Key(
      "onError",
      [
        (
          "oneOf",
          .array([
            .object([("enum", enumeration(StepOptions.ErrorPolicy.self))]),
            .object([("type", "array"), ("items", stepReference)]),
          ])
        )
      ]),
    Key("confirm", [("type", "boolean")]),
    Key("description", [("type", "string")]),
  ]
  static let intentOnlyKeys: Set<String> = ["timeout", "retry", "confirm"]

  private static let stepsKey = Key("steps", [("type", "array"), ("items", stepReference)])
  private static let loopVariableKey = Key("as", [("type", "string")])

  static let stepKinds: [StepKind] = [
    StepKind(
      marker: "intent", name: "intent",
      keys: [
        Key("intent", [("description", "The intent to run; 'intentflow intents' lists them.")]),
        Key("parameters", [("type", "object")]),
      ], required: ["intent"]),
    StepKind(
      marker: "forEach", name: "forEach",
      keys: [
        Key("forEach", [("description", "The list to run the steps for.")]),
        loopVariableKey, stepsKey,
        Key(
          "where",
          [
            ("description", "Keep only the items for which this condition is true."),
            ("type", ["string", "boolean"]),
          ]),
        Key(
          "index", [("description", "The name of the pass number, from 1."), ("type", "string")]),
        Key(
          "concurrency",
          [
            ("description", "How many passes may run at once."), ("type", "integer"),
            ("minimum", 1), ("maximum", .number(Double(maximumConcurrency))),
          ]),
      ], required: ["forEach", "steps"]),
    StepKind(
      marker: "then", name: "if",
      keys: [
        Key("then", [("type", "array"), ("items", stepReference)]),
        Key("else", [("type", "array"), ("items", stepReference)]),
      ], required: ["if", "then"]),
    StepKind(
      marker: "repeat", name: "repeat",
      keys: [Key("repeat", [("type", ["integer", "string"])]), loopVariableKey, stepsKey],
      required: ["repeat", "steps"]),
    StepKind(
      marker: "workflow", name: "workflow",
      keys: [Key("workflow", [("type", "string")]), Key("inputs", [("type", "object")])],
      required: ["workflow"]),
  ]

  /// Every key a step of `kind` accepts, in the order messages list them.
  static func acceptedKeys(of kind: StepKind) -> [Key] {
    let common =
      kind.marker == "intent"
      ? commonStepKeys : commonStepKeys.filter { !intentOnlyKeys.contains($0.name) }
    return common + kind.keys
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

  private static var stepReference: JSONValue { .object([("$ref", "#/$defs/step")]) }

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
