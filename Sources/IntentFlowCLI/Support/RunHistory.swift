import IntentKit
import Scheduling
import Storage
import Suggestions
import Synchronization
import WorkflowEngine

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Records each `intentflow run` in the run store (`runs.sqlite` under the IntentFlow home),
/// for `intentflow history` and for the scheduler's catch-up. Recording never fails a run:
/// a store that cannot be written is reported as a warning.
///
/// A run holds a lock in the home for as long as it runs (a ``RunLease``), so that another
/// process can tell a run that is alive from one whose process died. Error messages are
/// stored with the run's input values replaced by `***`: a message may quote a value, and the
/// store outlives the terminal it was shown on. Every 100th run prunes the store to its
/// retention policy (``RunStore/Retention/standard``).
///
/// A class with a lock, shared by the run and the signal watcher: a second Ctrl-C or SIGTERM
/// ends the process at once, and records the run as cancelled on its way out.
final class RunHistory: Sendable {
  private struct State {
    var store: (any RunHistoryStore)?
    var lease: RunLease?
    var secrets = SecretValues()
    var finished = false
    /// The entities steps received as parameters and returned, each once, in step order.
    var used = UsedEntities()
    /// Steps not written yet, each at its position in the run; the next position; the
    /// positions of steps recorded `running`, by path, which their end replaces; and how
    /// many failures `onError` carried the run past.
    var pendingSteps: [(sequence: Int, row: StepRow)] = []
    var nextSequence = 0
    var running: [String: Int] = [:]
    var recoveredFailures = 0
    /// Set when writing steps failed once: the run goes on without step history.
    var stepsBroken = false
  }

  /// The most steps held back before they are written together: 64.
  static let stepBatch = 64
  /// The longest a step that did not wait on anything is held back: 50 ms.
  static let stepDelay = 0.05

  private let context: CLIContext
  /// What started the runs recorded; `nil`: `schedule` when the scheduler started the
  /// process (`INTENTFLOW_TRIGGER`), else `manual`.
  private let givenTrigger: RunTrigger?
  /// Opens the run store for ``begin(workflowName:path:inputs:launch:)``; by default, a new
  /// connection each time (a process records one run).
  private let openStore: @Sendable () throws -> any RunHistoryStore
  private let state = Mutex(State())

  /// What started the runs recorded: the one given, else `schedule` when the scheduler
  /// started the process (`INTENTFLOW_TRIGGER`), else `manual`.
  var trigger: RunTrigger {
    self.givenTrigger
      ?? (context.environment["INTENTFLOW_TRIGGER"] == "schedule" ? .schedule : .manual)
  }

  /// The run's number in history, once ``begin(_:path:inputs:launch:)`` recorded it.
  var id: Int64? { state.withLock { $0.lease?.runID } }

  /// - Parameters:
  ///   - store: Gives the store to record in; by default, the home's, opened when the run
  ///     begins. A server that records many runs (`mcp`) gives one it keeps open.
  init(
    context: CLIContext, trigger: RunTrigger? = nil,
    store: (@Sendable () throws -> any RunHistoryStore)? = nil
  ) {
    self.context = context
    self.givenTrigger = trigger
    openStore = store ?? { try HistoryStore.open(context) }
  }

  /// Notes that a run starts, taking its lock. The trigger is `schedule` when the scheduler
  /// started it. `inputs` are the values given to the run, kept out of stored messages.
  /// `launch` is what `resume` needs of the run.
  func begin(
    _ plan: Plan, path: String, inputs: [String: Value] = [:], launch: RunLaunch = RunLaunch()
  ) {
    begin(workflowName: plan.workflow.name, path: path, inputs: inputs, launch: launch)
  }

