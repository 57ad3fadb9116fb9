import CSQLite

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The history of workflow runs and of the scheduler's decisions, in `<home>/runs.sqlite`.
///
/// Many processes use one store at once: each `intentflow run` records its run, and the
/// scheduler daemon records what it fired, skipped or caught up. Every method is one statement
/// (or one transaction), so a record is either fully written or not at all.
public final class RunStore: Sendable {
  /// The database the store keeps its tables in.
  public let database: Database

  /// Uses the given database, creating or upgrading the store's tables in it.
  /// - Parameter database: The database.
  /// - Throws: ``StorageError`` when the tables cannot be created, or the database was made
  ///   by a newer release.
  public init(database: Database) throws(StorageError) {
    self.database = database
    try database.migrate(RunStore.migrations)
  }

  /// Opens the store in `<home>/runs.sqlite`, creating the directory and file as needed.
  /// - Parameter home: The IntentFlow home directory.
  /// - Throws: ``StorageError`` naming the file when it cannot be opened or migrated.
  public convenience init(home: IntentFlowHome) throws(StorageError) {
    try self.init(database: Database(path: home.databasePath("runs"), pageSize: Self.pageSize))
  }

  /// The page size of a new `runs.sqlite`: 1 KB rather than SQLite's 4 KB.
  ///
  /// Each `intentflow run` is a new process, and the first connection to a file rebuilds the
  /// log's index by reading and checksumming every frame of the log (up to
  /// `Connection.walPages`, 200, before it is checkpointed). A run changes about six pages
  /// (its row and three index entries, then its end), so the log holds the same number of
  /// frames whatever the page size, but 1 KB frames are a quarter of the bytes to read: 0.1
  /// ms of CPU less for a cold run on average, with no more checkpoints (and their syncs).
  /// A file made before keeps its 4 KB pages: a page size changes only with a `VACUUM`
  /// outside WAL mode, which a process that shares the file cannot do.
  static let pageSize = 1024

  // MARK: Runs

  /// Records that a run has started.
  /// - Parameters:
  ///   - workflowName: The workflow's `name`.
  ///   - workflowPath: The workflow file's path.
  ///   - trigger: What started it.
  ///   - startedAt: When it started.
  ///   - processID: The process running it, so that its death can be noticed; see
  ///     ``markAbandonedRuns(isAlive:)``.
  /// - Returns: The run's id, for ``finishRun(id:finishedAt:status:exitCode:errorMessage:failedStep:)``.
  /// - Throws: ``StorageError`` when the record cannot be written.
  @discardableResult
  public func beginRun(
    workflowName: String, workflowPath: String, trigger: RunTrigger, startedAt: Date,
    processID: Int32? = nil
  ) throws(StorageError) -> Int64 {
    try database.run(
      SQL.beginRun,
      [
        .text(workflowName), .text(workflowPath), .text(trigger.rawValue), .date(startedAt),
        SQLValue(processID), .null, .null, .null,
      ]
    ).lastInsertRowID
  }

  /// Records how a run ended. Finishing a run again replaces its outcome, so a run wrongly
  /// marked abandoned is corrected when it does finish.
  /// - Parameters:
  ///   - id: The id ``beginRun(workflowName:workflowPath:trigger:startedAt:processID:)`` gave.
  ///   - finishedAt: When it finished.
  ///   - status: The engine's status text: `"succeeded"`, `"failed"`, `"needsValue"`, ….
  ///   - exitCode: The runner's exit code.
  ///   - errorMessage: The error it stopped with.
  ///   - failedStep: The id of the step that failed.
  /// - Throws: ``StorageError`` when the store has no run `id` (code
  ///   ``StorageError/Code/notFound``), or the record cannot be written.
  public func finishRun(
    id: Int64, finishedAt: Date, status: String, exitCode: Int?, errorMessage: String? = nil,
    failedStep: String? = nil
  ) throws(StorageError) {
    let changes = try database.run(
      SQL.finishRun,
      [
        .date(finishedAt), .text(status), SQLValue(exitCode), SQLValue(errorMessage),
        SQLValue(failedStep), .integer(id),
      ]
    ).changes
    guard changes == 1 else {
      throw StorageError(
        code: SQLITE_NOTFOUND, message: "there is no run \(id)", path: database.path,
        action: "cannot finish run \(id) in database",
        remedy: "it may have been pruned; finish only runs that beginRun returned")
    }
  }

