import CLIKit
import IntentKit
import WorkflowEngine

extension RunCommand {
  /// `run --dry-run`: binds the inputs (asking on a terminal, as a run would), then prints
  /// each step that would run with its parameter values on standard output. Nothing is
  /// performed and nothing is recorded.
  static func dryRun(
    _ plan: Plan, inputs: [String: Value], executor: Executor, context: CLIContext
  ) async -> Int32 {
    let bound: [String: Value]
    switch await bind(inputs, for: plan, with: executor) {
    case .success(let values): bound = values
    case .failure(let error):
      let redacted = executor.redactor(for: plan, given: inputs).redact(error)
      if error.code == .usage {
        context.printError(context.errorStyle.red("error: ") + redacted.message)
        return RunStatus.invalid.exitCode()
      }
      DiagnosticPrinter(context: context).print(redacted, plan: plan)
      return RunStatus(error.code).exitCode()
    }
    let dryRun = DryRun(
      plan: plan, environment: executor.configuration.environment,
      redactor: executor.redactor(for: plan, given: inputs, bound: bound))
    for line in dryRun.lines(inputs: bound) { context.print(line) }
    return 0
  }
}
