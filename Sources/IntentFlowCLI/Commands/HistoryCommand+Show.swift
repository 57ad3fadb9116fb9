import CLIKit
import CivilTime
import IntentKit
import Storage
import StrictJSON
import Suggestions
import WorkflowEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `history show RUN`, `history logs RUN [STEP]` and the list's filters.
extension HistoryCommand {
  /// The statuses a run can end with, for `--status`.
  static let statuses =
    [
      "succeeded", "failed", "needsValue", "disambiguation", "confirmationRequired", "timedOut",
      "cancelled", "invalid",
    ] + [RunRecord.abandonedStatus, "running"]

  /// `--status`, `--trigger` and `--since`, checked.
  struct RunFilter {
    var status: String?
    var trigger: RunTrigger?
    var since: Date?

    init(_ command: ParsedCommand, context: CLIContext) throws(UsageError) {
      if let status = command[HistoryCommand.status] {
        guard HistoryCommand.statuses.contains(status) else {
          var message = "unknown status '\(status)'"
          if let suggestion = Spelling.closest(to: status, among: HistoryCommand.statuses) {
            message += "; did you mean '\(suggestion)'?"
          } else {
            message += "; the statuses are " + HistoryCommand.statuses.joined(separator: ", ")
          }
          throw command.usageError(message)
        }
        self.status = status
      }
      if let trigger = command[HistoryCommand.trigger] {
        guard let known = RunTrigger(rawValue: trigger) else {
          let names = RunTrigger.allCases.map(\.rawValue)
          var message = "unknown trigger '\(trigger)'"
          if let suggestion = Spelling.closest(to: trigger, among: names) {
            message += "; did you mean '\(suggestion)'?"
          } else {
            message += "; the triggers are " + names.joined(separator: ", ")
          }
          throw command.usageError(message)
        }
        self.trigger = known
      }
      if let text = command[HistoryCommand.since] {
        if let age = DurationText.parse(text), age > .zero {
          since = context.now().addingTimeInterval(-age.inSeconds)
        } else if let date = Timestamp.parse(text, defaultTimeZone: context.timeZone) {
          since = date
        } else {
          throw command.usageError(
            "'\(text)' is neither a duration nor a date; write 2h, 7d, 2026-12-01 or "
              + "2026-12-01T03:00:00Z")
        }
      }
    }
  }

  /// The run `RUN` names, or a usage error saying what is wrong.
  static func namedRun(
    _ command: ParsedCommand, store: any RunHistoryStore, verb: String
  ) throws(UsageError) -> RunRecord? {
    guard let word = command[Self.runID] else {
      throw command.usageError(
        "'\(verb)' needs the number of a run; 'intentflow history' lists them")
    }
    let id = try RunNumber.parse(word, command)
    _ = try? store.markAbandonedRuns()
    return try? store.run(id: id)
  }

  static func show(
    _ command: ParsedCommand, store: any RunHistoryStore, context: CLIContext
  ) throws(UsageError) -> Int32 {
    if let extra = command[Self.stepPath] {
      throw command.usageError(
        "'show' takes one run; to see a step's logs write 'history logs RUN \(extra)'")
    }
    guard let run = try namedRun(command, store: store, verb: "show") else {
      return noSuchRun(command[Self.runID] ?? "", context: context)
    }
    let steps: [StepRow]
    do {
      steps = try store.steps(ofRun: run.id)
    } catch {
      context.printError(context.errorStyle.red("error: ") + error.description)
      return ExitCode.failure
    }
    if command[Self.json] {
      context.print(
        JSONValue.object([
          ("run", runJSON(run, zone: context.timeZone)),
          ("steps", .array(steps.map { stepJSON($0, zone: context.timeZone) })),
        ]).serialized(pretty: true))
      return ExitCode.success
    }
    for line in showLines(run, steps: steps, context: context) { context.print(line) }
    return ExitCode.success
  }