  /// The newest runs, newest first.
  /// - Parameters:
  ///   - workflowName: Only this workflow's runs; all runs when `nil`.
  ///   - limit: The most runs to return.
  /// - Returns: Up to `limit` runs, by start time, newest first.
  /// - Throws: ``StorageError`` when the store cannot be read.
  /// - Complexity: O(`limit`), through an index.
  public func runs(workflowName: String? = nil, limit: Int = 20) throws(StorageError)
    -> [RunRecord]
  {
    let limit = SQLValue.integer(Int64(max(0, limit)))
    let rows =
      if let workflowName {
        try database.query(SQL.runsOfWorkflow, [.text(workflowName), limit])
      } else {
        try database.query(SQL.runs, [limit])
      }
    return try rows.map { (row) throws(StorageError) in try runRecord(from: row) }
  }

  /// The newest runs that match every condition given, newest first.
  /// - Parameters:
  ///   - workflowName: Only this workflow's runs.
  ///   - status: Only runs with this status (`running`: runs without one yet).
  ///   - trigger: Only runs started so.
  ///   - since: Only runs started at or after this time.
  ///   - limit: The most runs to return.
  /// - Returns: Up to `limit` runs, by start time, newest first.
  /// - Throws: ``StorageError`` when the store cannot be read.
  public func runs(
    workflowName: String?, status: String?, trigger: RunTrigger?, since: Date?, limit: Int
  ) throws(StorageError) -> [RunRecord] {
    var bindings: [SQLValue] = []
    if let workflowName { bindings.append(.text(workflowName)) }
    if let status, status != "running" { bindings.append(.text(status)) }
    if let trigger { bindings.append(.text(trigger.rawValue)) }
    if let since { bindings.append(.date(since)) }
    bindings.append(.integer(Int64(max(0, limit))))
    let sql = SQL.runs(
      workflow: workflowName != nil, status: status, trigger: trigger != nil, since: since != nil)
    return try database.query(sql, bindings).map { (row) throws(StorageError) in
      try runRecord(from: row)
    }
  }

  /// The run with the given id, or `nil` when there is none.
  /// - Parameter id: The run's id.
  /// - Returns: The run.
  /// - Throws: ``StorageError`` when the store cannot be read.
  public func run(id: Int64) throws(StorageError) -> RunRecord? {
    let rows = try database.query(SQL.run, [.integer(id)])
    return try rows.first.map { (row) throws(StorageError) in try runRecord(from: row) }
  }

  /// Deletes finished runs that started before `date`; runs still running are kept. Events
  /// that pointed at a deleted run keep their place but lose their ``ScheduleEvent/runID``.
  /// - Parameter date: The oldest start time to keep.
  /// - Returns: How many runs were deleted.
  /// - Throws: ``StorageError`` when the store cannot be written.
  @discardableResult
  public func pruneRuns(olderThan date: Date) throws(StorageError) -> Int {
    try database.run(SQL.pruneRuns, [.date(date)]).changes
  }

  /// Gives the status ``RunRecord/abandonedStatus`` to runs left running by a process that
  /// has died (it crashed, or was killed with `SIGKILL`).
  ///
  /// A run is dead when its lock (``RunLease``) is free: the kernel let go of it when the
  /// process ended. Process ids are not consulted for such runs, since they are reused and
  /// mean nothing across containers sharing a home. Only a run without a lock file (recorded
  /// before locks, or by ``beginRun(workflowName:workflowPath:trigger:startedAt:processID:)``)
  /// is judged by `isAlive`; one with neither is left alone. The checks run before the write
  /// lock is taken, and a run that finishes meanwhile keeps its own status.
  /// - Parameter isAlive: Whether the process with this id is alive; by default, whether one
  ///   exists on this machine (``isProcessAlive(_:)``).
  /// - Returns: How many runs were marked.
  /// - Throws: ``StorageError`` when the store cannot be read or written.
  @discardableResult
  public func markAbandonedRuns(
    isAlive: (Int32) -> Bool = RunStore.isProcessAlive
  ) throws(StorageError) -> Int {
    let running = try database.query(SQL.unfinishedRuns)
    var dead: [Int64] = []
    for row in running {
      guard let id = try row.int("id") else { continue }
      let processID = try row.int("process_id").flatMap(Int32.init(exactly:))
      let alive = liveness(id: id, processID: processID, isProcessAlive: isAlive)
      if alive == false { dead.append(id) }
    }
    guard !dead.isEmpty else { return 0 }
    let marked = try database.writeTransaction { (connection) throws(StorageError) in
      var marked = 0
      for id in dead {
        marked +=
          try connection.run(
            SQL.abandonRun,
            [.text(RunRecord.abandonedStatus), .text(RunRecord.abandonedReason), .integer(id)]
          )
          .changes
      }
      return marked
    }
    removeLockFiles(of: dead)
    return marked
  }

