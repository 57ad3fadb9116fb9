import IntentKit
import Storage
import StrictJSON
import WorkflowEngine

extension StepRow {
  /// The row that keeps `entry` (already redacted): values as `--json` shows them, cut to
  /// ``StepRow/valueLimit``.
  init(_ entry: StepEntry) {
    self.init(
      path: entry.path, stepID: entry.id, intent: entry.intent?.rawValue, kind: entry.kind,
      status: entry.status.rawValue, attempts: entry.attempts, startedAt: entry.startedAt,
      finishedAt: entry.finishedAt)
    if let parameters = entry.parameters {
      let members = parameters.keys.sorted().map { name in
        (key: name, value: parameters[name]?.jsonValue ?? .null)
      }
      (self.parameters, parametersCut) = Self.cut(JSONValue.object(members).serialized())
    }
    if entry.status == .succeeded || entry.output != .null {
      let json = entry.output.jsonValue.serialized()
      (output, outputCut) = Self.cut(json)
      if outputCut != nil, json.utf8.count <= Self.restoreLimit { outputFull = json }
      outputMasked = entry.outputMasked
    }
    if let error = entry.error {
      errorKind = error.code.description
      errorMessage = error.message
    }
    if !entry.logs.isEmpty {
      logs = JSONValue.array(
        entry.logs.map { .object([("stream", .string($0.stream)), ("text", .string($0.text))]) }
      ).serialized()
    }
    recovered = entry.recovered
    if let passes = entry.passes {
      self.passes = passes.total
      failedPasses = passes.failed
      recordedPasses = passes.recorded
    }
  }
}