  /// Notes that a run of `workflowName` starts (see ``begin(_:path:inputs:launch:)``).
  func begin(
    workflowName: String, path: String, inputs: [String: Value] = [:],
    launch: RunLaunch = RunLaunch()
  ) {
    let store: any RunHistoryStore
    do {
      store = try openStore()
    } catch {
      context.printError("warning: the run will not be recorded in history: \(error)")
      return
    }
    // Runs whose process died (SIGKILL, the out-of-memory killer) are recorded as such by the
    // next run, not left "running" until someone looks at the history.
    _ = try? store.markAbandonedRuns()
    let trigger = self.trigger
    do {
      let lease = try store.beginLockedRun(
        workflowName: workflowName,
        workflowPath: Self.absolute(path, in: context.currentDirectory), trigger: trigger,
        startedAt: context.now(), launch: launch)
      state.withLock { state in
        state.store = store
        state.lease = lease
        state.secrets = Self.secretTexts(inputs)
      }
      _ = try? store.pruneIfDue(runID: lease.runID, now: context.now())
    } catch {
      context.printError("warning: the run will not be recorded in history: \(error)")
    }
  }

  /// The journal that records the run's steps in its history as they end (DESIGN §12),
  /// with secrets masked by `secrets`.
  ///
  /// A step that may have waited on the world (a command, a request, a store) is written at
  /// once, with any held back before it; so are held-back steps before such a step starts.
  /// Steps that performed inline (text, numbers, lists…: nothing outside the run changes) are
  /// held back and written together, up to ``stepBatch`` of them or ``stepDelay``: a crash
  /// loses the step in flight and at most those quick steps, never the record of an effect.
  func journal(secrets: SecretRedaction) -> StepJournal {
    journal(redacting: { secrets.redact($0) })
  }

  /// The journal that records the run's steps, each entry as `redact` makes it (see
  /// ``journal(secrets:)``).
  func journal(redacting redact: @escaping @Sendable (StepEntry) -> StepEntry) -> StepJournal {
    StepJournal(
      record: { entry in self.record(redact(entry)) },
      willWait: { entry in self.recordRunning(redact(entry)) })
  }

  private func record(_ entry: StepEntry) {
    let row = StepRow(entry)
    let due = state.withLock { state -> Bool in
      guard !state.stepsBroken, state.lease != nil else { return false }
      // A step recorded `running` ends in its own row.
      let sequence = state.running.removeValue(forKey: entry.path) ?? state.nextSequence
      if sequence == state.nextSequence { state.nextSequence += 1 }
      state.pendingSteps.append((sequence, row))
      if entry.recovered { state.recoveredFailures += 1 }
      guard let first = state.pendingSteps.first else { return false }
      return entry.mayHaveWaited || state.pendingSteps.count >= Self.stepBatch
        || row.finishedAt.timeIntervalSince(first.row.finishedAt) >= Self.stepDelay
    }
    if due { writeSteps() }
  }

  /// Records a step that may wait as `running` as it starts, with the steps held back before
  /// it, so that a run that dies says which step was performing.
  private func recordRunning(_ entry: StepEntry) {
    let row = StepRow(entry)
    let recorded = state.withLock { state -> Bool in
      guard !state.stepsBroken, state.lease != nil else { return false }
      state.running[entry.path] = state.nextSequence
      state.pendingSteps.append((state.nextSequence, row))
      state.nextSequence += 1
      return true
    }
    if recorded { writeSteps() }
  }

  /// Writes the steps held back, in one transaction.
  func writeSteps() {
    let batch = state.withLock {
      state -> (store: any RunHistoryStore, id: Int64, rows: [(sequence: Int, row: StepRow)])? in
      guard !state.stepsBroken, !state.finished, !state.pendingSteps.isEmpty,
        let store = state.store, let lease = state.lease
      else { return nil }
      defer { state.pendingSteps = [] }
      return (store, lease.runID, state.pendingSteps)
    }
    guard let batch else { return }
    do {
      try batch.store.recordSteps(batch.rows, runID: batch.id)
    } catch {
      state.withLock { $0.stepsBroken = true }
      context.printError("warning: the run's steps will not be recorded in history: \(error)")
    }
  }

