import IntentKit
import StrictJSON

/// A key that steps of every kind share: `id`, `if`, `timeout`, `retry`, `onError`, `confirm`,
/// `description`.
///
/// This is the one table of them. The key check (`WorkflowDecoder+StepKeys.swift`), the
/// decoder (`WorkflowDecoder+Options.swift` and `decodeStep`, which switch over every case),
/// the JSON Schema and the keyword reference in `Docs/WorkflowFormat.md` all read it, so an
/// option cannot be accepted without being decoded. Its order is the order messages list the
/// keys in, and the order options are decoded and reported in.
enum StepOption: Int, CaseIterable, Sendable {
  case id, condition, timeout, retry, onError, confirm, description

  /// Which steps may have an option.
  enum Scope: Sendable {
    /// Every kind of step.
    case everyStep
    /// Intent steps only: on a block it is an error that says to set it on the steps inside.
    case intentSteps
  }

  /// Every option, in table order, read once.
  static let all: [StepOption] = allCases

  /// The key in a workflow file.
  var name: String {
    switch self {
    case .id: "id"
    case .condition: "if"
    case .timeout: "timeout"
    case .retry: "retry"
    case .onError: "onError"
    case .confirm: "confirm"
    case .description: "description"
    }
  }

  var scope: Scope {
    switch self {
    case .timeout, .retry, .confirm: .intentSteps
    case .id, .condition, .onError, .description: .everyStep
    }
  }

  /// Whether the engine reads nothing from the option (it is for the reader of the file).
  var isIgnored: Bool { self == .description }

  /// The key with the JSON Schema of its value.
  var key: WorkflowDecoder.Key {
    switch self {
    case .id:
      WorkflowDecoder.Key(
        name,
        [
          ("type", "string"), ("pattern", "^[A-Za-z_][A-Za-z0-9_-]*$"),
          ("description", "A unique name; later steps refer to the output as ${ID}."),
        ])
    case .condition:
      WorkflowDecoder.Key(
        name,
        [
          ("type", ["string", "boolean"]),
          ("description", "Run only when this condition is true."),
        ])
    case .timeout:
      WorkflowDecoder.Key(
        name,
        [
          ("description", "The limit on the step's handle phase (default 30s), or \"none\"."),
          ("type", ["string", "number"]),
        ])
    case .retry:
      WorkflowDecoder.Key(
        name,
        [
          ("description", "Retries after a failure or timeout: a count or {count, delay}."),
          (
            "oneOf",
            [
              .object([
                ("type", "integer"), ("minimum", 0),
                ("maximum", .integer(WorkflowDecoder.maximumRetries)),
              ]),
              WorkflowDecoder.object(WorkflowDecoder.retryKeys),
            ]
          ),
        ])
    case .onError:
      WorkflowDecoder.Key(
        name,
        [
          (
            "oneOf",
            .array([
              .object([
                ("enum", .array(StepOptions.ErrorPolicy.allCases.map { .string($0.rawValue) }))
              ]),
              .object([("type", "array"), ("items", .object([("$ref", "#/$defs/step")]))]),
            ])
          )
        ])
    case .confirm: WorkflowDecoder.Key(name, [("type", "boolean")])
    case .description: WorkflowDecoder.Key(name, [("type", "string")])
    }
  }

  /// A value that sets the option to something other than its default, as JSON text: what
  /// the test that every option is decoded sets each one to.
  var example: String {
    switch self {
    case .id: #""sample""#
    case .condition: #""${inputs.flag}""#
    case .timeout: #""5s""#
    case .retry: "2"
    case .onError: #""continue""#
    case .confirm: "true"
    case .description: #""What the step is for.""#
    }
  }

  /// The keyword reference's words for the value.
  var valueDescription: String {
    switch self {
    case .id: "a name"
    case .condition: "a condition"
    case .timeout: #"a duration, or `"none"`"#
    case .retry:
      "a count, or `{" + WorkflowDecoder.retryKeys.map { "\"\($0.name)\"" }.joined(separator: ", ")
        + "}`"
    case .onError:
      StepOptions.ErrorPolicy.allCases.map { "`\"\($0.rawValue)\"`" }.joined(separator: ", ")
        + ", or a list of fallback steps"
    case .confirm: "`true` or `false`"
    case .description: "text"
    }
  }

  /// The keyword reference's words for what a step without the option does.
  var defaultDescription: String {
    switch self {
    case .id, .description: "none"
    case .condition: "always run"
    case .timeout: "30 s, or `run --timeout`"
    case .retry: "0"
    case .onError: "`\"\(StepOptions.ErrorPolicy.fail.rawValue)\"`"
    case .confirm: "`false`"
    }
  }
}
