public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One step's pass as the run's step history keeps it (DESIGN §12): made when the step ends
/// and handed to the ``StepJournal``.
public struct StepEntry: Sendable {
  /// Where the step sits in the run: its position in its block from 1, below the steps that
  /// hold it, with the pass of a loop in brackets: `3`, `3.2`, `4[17].1`; a nested workflow's
  /// steps below their step (`5.1`), `onError` steps as `2.onError.1`.
  public var path: String
  /// The step's position among its plan's steps (``PlannedStep/index``).
  public var index: Int
  public var id: String?
  public var intent: IntentIdentifier?
  /// `intent`, `forEach`, `if`, `repeat` or `workflow`.
  public var kind: String
  public var status: StepStatus
  /// How many times the step was performed in this pass: 1, plus its retries; 0 for a step
  /// that a resumed run restored from the run it resumes.
  public var attempts: Int
  public var startedAt: Date
  public var finishedAt: Date
  /// The resolved parameters of an intent step that got as far as resolving them.
  public var parameters: [String: Value]?
  public var output: Value
  public var error: IntentFlowError?
  /// What the intent logged (``StepLog``).
  public var logs: [StepLog.Line]
  /// Whether the step failed and `onError` carried the run past it.
  public var recovered: Bool
  /// Whether ``output`` had a secret masked in it (``Redactor``), so that it cannot be
  /// restored by `resume`.
  public var outputMasked = false
  /// For a loop: its passes, how many had a failed step, and how many the history shows.
  public var passes: LoopPasses?
  /// Whether the step's intent may wait on the world (it does not perform inline), so that
  /// its effects may matter: the journal should keep the entry at once.
  public var mayHaveWaited: Bool

  /// An entry of one pass of an intent step, or of any kind when `kind` says so.
  public init(
    path: String, index: Int, id: String? = nil, intent: IntentIdentifier?,
    kind: String = "intent", status: StepStatus, attempts: Int = 1, startedAt: Date,
    finishedAt: Date, parameters: [String: Value]?, output: Value, error: IntentFlowError?,
    logs: [StepLog.Line] = [], recovered: Bool = false, passes: LoopPasses? = nil,
    mayHaveWaited: Bool = true
  ) {
    self.path = path
    self.index = index
    self.id = id
    self.intent = intent
    self.kind = kind
    self.status = status
    self.attempts = attempts
    self.startedAt = startedAt
    self.finishedAt = finishedAt
    self.parameters = parameters
    self.output = output
    self.error = error
    self.logs = logs
    self.recovered = recovered
    self.passes = passes
    self.mayHaveWaited = mayHaveWaited
  }
}

/// The passes of a loop, for its ``StepEntry``.
public struct LoopPasses: Sendable, Hashable {
  public var total: Int
  public var failed: Int
  public var recorded: Int

  public init(total: Int, failed: Int, recorded: Int) {
    self.total = total
    self.failed = failed
    self.recorded = recorded
  }
}

/// Where a run's steps go as they end: the step history (``Executor/Configuration/journal``).
///
/// Loops keep a sample: every step of the first ``sampledPasses`` passes of a loop, and from
/// the other passes only the steps that failed, and those that succeeded and may have waited
/// on the world (in brief: no parameters or logs), which `resume` must not perform again (and
/// the loop's own entry, with its counts).
public struct StepJournal: Sendable {
  /// Receives each entry, synchronously, from the task that ran the step; keep it quick.
  public var record: @Sendable (StepEntry) -> Void
  /// Called before an intent step that may wait (one that does not perform inline) is
  /// performed, with its entry as `running`, so that entries held back are written first and
  /// the step's own record says it is performing until its end replaces it.
  public var willWait: @Sendable (StepEntry) -> Void
  /// How many passes of each loop are recorded in full: 10.
  public var sampledPasses = 10
  /// What paths start with: empty for a run, `5.` for the steps of the workflow step `5`.
  public var pathPrefix = ""
  /// Whether succeeded and skipped steps are recorded; false inside a pass past the sample.
  public var recordsEverything = true

  /// - Parameters:
  ///   - record: Receives each entry.
  ///   - willWait: Called before a step that may wait.
  public init(
    record: @escaping @Sendable (StepEntry) -> Void,
    willWait: @escaping @Sendable (StepEntry) -> Void = { _ in }
  ) {
    self.record = record
    self.willWait = willWait
  }
}