  /// Notes how the run ended, and lets go of its lock.
  func finish(_ result: RunResult, exitCode: Int32) {
    if result.status == .succeeded, let store = state.withLock({ $0.store }) {
      do {
        let used = state.withLock { $0.used }
        // Entities stay in the home's store when the history is on a server.
        let home =
          try (store as? RunStore)
          ?? RunStore(
            home: IntentFlowHome.resolve(
              environment: context.environment, currentDirectory: context.currentDirectory))
        try home.recordUse(of: Self.usedEntities(result, seen: used), at: context.now())
      } catch {
        context.printError("warning: the run's entities were not recorded: \(error)")
      }
    }
    record(
      status: result.status.rawValue, exitCode: exitCode, errorMessage: result.error?.message,
      failedStep: result.error?.step)
  }

  /// Notes the entities a step received as resolved parameters or returned, for the
  /// donation of a run that succeeds. Called from the run's observer, so that entities count
  /// even when the run keeps no step outputs (only `--json` keeps them all).
  func note(_ event: RunEvent) {
    switch event {
    case .stepResolved(_, let parameters):
      // Most steps take only text and numbers: nothing to visit, no lock to take.
      guard parameters.values.contains(where: \.mayHoldEntities) else { return }
      state.withLock { state in
        for name in parameters.keys.sorted() {
          if let value = parameters[name] { state.used.visit(value) }
        }
      }
    case .stepFinished(_, let output, _, _, _):
      if output.mayHoldEntities { state.withLock { $0.used.visit(output) } }
    default: break
    }
  }

  /// Notes that the run was cancelled by `signal` without waiting for it to stop: the
  /// process is about to exit (a second signal).
  func finishCancelled(signal: Int32) {
    record(
      status: RunStatus.cancelled.rawValue, exitCode: 128 + signal,
      errorMessage: "cancelled by signal \(signal) (a second signal ended it at once)",
      failedStep: nil)
  }

  private func record(status: String, exitCode: Int32, errorMessage: String?, failedStep: String?) {
    let claimed = state.withLock {
      state -> (any RunHistoryStore, RunLease, SecretValues, [(sequence: Int, row: StepRow)], Int)?
      in
      guard !state.finished, let store = state.store, let lease = state.lease else { return nil }
      state.finished = true
      let steps = state.stepsBroken ? [] : state.pendingSteps
      state.pendingSteps = []
      return (store, lease, state.secrets, steps, state.recoveredFailures)
    }
    guard let (store, lease, secrets, steps, recovered) = claimed else { return }
    defer { lease.release() }
    do {
      // The last steps and the run's end in one transaction.
      try store.finishRun(
        id: lease.runID, finishedAt: context.now(), status: status, exitCode: Int(exitCode),
        errorMessage: errorMessage.map { Self.redacted($0, hiding: secrets) },
        failedStep: failedStep, recoveredFailures: recovered, steps: steps)
    } catch {
      context.printError("warning: the run's end was not recorded in history: \(error)")
    }
  }

  /// The texts to hide: each input's text value, by the rules of ``SecretValues`` (searched
  /// for only when at least 4 bytes long, as hiding every `1` or `no` would garble the message
  /// and protect nothing). Secret inputs are hidden already, by the run's ``Redactor``.
  static func secretTexts(_ inputs: [String: Value]) -> SecretValues {
    SecretValues(
      inputs.values.compactMap { value -> String? in
        switch value {
        case .text(let text): return text
        default: return nil
        }
      })
  }

  /// `message` with every occurrence of each searched input value replaced by `***`; a message
  /// that is an input's value whole is not (it is the workflow's own text).
  static func redacted(_ message: String, hiding secrets: SecretValues) -> String {
    secrets.isWhole(message) ? message : secrets.masking(message)
  }

  /// The path as the scheduler keys it, so that history and the scheduler's overlap and
  /// catch-up checks agree on which file a run was.
  static func absolute(_ path: String, in directory: String) -> String {
    // `intent:ID` is an intent that `intentflow mcp` ran as a tool, not a file.
    path == "-" || path.hasPrefix("intent:") ? path : WorkflowPath.absolute(path, in: directory)
  }
}