  /// Whether a process with the given id exists on this machine (`kill(pid, 0)`).
  /// - Parameter processID: The process id.
  /// - Returns: `true` when the process exists, even if owned by another user.
  public static func isProcessAlive(_ processID: Int32) -> Bool {
    // 0 and negative ids address process groups, never one run's process.
    guard processID > 0 else { return false }
    return kill(processID, 0) == 0 || errno == EPERM
  }

  // MARK: Schedule events

  /// Records a scheduler event.
  /// - Parameter event: The event.
  /// - Returns: The event's id.
  /// - Throws: ``StorageError`` when the record cannot be written.
  @discardableResult
  public func record(_ event: NewScheduleEvent) throws(StorageError) -> Int64 {
    try database.run(
      SQL.recordEvent,
      [
        .text(event.workflowName), .text(event.workflowPath), .text(event.kind.rawValue),
        SQLValue(event.scheduledFor), .date(event.recordedAt), SQLValue(event.runID),
        SQLValue(event.detail),
      ]
    ).lastInsertRowID
  }

  /// Records `event`, which handles a fire time (``ScheduleEvent/Kind/handledFireTimes``),
  /// unless an event already handled the same fire time of the same file: the claim that
  /// lets one scheduler, and only one, run a fire time, however many look at it (a daemon
  /// taking over from one that died, `schedule --once` from a cron line beside a daemon).
  ///
  /// The check and the insert are one `BEGIN IMMEDIATE` transaction, so two processes that
  /// claim a fire time at once cannot both win.
  /// - Parameter event: The event; its ``NewScheduleEvent/scheduledFor`` is the fire time.
  /// - Returns: The new event's id, or `nil` when the fire time was claimed before.
  /// - Throws: ``StorageError`` when the store cannot be read or written.
  /// - Complexity: O(log n), through the partial index of handled fire times.
  public func claim(_ event: NewScheduleEvent) throws(StorageError) -> Int64? {
    try database.writeTransaction { (connection) throws(StorageError) -> Int64? in
      if let scheduledFor = event.scheduledFor {
        let taken = try connection.query(
          SQL.fireHandled, [.text(event.workflowPath), .date(scheduledFor)])
        if !taken.isEmpty { return nil }
      }
      return try connection.run(
        SQL.recordEvent,
        [
          .text(event.workflowName), .text(event.workflowPath), .text(event.kind.rawValue),
          SQLValue(event.scheduledFor), .date(event.recordedAt), SQLValue(event.runID),
          SQLValue(event.detail),
        ]
      ).lastInsertRowID
    }
  }

  /// The newest scheduler events, newest first.
  /// - Parameters:
  ///   - workflowPath: Only this file's events; all events when `nil`.
  ///   - kinds: Only events of these kinds; all kinds when `nil`.
  ///   - limit: The most events to return.
  /// - Returns: Up to `limit` events, by the time they were recorded, newest first.
  /// - Throws: ``StorageError`` when the store cannot be read.
  public func events(
    workflowPath: String? = nil, kinds: Set<ScheduleEvent.Kind>? = nil, limit: Int = 100
  ) throws(StorageError) -> [ScheduleEvent] {
    if let kinds, kinds.isEmpty { return [] }
    var bindings: [SQLValue] = []
    if let workflowPath {
      bindings.append(.text(workflowPath))
    }
    let kindNames = kinds?.map(\.rawValue) ?? []
    bindings += kindNames.map(SQLValue.text)
    bindings.append(.integer(Int64(max(0, limit))))
    let sql = SQL.events(ofFile: workflowPath != nil, kindCount: kindNames.count)
    let rows = try database.query(sql, bindings)
    return try rows.map { (row) throws(StorageError) in try scheduleEvent(from: row) }
  }

  /// The latest fire time the scheduler handled for a file: the newest ``ScheduleEvent/scheduledFor``
  /// among its ``ScheduleEvent/Kind/handledFireTimes`` events (fired, caught up, skipped or
  /// missed).
  ///
  /// After downtime, the scheduler catches up on the fire times after this one.
  /// - Parameter workflowPath: The workflow file's path.
  /// - Returns: The fire time, or `nil` when none was handled.
  /// - Throws: ``StorageError`` when the store cannot be read.
  /// - Complexity: O(log n), through a partial index.
  public func lastFire(workflowPath: String) throws(StorageError) -> Date? {
    try database.query(SQL.lastFire, [.text(workflowPath)]).first?.date("last_fire")
  }

