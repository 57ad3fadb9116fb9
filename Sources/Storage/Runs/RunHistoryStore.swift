#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Where runs, their steps, the scheduler's events and its fire claims are kept: the home's
/// SQLite file (``RunStore``, the default) or a PostgreSQL server that several machines share
/// (``PostgresRunStore``, `INTENTFLOW_STORE=postgresql://…`).
///
/// Both keep the same records and make the same promises, and one test suite runs against
/// both: every record is written whole or not at all; ``claim(_:)`` lets exactly one caller
/// have a fire time however many ask at once; a run's ``RunLease`` is what says it is alive,
/// so that a run whose process died is seen as abandoned without asking for its process id.
public protocol RunHistoryStore: AnyObject, Sendable {
  /// The store as messages name it: a file's path, or a server's URI without its password.
  var location: String { get }

  /// Records that a run has started, and takes the lease that says it is alive until
  /// ``RunLease/release()`` or the process's death.
  func beginLockedRun(
    workflowName: String, workflowPath: String, trigger: RunTrigger, startedAt: Date,
    launch: RunLaunch
  ) throws(StorageError) -> RunLease

  /// Records how a run ended; finishing it again replaces the outcome.
  func finishRun(
    id: Int64, finishedAt: Date, status: String, exitCode: Int?, errorMessage: String?,
    failedStep: String?
  ) throws(StorageError)

  /// Records how a run ended, with its failures carried past and its last steps, in one
  /// transaction.
  func finishRun(
    id: Int64, finishedAt: Date, status: String, exitCode: Int?, errorMessage: String?,
    failedStep: String?, recoveredFailures: Int, steps: [(sequence: Int, row: StepRow)]
  ) throws(StorageError)

  /// Records steps of a run; a step recorded again under its sequence number is replaced.
  func recordSteps(_ steps: [(sequence: Int, row: StepRow)], runID: Int64) throws(StorageError)

  /// The newest runs that match every condition given, newest first.
  func runs(
    workflowName: String?, status: String?, trigger: RunTrigger?, since: Date?, limit: Int
  ) throws(StorageError) -> [RunRecord]

  /// The run with the given id, or `nil`.
  func run(id: Int64) throws(StorageError) -> RunRecord?

  /// A run's recorded steps, in the order they were recorded.
  func steps(ofRun runID: Int64) throws(StorageError) -> [StepRow]

  /// How many failures `onError` carried past in a run.
  func recoveredFailures(ofRun runID: Int64) throws(StorageError) -> Int

  /// Marks the unfinished runs whose lease is gone as abandoned; `isAlive` judges runs that
  /// have no lease (recorded before leases).
  @discardableResult
  func markAbandonedRuns(isAlive: (Int32) -> Bool) throws(StorageError) -> Int

  /// Whether an unfinished run is still running.
  func isAlive(_ run: RunRecord, isProcessAlive: (Int32) -> Bool) -> Bool

  /// Whether the lease of run `runID` is held; `nil` when the store cannot tell.
  func isLockHeld(runID: Int64) -> Bool?

  /// The runs resuming run `id` that have not ended.
  func unfinishedRuns(resuming id: Int64) throws(StorageError) -> [RunRecord]

  /// Records a scheduler event.
  @discardableResult
  func record(_ event: NewScheduleEvent) throws(StorageError) -> Int64

  /// Records `event` unless its fire time was handled before; `nil` when it was.
  func claim(_ event: NewScheduleEvent) throws(StorageError) -> Int64?

  /// The newest scheduler events, newest first.
  func events(
    workflowPath: String?, kinds: Set<ScheduleEvent.Kind>?, limit: Int
  ) throws(StorageError) -> [ScheduleEvent]

  /// The latest fire time handled for a file.
  func lastFire(workflowPath: String) throws(StorageError) -> Date?

  /// Deletes what the retention policy no longer keeps, and gives the space back.
  @discardableResult
  func prune(keeping retention: RunStore.Retention, now: Date) throws(StorageError)
    -> RunStore.PruneResult
}

extension RunHistoryStore {
  /// The newest runs, of one workflow or of all, newest first.
  public func runs(workflowName: String? = nil, limit: Int = 20) throws(StorageError)
    -> [RunRecord]
  {
    try runs(workflowName: workflowName, status: nil, trigger: nil, since: nil, limit: limit)
  }

  /// The newest scheduler events, newest first.
  public func events(
    workflowPath: String? = nil, kinds: Set<ScheduleEvent.Kind>? = nil, limit: Int = 100
  ) throws(StorageError) -> [ScheduleEvent] {
    try events(workflowPath: workflowPath, kinds: kinds, limit: limit)
  }

  /// Records that a run has started, with no launch data.
  public func beginLockedRun(
    workflowName: String, workflowPath: String, trigger: RunTrigger, startedAt: Date
  ) throws(StorageError) -> RunLease {
    try beginLockedRun(
      workflowName: workflowName, workflowPath: workflowPath, trigger: trigger,
      startedAt: startedAt, launch: RunLaunch())
  }

  /// Marks abandoned runs, judging runs without a lease by whether their process exists here.
  @discardableResult
  public func markAbandonedRuns() throws(StorageError) -> Int {
    try markAbandonedRuns(isAlive: RunStore.isProcessAlive)
  }

  /// Whether an unfinished run is still running, judging a run without a lease by whether
  /// its process exists here.
  public func isAlive(_ run: RunRecord) -> Bool {
    isAlive(run, isProcessAlive: RunStore.isProcessAlive)
  }

  /// Prunes with `retention` once every `interval` runs (when `runID` is a multiple of it),
  /// so that the store stays bounded at a negligible cost per run.
  @discardableResult
  public func pruneIfDue(
    runID: Int64, interval: Int64 = 100, keeping retention: RunStore.Retention = .standard,
    now: Date
  ) throws(StorageError) -> RunStore.PruneResult? {
    guard interval > 0, runID % interval == 0 else { return nil }
    return try prune(keeping: retention, now: now)
  }
}

extension RunStore: RunHistoryStore {
  public var location: String { database.path }
}
