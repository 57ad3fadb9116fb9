import CLIKit
import IntentKit
import StrictJSON
import WorkflowEngine

/// `intentflow validate FILE…`: checks workflow files without running anything.
enum ValidateCommand: Command {
  static let files = Positional(
    "FILE", help: "Workflow files to check.", isRepeating: true,
    completion: .file(extensions: ["json"]))
  static let json = Flag("json", help: "Print one JSON array with each file's result.")
  static let quiet = Flag("quiet", short: "q", help: "Print only problems.")

  static let spec = CommandSpec(
    "validate",
    abstract: "Check workflow files without running them.",
    discussion: """
      Reports every problem as FILE:LINE:COL: error: MESSAGE with the source line: JSON \
      syntax, unknown keys and intents, references to missing or later steps, type \
      mismatches, missing required parameters, bad schedules. Exits with 2 if any file is \
      invalid.
      """,
    arguments: [files.spec],
    options: [json.spec, quiet.spec],
    examples: ["intentflow validate Workflows/*.json"])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let paths = command.values(of: Self.files)
    let loader = WorkflowLoader(registry: context.registry)
    var results: [JSONValue] = []
    var invalid = 0
    for path in paths {
      do {
        let plan = try loader.load(path: path)
        let steps = plan.stepCount  // every step, nested ones too, as `allSteps` lists them
        var summary =
          "\(path): ok, '\(plan.workflow.name)' with \(steps) \(steps == 1 ? "step" : "steps")"
        if let schedule = plan.workflow.schedule { summary += ", scheduled '\(schedule.cron)'" }
        // A run nobody can answer stops before its first step for these (without --yes).
        let confirming = plan.confirmingSteps
        if !confirming.isEmpty { summary += "; " + Self.confirmationNote(confirming) }
        if !command[Self.json] && !command[Self.quiet] { context.print(summary) }
        if !plan.warnings.isEmpty {
          DiagnosticPrinter(context: context).printWarnings(
            WorkflowInvalid(
              diagnostics: plan.warnings,
              sources: [plan.workflow.source.path: plan.workflow.source]))
        }
        var members: [(key: String, value: JSONValue)] = [
          ("file", .string(path)), ("valid", .bool(true)), ("name", .string(plan.workflow.name)),
          ("steps", .integer(steps)),
        ]
        if !confirming.isEmpty {
          members.append(("asksForConfirmation", .array(confirming.map { .string($0.label) })))
        }
        if !plan.warnings.isEmpty {
          members.append(
            ("warnings", DiagnosticPrinter.json(WorkflowInvalid(diagnostics: plan.warnings))))
        }
        results.append(.object(members))
      } catch {
        invalid += 1
        DiagnosticPrinter(context: context).print(error, ran: false)
        results.append(
          .object([
            ("file", .string(path)), ("valid", .bool(false)),
            ("errors", DiagnosticPrinter.json(error)),
          ]))
      }
    }
    if command[Self.json] { context.print(JSONValue.array(results).serialized(pretty: true)) }
    return invalid == 0 ? ExitCode.success : ExitCode.usage
  }

  /// `step 'gone' (todos.delete) asks for confirmation: without a terminal, run it with --yes`.
  static func confirmationNote(_ steps: [PlannedStep]) -> String {
    let names = steps.map { Plan.confirmationName(of: $0) }
    let subject =
      names.count == 1
      ? "\(names[0]) asks"
      : "steps " + names.map { $0.dropFirst("step ".count) }.joined(separator: ", ") + " ask"
    return subject + " for confirmation: without a terminal, run it with --yes"
  }
}