  static func logs(
    _ command: ParsedCommand, store: any RunHistoryStore, context: CLIContext
  ) throws(UsageError) -> Int32 {
    guard let run = try namedRun(command, store: store, verb: "logs") else {
      return noSuchRun(command[Self.runID] ?? "", context: context)
    }
    var steps: [StepRow]
    do {
      steps = try store.steps(ofRun: run.id)
    } catch {
      context.printError(context.errorStyle.red("error: ") + error.description)
      return ExitCode.failure
    }
    if let wanted = command[Self.stepPath] {
      let matching = steps.filter { $0.path == wanted || $0.stepID == wanted }
      guard !matching.isEmpty else {
        var message = "run \(run.id) has no recorded step '\(wanted)'"
        let names = Array(Set(steps.compactMap(\.stepID) + steps.map(\.path))).sorted()
        if let suggestion = Spelling.closest(to: wanted, among: names) {
          message += "; did you mean '\(suggestion)'?"
        } else {
          message += "; 'intentflow history show \(run.id)' lists its steps"
        }
        throw command.usageError(message)
      }
      steps = matching
    }
    let withLogs = steps.filter { $0.logs != nil }
    if command[Self.json] {
      context.print(
        JSONValue.array(
          withLogs.map { step in
            .object([
              ("path", .string(step.path)), ("id", step.stepID.map(JSONValue.string) ?? .null),
              ("logs", parsed(step.logs) ?? .array([])),
            ])
          }
        ).serialized(pretty: true))
      return ExitCode.success
    }
    guard !withLogs.isEmpty else {
      context.printError(
        "no logs were captured for \(command[Self.stepPath] == nil ? "run \(run.id)" : "that step")"
      )
      return ExitCode.success
    }
    let named = withLogs.count > 1 || command[Self.stepPath] == nil
    for step in withLogs {
      if named { context.print("==> \(label(step)) <==") }
      for line in logLines(step) {
        context.print(line.stream == "stderr" ? "stderr: " + line.text : line.text)
      }
    }
    return ExitCode.success
  }

  private static func noSuchRun(_ word: String, context: CLIContext) -> Int32 {
    context.printError(
      context.errorStyle.red("error: ")
        + "there is no run \(word) in history; 'intentflow history' lists the runs")
    return ExitCode.usage
  }

  // MARK: JSON

  static func runJSON(_ run: RunRecord, zone: TimeZone) -> JSONValue {
    .object([
      ("id", .integer(Int(run.id))), ("workflow", .string(run.workflowName)),
      ("path", .string(run.workflowPath)), ("trigger", .string(run.trigger.rawValue)),
      ("startedAt", .string(Timestamp.format(run.startedAt, in: zone))),
      ("finishedAt", run.finishedAt.map { .string(Timestamp.format($0, in: zone)) } ?? .null),
      ("status", run.status.map(JSONValue.string) ?? .string("running")),
      ("exitCode", run.exitCode.map(JSONValue.integer) ?? .null),
      ("durationSeconds", run.durationSeconds.map(JSONValue.number) ?? .null),
      ("failedStep", run.failedStep.map(JSONValue.string) ?? .null),
      ("error", run.errorMessage.map(JSONValue.string) ?? .null),
      ("recoveredFailures", .integer(run.recoveredFailures)),
      ("resumes", run.resumedRun.map { .integer(Int($0)) } ?? .null),
    ])
  }

