import IntentKit
import StrictJSON
import WorkflowEngine

/// Turns run results into what `intentflow run` prints.
enum RunRendering {
  /// The workflow's output as stdout text: lists one item a line, entities their display
  /// title, dictionaries as JSON; `nil` when there is nothing to print.
  static func text(_ output: Value) -> String? {
    switch output {
    case .null: return nil
    case .dictionary: return output.jsonValue.serialized(pretty: true)
    case .list(let items) where items.isEmpty: return nil
    default: return output.textDescription
    }
  }

  /// The `--json` object: status, output, steps, error.
  static func json(_ result: RunResult) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("workflow", .string(result.workflowName)),
      ("status", .string(result.status.rawValue)),
      ("output", result.output.jsonValue),
      ("steps", .array(result.steps.map(step))),
    ]
    if let error = result.error { members.append(("error", self.error(error))) }
    members.append(("durationMs", .number(milliseconds(result.duration))))
    return .object(members)
  }

  /// `--json`'s `onFailure`: how the workflow's `onFailure` steps went.
  static func json(_ handled: Executor.FailureHandling) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("status", .string(handled.status.rawValue)),
      ("steps", .array(handled.steps.map(step))),
    ]
    if let error = handled.error { members.append(("error", self.error(error))) }
    return .object(members)
  }

  /// The warning for `onFailure` steps that did not succeed; `nil` when they did.
  static func warning(_ handled: Executor.FailureHandling) -> String? {
    guard handled.status != .succeeded else { return nil }
    let what = handled.error?.message ?? handled.status.rawValue
    let step = handled.error?.step.map { "step '\($0)' failed: " } ?? ""
    let message = what.hasPrefix("step '") ? what : step + what
    return "the onFailure steps did not succeed (\(handled.status.rawValue)): \(message); "
      + "the run's status and exit code are the run's own"
  }

  static func error(_ error: IntentFlowError) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    members.append(("step", error.step.map(JSONValue.string) ?? .null))
    if let parameter = error.parameter { members.append(("parameter", .string(parameter))) }
    members.append(("kind", .string(error.code.description)))
    members.append(("message", .string(error.message)))
    if !error.candidates.isEmpty {
      members.append(("candidates", .array(error.candidates.map(\.jsonValue))))
    }
    if let location = error.location { members.append(("location", .string(location.description))) }
    return .object(members)
  }

  private static func step(_ record: StepRecord) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("id", record.id.map(JSONValue.string) ?? .null),
      ("intent", record.intent.map { .string($0.rawValue) } ?? .null),
      ("kind", .string(record.kind)),
      ("status", .string(record.status.rawValue)),
      ("output", record.output.jsonValue),
      ("dialog", record.dialog.map(JSONValue.string) ?? .null),
    ]
    if record.runs != 1 { members.append(("runs", .integer(record.runs))) }
    if let error = record.error, record.status != .succeeded {
      members.append(("error", .string(error.message)))
    }
    members.append(("line", .integer(record.location.line)))
    return .object(members)
  }

  static func milliseconds(_ duration: Duration) -> Double {
    (duration.inMilliseconds * 1000).rounded() / 1000
  }
}
