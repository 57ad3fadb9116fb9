import IntentKit
import StrictJSON
import WorkflowEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One `tools/call` with checked arguments: a workflow run by the executor, or an intent
/// through its lifecycle, recorded in history. A value, a choice or a confirmation that is
/// needed is asked of the client when it elicits (``ElicitingInteraction``); otherwise
/// nothing is asked and the call ends with `isError` naming it (the headless policy).
/// `--yes` answers confirmations.
struct CallRun: Sendable {
  let server: MCPServer
  let tool: Tool
  let arguments: [String: Value]
  let progress: ProgressNotifier?
  let cancellationReason: @Sendable () -> String?

  var configuration: MCPServer.Configuration { server.configuration }

  var reason: CancellationReason {
    .stopped(cancellationReason() ?? "the client cancelled the call")
  }

  func run() async -> ToolResult {
    switch tool.kind {
    case .workflow(let plan, let path): await runWorkflow(plan, path: path)
    case .intent(let intent): await runIntent(intent)
    }
  }

  private func runWorkflow(_ plan: Plan, path: String) async -> ToolResult {
    var run = configuration.executor
    run.assumeYes = configuration.assumeYes
    run.interaction = server.interaction
    run.keepsStepOutputs = false
    let reason = cancellationReason
    run.cancellationReason = { .stopped(reason() ?? "the client cancelled the call") }
    let dialogs = Locked<[String]>([])
    let base = run.observer
    let progress = self.progress
    let total = plan.stepCount
    run.observer = { event in
      base(event)
      switch event {
      case .stepFinished(let step, _, let dialog, _, _):
        if let dialog { dialogs.mutate { $0.append(dialog) } }
        progress?.stepEnded(total: total, message: "step '\(step.label)' finished")
      case .stepSkipped(let step):
        progress?.stepEnded(total: total, message: "step '\(step.label)' skipped")
      case .stepFailed(let step, _, false):
        progress?.stepEnded(total: total, message: "step '\(step.label)' failed")
      case .progress(_, let update):
        progress?.report(
          completed: update.completed, of: update.total, stepsTotal: total,
          message: update.message)
      default: break
      }
    }
    let executor = Executor(configuration: run)
    // Arguments are bound first: a call rejected for them never started and is not recorded.
    let bound: [String: Value]
    do {
      bound = try await executor.bindInputs(plan, arguments)
    } catch {
      return .error(Self.message(for: error, tool: tool.name))
    }
    let record = configuration.record(tool.name, path, arguments)
    // The steps are recorded as `run` records them, secret inputs hidden: those given and
    // bound now, and the values the run builds from them as it goes.
    let secrets = Locked(executor.redactor(for: plan, given: arguments, bound: bound))
    if let journal = record?.stepJournal(redacting: { secrets.value.redact($0) }) {
      run.journal = journal
      run.onSecretText = { text in secrets.mutate { $0.insert(text) } }
    }
    let runner = Executor(configuration: run)
    let result = await runner.run(plan, inputs: bound)
    // The workflow's `onFailure` steps, as for every trigger; they change nothing of the reply.
    _ = await runner.handleFailure(
      of: result, in: plan, inputs: bound,
      run: Executor.FailedRun(
        id: record?.runID ?? "", trigger: "mcp", exitCode: result.status.exitCode()))
    record?.finish(result)
    guard result.status == .succeeded else {
      return .error(Self.message(for: result.error, status: result.status, tool: tool.name))
    }
    return .success(
      result.output, of: plan.outputType, dialogs: dialogs.value)
  }

  private func runIntent(_ intent: IntentDescriptor) async -> ToolResult {
    var options = IntentInvocation.Options()
    options.assumeYes = configuration.assumeYes
    options.timeout = intent.isLongRunning ? nil : configuration.executor.defaultTimeout
    let reason = cancellationReason
    options.cancellationReason = { .stopped(reason() ?? "the client cancelled the call") }
    let progress = self.progress
    let reporter = ProgressReporter { update in
      progress?.report(
        completed: update.completed, of: update.total, stepsTotal: nil, message: update.message)
    }
    var context = IntentContext(
      dependencies: configuration.executor.dependencies, progress: reporter)
    let record = configuration.record(tool.name, "intent:\(intent.identifier)", arguments)
    // The call is recorded as a run of one step, `1`, as a workflow of that one intent would be.
    let journal = record?.stepJournal(redacting: { $0 })
    if journal != nil { context.log = StepLog() }
    let started = configuration.executor.now()
    let clock = ContinuousClock()
    let start = clock.now
    let invocation = IntentInvocation(
      intent, arguments: arguments, interaction: server.interaction, context: context,
      options: options)
    let result: RunResult
    let outcome: ToolResult
    do {
      let performed = try await invocation.run()
      result = RunResult(
        workflowName: tool.name, status: .succeeded, output: performed.output, steps: [],
        error: nil, startedAt: started, duration: clock.now - start)
      outcome = .success(
        performed.output, of: intent.outputType, dialogs: performed.dialog.map { [$0] } ?? [])
    } catch {
      var error = error
      if Task.isCancelled, error.code != .cancelled {
        error = IntentFlowError(.cancelled, "the call was cancelled: \(self.reason)")
      }
      result = RunResult(
        workflowName: tool.name, status: RunStatus(error.code), output: .null, steps: [],
        error: error, startedAt: started, duration: clock.now - start)
      outcome = .error(Self.message(for: error, status: result.status, tool: tool.name))
    }
    journal?.record(
      StepEntry(
        path: "1", index: 0, intent: intent.identifier, status: StepStatus(result.status),
        startedAt: started, finishedAt: configuration.executor.now(),
        parameters: arguments, output: result.output, error: result.error,
        logs: context.log?.take() ?? []))
    record?.finish(result)
    return outcome
  }

  /// The text of a call that did not succeed: the run's message, said for a client (the
  /// command line's `--input NAME=VALUE` becomes the argument), then the candidates of a
  /// disambiguation, one a line.
  static func message(for error: IntentFlowError?, status: RunStatus? = nil, tool: String)
    -> String
  {
    guard let error else { return "'\(tool)' did not succeed (\(status?.rawValue ?? "failed"))" }
    var text =
      "\(error.code): "
      + error.message
      .replacing("pass --input ", with: "pass the argument ")
      .replacing("--input ", with: "the argument ")
    if error.code == .confirmationRequired {
      text += "; the server was started without --yes, so no confirmation can be given"
    }
    if !error.candidates.isEmpty {
      text += "\ncandidates:"
      for candidate in error.candidates {
        if case .entity(let entity) = candidate {
          text += "\n- \(entity.displayRepresentation.title) (id \(entity.id))"
        } else {
          text += "\n- \(candidate.textDescription)"
        }
      }
    }
    return text
  }
}