  static func stepJSON(_ step: StepRow, zone: TimeZone) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("path", .string(step.path)), ("id", step.stepID.map(JSONValue.string) ?? .null),
      ("intent", step.intent.map(JSONValue.string) ?? .null), ("kind", .string(step.kind)),
      ("status", .string(step.status)), ("attempts", .integer(step.attempts)),
      ("startedAt", .string(Timestamp.format(step.startedAt, in: zone))),
      ("finishedAt", .string(Timestamp.format(step.finishedAt, in: zone))),
      ("durationMs", .number(durationMs(step))),
      ("parameters", parsed(step.parameters) ?? .null),
      ("output", parsed(step.output) ?? .null),
      (
        "error",
        step.errorKind.map {
          .object([("kind", .string($0)), ("message", .string(step.errorMessage ?? ""))])
        } ?? .null
      ),
      ("logs", parsed(step.logs) ?? .array([])),
    ]
    if step.recovered { members.append(("recovered", .bool(true))) }
    if let passes = step.passes {
      members.append(
        (
          "passes",
          .object([
            ("total", .integer(passes)), ("failed", .integer(step.failedPasses ?? 0)),
            ("recorded", .integer(step.recordedPasses ?? 0)),
          ])
        ))
    }
    return .object(members)
  }

  private static func durationMs(_ step: StepRow) -> Double {
    let seconds = step.finishedAt.timeIntervalSince(step.startedAt)
    return (max(0, seconds) * 1_000_000).rounded() / 1000
  }

  private static func parsed(_ text: String?) -> JSONValue? {
    guard let text, let node = try? JSONParser.parse(text) else { return nil }
    return node.plainValue
  }

  // MARK: Text

  static func label(_ step: StepRow) -> String {
    var label = step.path
    if let id = step.stepID { label += " " + id }
    label += " (" + (step.intent ?? step.kind) + ")"
    return label
  }

  /// The depth of a step in the tree: its path's components, `onError` and `onFailure` not
  /// counted (a workflow's failure handlers are top-level steps, `onFailure.1`).
  private static func depth(_ path: String) -> Int {
    path.split(separator: ".").filter { $0 != "onError" && $0 != "onFailure" }.count - 1
  }

  static func showLines(_ run: RunRecord, steps: [StepRow], context: CLIContext) -> [String] {
    let zone = context.timeZone
    let style = context.outputStyle
    var lines: [String] = []
    let status = run.status ?? "running"
    var head = style.bold("run \(run.id)") + "  \(run.workflowName)  \(status)"
    if let exit = run.exitCode { head += "  exit \(exit)" }
    head += "  \(run.trigger.rawValue)"
    lines.append(head)
    var when = "started \(Timestamp.format(run.startedAt, in: zone))"
    if let seconds = run.durationSeconds { when += ", took \(Self.seconds(seconds))" }
    lines.append(when)
    lines.append("file \(run.workflowPath)")
    if let resumed = run.resumedRun {
      lines.append("resumes run \(resumed): steps marked 'restored' were not performed again")
    }
    if let error = run.errorMessage { lines.append("error: \(error)") }
    if run.recoveredFailures > 0 {
      let count = run.recoveredFailures
      lines.append(
        "\(count) step failure\(count == 1 ? " was" : "s were") carried past by onError")
    }
    guard !steps.isEmpty else {
      lines.append("no steps recorded")
      return lines
    }
    lines.append("")
    for step in steps {
      let indent = String(repeating: "  ", count: depth(step.path))
      var line = indent + label(step) + "  " + step.status
      if step.recovered { line += " (carried past)" }
      if step.attempts > 1 { line += "  \(step.attempts) attempts" }
      if step.attempts == 0 { line += " (restored)" }
      line += "  " + Self.seconds(max(0, step.finishedAt.timeIntervalSince(step.startedAt)))
      if let passes = step.passes {
        line += "  \(passes) pass\(passes == 1 ? "" : "es")"
        if let failed = step.failedPasses, failed > 0 { line += ", \(failed) failed" }
        if let recorded = step.recordedPasses, recorded < passes { line += ", \(recorded) shown" }
      }
      lines.append(line)
      let detail = indent + "    "
      if let parameters = step.parameters, parameters != "{}" {
        lines.append(detail + "parameters: " + shortened(parameters))
      }
      if let output = step.output, output != "null", step.kind == "intent" {
        lines.append(detail + "output: " + shortened(output))
      }
      if let kind = step.errorKind {
        lines.append(detail + "error (\(kind)): " + (step.errorMessage ?? ""))
      }
      let logs = logLines(step)
      if !logs.isEmpty {
        lines.append(
          detail
            + "logs: \(logs.count) line\(logs.count == 1 ? "" : "s") (history logs \(run.id) \(step.path))"
        )
      }
    }
    return lines
  }

  private static func shortened(_ text: String) -> String {
    let limit = 100
    return text.count > limit ? String(text.prefix(limit)) + "…" : text
  }

  static func logLines(_ step: StepRow) -> [StepLog.Line] {
    guard case .array(let items)? = parsed(step.logs) else { return [] }
    return items.compactMap { item in
      guard case .object(let members) = item else { return nil }
      var stream = "log"
      var text = ""
      for (key, value) in members {
        guard case .string(let string) = value else { continue }
        if key == "stream" { stream = string } else if key == "text" { text = string }
      }
      return StepLog.Line(stream: stream, text: text)
    }
  }
}
