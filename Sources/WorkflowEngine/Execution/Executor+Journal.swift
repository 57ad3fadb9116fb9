// Hot code: recording every step that ends, when a run keeps a history. It keeps the rules of the
// paragraph at the top of `Executor.swift` (no copy or allocation per step that a plain reading
// would not make; see Docs/Performance.md).

import IntentKit
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The step history (DESIGN §12): when a run has a ``StepJournal``, each step that ends hands
/// it a ``StepEntry``.
///
/// A step's path is made only when its entry is: the run keeps the prefix of the block that
/// runs (`4[17].`), and each step its position in that block. Inside a loop, passes past the
/// journal's ``StepJournal/sampledPasses`` record only the steps that fail; the loop's own
/// entry counts its passes; a step past the sample that succeeded and may have waited on the
/// world is kept too, without its parameters and logs, so that `resume` does not perform it
/// again. A run without a journal pays one test per step.
extension RunState {
  /// Hands the journal the entry of a step that ended.
  ///
  /// Synchronous, as ``finish(_:output:dialog:snippet:duration:)`` is: closures and
  /// temporaries of an async function would be allocated in the task.
  mutating func journalEnded(
    _ step: PlannedStep, at ordinal: Int, in prefix: String, status: StepStatus, output: Value,
    error: IntentFlowError?, started: Duration, recovered: Bool
  ) {
    guard let journal else { return }
    let ended = clockReading()
    var parameters: [String: Value]?
    var logs: [StepLog.Line] = []
    var attempts = 1
    var passes: LoopPasses?
    var waits = false
    switch step.kind {
    case .action(let action):
      parameters = capturedParameters?.take()
      logs = stepLog?.take() ?? []
      attempts = self.attempts
      waits = !action.descriptor.performsInline
    case .forEach, .repeatLoop:
      passes = loopPasses
      loopPasses = nil
    case .branch, .workflow:
      break
    }
    if !recordsEverything, status == .succeeded {
      // A step past a loop's sample, kept for `resume` only: in brief.
      (parameters, logs) = (nil, [])
    }
    if restoring {
      // Restored from the run resumed: not performed in this one.
      (attempts, parameters, logs, restoring) = (0, nil, [], false)
    }
    journal.record(
      StepEntry(
        path: prefix + String(ordinal), index: step.index, id: step.id, intent: step.intent,
        kind: step.kindName, status: status, attempts: attempts,
        startedAt: wallOrigin.addingTimeInterval((started - clockOrigin).inSeconds),
        finishedAt: wallOrigin.addingTimeInterval((ended - clockOrigin).inSeconds),
        parameters: parameters, output: output, error: error, logs: logs,
        recovered: recovered, passes: passes, mayHaveWaited: waits))
  }

  /// Tells the journal that an intent step that may wait starts performing, with its entry
  /// as `running` (its path is the block's prefix and the step's position, as at its end).
  func journalWillPerform(_ step: PlannedStep) {
    guard let journal else { return }
    let now = wallOrigin.addingTimeInterval((clockReading() - clockOrigin).inSeconds)
    journal.willWait(
      StepEntry(
        path: journalPrefix + String(ordinal), index: step.index, id: step.id,
        intent: step.intent, kind: step.kindName, status: .running, startedAt: now,
        finishedAt: now, parameters: nil, output: .null, error: nil))
  }

  /// Starts pass `pass` (from 1) of a loop whose passes' paths start with `prefix`
  /// (`4[`): the steps of the first ``StepJournal/sampledPasses`` passes are all recorded.
  mutating func beginPass(
    _ pass: Int, prefix: String, recordsAll: Bool, counting passes: inout LoopPasses
  ) {
    journalPrefix = prefix + String(pass) + "]."
    let sampled = pass <= (journal?.sampledPasses ?? 0)
    recordsEverything = recordsAll && sampled
    passes.total = pass
    if recordsEverything { passes.recorded += 1 }
  }

  /// Ends a pass begun with ``beginPass(_:prefix:recordsAll:counting:)``: a pass in which a
  /// step failed counts as failed, and as recorded too (its failed steps are).
  func endPass(failed: Bool, recordsAll: Bool, counting passes: inout LoopPasses) {
    guard failed else { return }
    passes.failed += 1
    if recordsAll, !recordsEverything { passes.recorded += 1 }
  }
}

/// The resolved parameters of the intent step that runs, kept for its entry: the lifecycle
/// reports them through ``IntentInvocation/Options/onResolvedValues`` from the step's task, by
/// position; the dictionary is made only for a step whose entry is made.
final class CapturedParameters: Sendable {
  private let parameters = Mutex<(names: [String], values: [Value])?>(nil)

  func set(_ names: [String], _ values: [Value]) {
    parameters.withLock { $0 = (names, values) }
  }

  /// The parameters, leaving none for the next step.
  func take() -> [String: Value]? {
    let taken = parameters.withLock { value in
      defer { value = nil }
      return value
    }
    return taken.map { Dictionary(zip($0.names, $0.values)) { first, _ in first } }
  }

  /// Forgets the parameters of a step whose entry is not made.
  func clear() {
    parameters.withLock { $0 = nil }
  }
}
