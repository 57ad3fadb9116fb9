import CLIKit
import DataIntents
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

/// `intentflow resume RUN`: a new run of a run's file that does not perform again what the
/// run finished (DESIGN §12).
enum ResumeCommand: Command {
  static let runID = Positional("RUN", help: "The run to resume (the ID column of 'history').")
  static let from = Option<String>(
    "from", valueName: "STEP",
    help: "Resume at this step (an id, or a path from 'history show' such as 4[17].1) "
      + "instead of the first one that did not succeed.")
  static let allowChanged = Flag(
    "allow-changed", help: "Resume even though the workflow file changed since the run.")

  static let spec = CommandSpec(
    "resume",
    abstract: "Finish a run that failed, timed out, was cancelled or died, without redoing "
      + "what it did.",
    discussion: """
      Starts a new run (trigger 'resume') of the same file with the same inputs. Every step \
      that succeeded before the first one that did not is not performed again: its output \
      is restored from history (entities are read again by id). The run goes on at that \
      step, or at the first pass of a loop that did not succeed; --from STEP starts there \
      instead. Failures that onError carried the run past are carried past again.

      Secret inputs are never stored: give them again with --input or their env variable, \
      or be asked (exit 3 without a terminal). A step that was performing when the run \
      stopped, and whose intent is not idempotent, asks before it is performed again (exit \
      4 without a terminal, unless --yes).

      Refuses (exit 2) a run that succeeded or is still running, or that another resume \
      is still finishing, a run without a file \
      (standard input, an intent run by 'intentflow mcp'), and a file that changed since \
      the run unless --allow-changed. Otherwise exits as 'run' does.
      """,
    arguments: [runID.spec],
    options: [
      from.spec, RunCommand.input.spec, RunCommand.yes.spec, RunCommand.json.spec,
      RunCommand.nonInteractive.spec, allowChanged.spec, RunCommand.timeout.spec,
      RunCommand.quiet.spec, RunCommand.verbose.spec,
    ],
    examples: [
      "intentflow resume 42",
      "intentflow resume 42 --from upload",
      "intentflow resume 42 --input token=@token.txt --yes",
      "intentflow resume 42 --allow-changed   (after fixing the file)",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let id = try RunNumber.parse(command[Self.runID], command)
    guard let store = RunNumber.store(context) else {
      throw command.usageError("there is no run \(id) in history; nothing has run yet")
    }
    let found: RunRecord?
    do {
      found = try store.run(id: id)
    } catch {
      throw command.usageError("cannot read run \(id) from history: \(error)")
    }
    guard let run = found else {
      throw command.usageError(
        "there is no run \(id) in history; 'intentflow history' lists the runs")
    }
    // Abandoned resumes were marked so by `RunNumber.store`: the ones left are alive.
    if let other = (try? store.unfinishedRuns(resuming: id))?.first {
      throw command.usageError(
        "run \(id) is being resumed by run \(other.id), which is still running; wait for it "
          + "to end, or stop it with 'intentflow cancel \(other.id)'")
    }
    let (path, hash) = try Self.file(of: run, command, context: context)
    let steps: [StepRow]
    do {
      steps = try store.steps(ofRun: id)
    } catch {
      throw command.usageError("cannot read run \(id)'s steps from history: \(error)")
    }
    let resumed = try Self.resumedSteps(
      of: run, steps: steps, from: command[Self.from], command: command)

    // The run's inputs, then those given now: secret ones were never stored.
    var inputs: [String: Value] = [:]
    if let stored = run.inputs,
      case .object(let members)? = try? JSONParser.parse(stored).plainValue
    {
      for (name, value) in members { inputs[name] = Value(json: value) }
    }
    for (name, value) in try RunCommand.givenInputs(command, context: context) {
      inputs[name] = value
    }
    if !command[RunCommand.quiet], !command[RunCommand.json] {
      let restored = resumed.outcomes.count
      context.printError(
        "resuming run \(id) of '\(run.workflowName)': \(restored) "
          + (restored == 1 ? "step" : "steps") + " it finished will not be performed again")
    }
    return try await RunCommand.launch(
      RunCommand.Launch(path: path, inputs: inputs, resumes: (id, resumed), fileHash: hash),
      command, context: context)
  }

  /// The file to run again, the run's, when it can be resumed and has not changed; and its
  /// SHA-256 now.
  private static func file(of run: RunRecord, _ command: ParsedCommand, context: CLIContext)
    throws(UsageError) -> (path: String, hash: String)
  {
    let id = run.id
    switch run.status {
    case nil:
      throw command.usageError(
        "run \(id) is still running; wait for it to end, or stop it with 'intentflow cancel "
          + "\(id)' and resume it then")
    case RunStatus.succeeded.rawValue?:
      throw command.usageError(
        "run \(id) succeeded: there is nothing to resume; run the workflow again with "
          + "'intentflow run'")
    default:
      break
    }
    let path = run.workflowPath
    if path == "-" {
      throw command.usageError(
        "run \(id) read its workflow from standard input, which cannot be read again; run the "
          + "file with 'intentflow run FILE'")
    }
    if path.hasPrefix("intent:") {
      throw command.usageError(
        "run \(id) was the intent '\(path.dropFirst("intent:".count))' called by an MCP "
          + "client; there is no file to resume")
    }
    guard let bytes = FileManager.default.contents(atPath: path) else {
      throw command.usageError(
        "cannot read '\(path)', the file run \(id) ran; restore it, or run the workflow again")
    }
    let now = Digest.hex(Digest.sha256(Array(bytes)))
    guard !command[Self.allowChanged] else { return (path, now) }
    guard let hash = run.fileHash else {
      throw command.usageError(
        "run \(id) was recorded without the hash of its file, so IntentFlow cannot tell "
          + "whether '\(path)' changed since; pass --allow-changed to resume with the file as "
          + "it is")
    }
    guard now == hash else {
      throw command.usageError(
        "'\(path)' changed since run \(id); pass --allow-changed to resume with the file as it "
          + "is now (steps are matched by their place in it), or run it again with "
          + "'intentflow run'")
    }
    return (path, now)
  }

  /// What the new run takes from the run's recorded steps: every step that succeeded (or
  /// whose failure was carried past) before `from`, if given.
  static func resumedSteps(
    of run: RunRecord, steps: [StepRow], from: String?, command: ParsedCommand
  ) throws(UsageError) -> ResumedSteps {
    var kept = steps
    if let from {
      guard let start = Self.path(of: from, in: steps) else {
        var message = "run \(run.id) has no step '\(from)'"
        let ids = Array(Set(steps.compactMap(\.stepID))).sorted()
        if let suggestion = Spelling.closest(to: from, among: ids) {
          message += "; did you mean '\(suggestion)'?"
        } else {
          message +=
            "; give a step's id or a path from 'intentflow history show \(run.id)' "
            + "(3, 3.2, 4[17].1)"
        }
        throw command.usageError(message)
      }
      // That step, what ran after it, and the steps that hold it are performed again.
      let first = steps.firstIndex { Self.isWithin($0.path, start) } ?? steps.endIndex
      kept = steps[..<first].filter { !Self.isWithin(start, $0.path) }
    }
    var outcomes: [String: ResumedSteps.Outcome] = [:]
    var interrupted = Set<String>()
    // A failure handler's steps ran because the run failed: they run again if it fails again.
    for step in kept where !step.path.hasPrefix("onFailure.") {
      switch step.status {
      case StepStatus.succeeded.rawValue:
        let whole = step.outputFull ?? (step.outputCut == nil ? step.output : nil)
        outcomes[step.path] = .succeeded(output: step.outputMasked ? nil : whole ?? "null")
      case _ where step.recovered:
        let code = step.errorKind.flatMap(IntentFlowError.Code.init(name:)) ?? .failed
        outcomes[step.path] = .carriedPast(
          IntentFlowError(code, step.errorMessage ?? "the step failed", step: step.stepID))
      case StepStatus.cancelled.rawValue, StepStatus.timedOut.rawValue,
        StepStatus.running.rawValue:
        interrupted.insert(step.path)
      default:
        break
      }
    }
    return ResumedSteps(
      runID: String(run.id), outcomes: outcomes, interrupted: interrupted,
      recorded: Set(steps.map(\.path)),
      // A run recorded before steps were kept `running` as they performed: its first
      // unrecorded step that may wait is taken to have been performing.
      wasAbandoned: run.status == RunRecord.abandonedStatus
        && !steps.contains { $0.status == StepStatus.running.rawValue })
  }

  /// The path that `step` names: itself when a recorded path is it or starts with it, else
  /// the first recorded step with that id.
  private static func path(of step: String, in steps: [StepRow]) -> String? {
    if steps.contains(where: { isWithin($0.path, step) }) { return step }
    return steps.first { $0.stepID == step }?.path
  }

  /// Whether `path` is `ancestor` or a step inside it (`4`, `4.2`, `4[3].1`).
  static func isWithin(_ path: String, _ ancestor: String) -> Bool {
    guard path.hasPrefix(ancestor) else { return false }
    let rest = path.dropFirst(ancestor.count)
    return rest.isEmpty || rest.hasPrefix(".") || rest.hasPrefix("[")
  }
}