  /// Deletes events recorded before `date`, except each file's event holding its
  /// ``lastFire(workflowPath:)``, which catch-up needs however old it is.
  /// - Parameter date: The oldest recording time to keep.
  /// - Returns: How many events were deleted.
  /// The runs resuming run `id` that have not ended (see ``markAbandonedRuns(isAlive:)``
  /// for runs whose process died), so that a run is not resumed twice at once.
  /// - Throws: ``StorageError`` when the store cannot be read.
  public func unfinishedRuns(resuming id: Int64) throws(StorageError) -> [RunRecord] {
    let rows = try database.query(SQL.unfinishedResumes, [.integer(id)])
    return try rows.map { (row) throws(StorageError) in try runRecord(from: row) }
  }

  /// - Throws: ``StorageError`` when the store cannot be written.
  @discardableResult
  public func pruneEvents(olderThan date: Date) throws(StorageError) -> Int {
    try database.run(SQL.pruneEvents, [.date(date)]).changes
  }

  // MARK: Reading rows

  private func runRecord(from row: Row) throws(StorageError) -> RunRecord {
    try Self.runRecord(from: row, location: database.path)
  }

  private func scheduleEvent(from row: Row) throws(StorageError) -> ScheduleEvent {
    try Self.scheduleEvent(from: row, location: database.path)
  }

  /// Reads a run from a row of ``SQL/runColumns`` (of either store).
  static func runRecord(from row: Row, location: String) throws(StorageError) -> RunRecord {
    func unreadable(_ message: String, newer: Bool = false) -> StorageError {
      RunStore.unreadable(message, newer: newer, location: location)
    }
    guard let id = try row.int("id") else { throw unreadable("a run without an id") }
    guard let triggerText = try row.text("trigger") else {
      throw unreadable("run \(id) has no trigger")
    }
    guard let trigger = RunTrigger(rawValue: triggerText) else {
      throw unreadable("run \(id) has unknown trigger '\(triggerText)'", newer: true)
    }
    guard let startedAt = try row.date("started_at") else {
      throw unreadable("run \(id) has no start time")
    }
    return try RunRecord(
      id: id, workflowName: row.text("workflow_name") ?? "",
      workflowPath: row.text("workflow_path") ?? "", trigger: trigger, startedAt: startedAt,
      finishedAt: row.date("finished_at"), status: row.text("status"),
      exitCode: row.int("exit_code").flatMap(Int.init(exactly:)),
      errorMessage: row.text("error_message"), failedStep: row.text("failed_step"),
      processID: row.int("process_id").flatMap(Int32.init(exactly:)),
      recoveredFailures: row.int("recovered_failures").flatMap(Int.init(exactly:)) ?? 0,
      fileHash: row.text("file_hash"), inputs: row.text("inputs"),
      resumedRun: row.int("resumed_run"))
  }

  /// Reads an event from a row of ``SQL/eventColumns`` (of either store).
  static func scheduleEvent(from row: Row, location: String) throws(StorageError)
    -> ScheduleEvent
  {
    func unreadable(_ message: String, newer: Bool = false) -> StorageError {
      RunStore.unreadable(message, newer: newer, location: location)
    }
    guard let id = try row.int("id") else { throw unreadable("an event without an id") }
    guard let kindText = try row.text("kind") else { throw unreadable("event \(id) has no kind") }
    guard let kind = ScheduleEvent.Kind(rawValue: kindText) else {
      throw unreadable("event \(id) has unknown kind '\(kindText)'", newer: true)
    }
    guard let recordedAt = try row.date("recorded_at") else {
      throw unreadable("event \(id) has no recording time")
    }
    return try ScheduleEvent(
      id: id, workflowName: row.text("workflow_name") ?? "",
      workflowPath: row.text("workflow_path") ?? "", kind: kind,
      scheduledFor: row.date("scheduled_for"), recordedAt: recordedAt, runID: row.int("run_id"),
      detail: row.text("detail"))
  }

  static func unreadable(_ message: String, newer: Bool, location: String) -> StorageError {
    StorageError(
      code: SQLITE_MISMATCH, message: message, path: location,
      action: "cannot read the run history in database",
      remedy: newer
        ? "it was written by a newer intentflow; upgrade intentflow"
        : "the file was changed by another program; move it aside to start a new history")
  }
}
