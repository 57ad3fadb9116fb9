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

/// The run history in a PostgreSQL server that several machines share
/// (`INTENTFLOW_STORE=postgresql://USER@HOST:PORT/DB`): the same records as ``RunStore``,
/// migrated on first use.
///
/// - A fire time is claimed by an insert that a unique index of handled fire times lets
///   through once (`ON CONFLICT DO NOTHING`), so schedulers on several machines run each fire
///   time exactly once. The index keys a workflow by its `name`, not its file's path: the
///   machines may keep the same workflows in different directories.
/// - A run is alive while the session that began it holds the session advisory lock
///   (``lockNamespace``, run id): the server lets go of it when that process dies or loses
///   its connection, so a run is seen as abandoned without process ids, from any machine.
/// - Times are seconds since 1970 in `double precision` columns, as in the SQLite store, so
///   that both read and sort the same.
public final class PostgresRunStore: RunHistoryStore {
  /// The first key of the store's advisory locks ("IFLW"); the second is a run's id.
  public static let lockNamespace: Int32 = 0x4946_4C57

  private let connection: PostgresConnection

  public var location: String { connection.address }

  /// Connects to the server and creates or upgrades the store's tables.
  ///
  /// - Parameter uri: A libpq connection URI (`postgresql://…` or `postgres://…`).
  /// - Throws: ``StorageError`` naming the server (without its password) when libpq is
  ///   missing, the server cannot be reached, or it holds a newer release's tables.
  public init(uri: String) throws(StorageError) {
    connection = try PostgresConnection(uri: uri)
    try migrate()
    // Step history and run ends commit without waiting for the server's disk, as the SQLite
    // store's do (WAL, synchronous=NORMAL): a crash of the server may lose the last ones, never
    // tear one. What must not be lost waits for the disk: runs' beginnings and fire claims.
    try connection.execute("SET synchronous_commit TO OFF")
  }

  /// Whether `text` names a PostgreSQL store rather than a file.
  public static func isPostgresURI(_ text: String) -> Bool {
    text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
  }

  // MARK: Migrations

  private func migrate() throws(StorageError) {
    let migrations = Self.migrations
    let address = location
    try connection.transaction { (execute) throws(StorageError) in
      // One migrator at a time, however many machines start at once.
      _ = try execute("SELECT pg_advisory_xact_lock(?, 0)", [.integer(Int64(Self.lockNamespace))])
      _ = try execute(
        "CREATE TABLE IF NOT EXISTS intentflow_schema (version INTEGER NOT NULL)", [])
      let current =
        try execute("SELECT max(version) AS version FROM intentflow_schema", [])
        .first?.int("version") ?? 0
      guard current <= Int64(migrations.count) else {
        throw StorageError(
          code: StorageError.Code.error,
          message: "its tables are at version \(current), newer than this release's "
            + "\(migrations.count)", path: address, action: "cannot use PostgreSQL store",
          remedy: "upgrade intentflow on this machine")
      }
      for (index, migration) in migrations.enumerated() where index >= Int(current) {
        // One statement per call: the extended protocol takes no more.
        for statement in migration.components(separatedBy: ";\n")
        where !statement.allSatisfy(\.isWhitespace) {
          _ = try execute(statement, [])
        }
        _ = try execute(
          "INSERT INTO intentflow_schema (version) VALUES (?)",
          [
            .integer(Int64(index + 1))
          ])
      }
    }
  }

  static let handledKinds = "('fired', 'caughtUp', 'skipped', 'missed')"

  static let migrations: [String] = [
    """
    CREATE TABLE runs (
      id BIGSERIAL PRIMARY KEY,
      workflow_name TEXT NOT NULL,
      workflow_path TEXT NOT NULL,
      trigger TEXT NOT NULL,
      started_at DOUBLE PRECISION NOT NULL,
      finished_at DOUBLE PRECISION,
      status TEXT,
      exit_code INTEGER,
      error_message TEXT,
      failed_step TEXT,
      process_id INTEGER,
      recovered_failures INTEGER NOT NULL DEFAULT 0,
      file_hash TEXT,
      inputs TEXT,
      resumed_run BIGINT
    );
    CREATE INDEX runs_by_start ON runs (started_at);
    CREATE INDEX runs_by_workflow ON runs (workflow_name, started_at);
    CREATE INDEX runs_unfinished ON runs (id) WHERE status IS NULL;

    CREATE TABLE steps (
      run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      path TEXT NOT NULL,
      step_id TEXT,
      intent TEXT,
      kind TEXT NOT NULL,
      status TEXT NOT NULL,
      attempts INTEGER NOT NULL,
      started_at DOUBLE PRECISION NOT NULL,
      finished_at DOUBLE PRECISION NOT NULL,
      parameters TEXT,
      parameters_cut INTEGER,
      output TEXT,
      output_cut INTEGER,
      error_kind TEXT,
      error_message TEXT,
      logs TEXT,
      recovered INTEGER NOT NULL DEFAULT 0,
      passes INTEGER,
      failed_passes INTEGER,
      recorded_passes INTEGER,
      output_full TEXT,
      output_masked INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (run_id, seq)
    );

    CREATE TABLE schedule_events (
      id BIGSERIAL PRIMARY KEY,
      workflow_name TEXT NOT NULL,
      workflow_path TEXT NOT NULL,
      kind TEXT NOT NULL,
      scheduled_for DOUBLE PRECISION,
      recorded_at DOUBLE PRECISION NOT NULL,
      run_id BIGINT REFERENCES runs (id) ON DELETE SET NULL,
      detail TEXT
    );
    CREATE INDEX schedule_events_by_time ON schedule_events (recorded_at);
    CREATE INDEX schedule_events_by_path ON schedule_events (workflow_path, recorded_at);
    CREATE INDEX schedule_events_by_run ON schedule_events (run_id);
    CREATE UNIQUE INDEX schedule_events_fires ON schedule_events (workflow_name, scheduled_for)
      WHERE kind IN \(handledKinds);
    """
  ]

  // MARK: Runs

  public func beginLockedRun(
    workflowName: String, workflowPath: String, trigger: RunTrigger, startedAt: Date,
    launch: RunLaunch = RunLaunch()
  ) throws(StorageError) -> RunLease {
    let id = try connection.transaction { (execute) throws(StorageError) -> Int64 in
      _ = try execute("SET LOCAL synchronous_commit TO ON", [])
      // The lock is taken by the insert itself: held by this session, past the commit, until
      // released or the session ends.
      let rows = try execute(
        """
        INSERT INTO runs (
          workflow_name, workflow_path, trigger, started_at, process_id, file_hash, inputs,
          resumed_run)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        RETURNING id, pg_advisory_lock(?, (id % 2147483648)::int4) IS NULL AS locked
        """,
        [
          .text(Self.storable(workflowName)), .text(Self.storable(workflowPath)),
          .text(trigger.rawValue), .date(startedAt), .integer(Int64(getpid())),
          SQLValue(launch.fileHash), SQLValue(launch.inputs.map(Self.storable)),
          SQLValue(launch.resumedRun), .integer(Int64(Self.lockNamespace)),
        ])
      guard let id = try rows.first?.int("id") else {
        throw StorageError(
          code: StorageError.Code.error, message: "the insert returned no id",
          path: location, action: "cannot record a run in PostgreSQL store")
      }
      return id
    }
    let connection = connection
    return RunLease(runID: id) {
      _ = try? connection.execute(
        "SELECT pg_advisory_unlock(?, ?)",
        [.integer(Int64(Self.lockNamespace)), .integer(Int64(Self.lockKey(id)))])
    }
  }

  /// The second key of run `id`'s advisory lock: an `int4`, as the two-key form takes.
  static func lockKey(_ id: Int64) -> Int32 { Int32(id % 2_147_483_648) }

  public func finishRun(
    id: Int64, finishedAt: Date, status: String, exitCode: Int?, errorMessage: String? = nil,
    failedStep: String? = nil
  ) throws(StorageError) {
    let changes = try connection.execute(
      RunStore.SQL.finishRun,
      [
        .date(finishedAt), .text(status), SQLValue(exitCode),
        SQLValue(errorMessage.map(Self.storable)), SQLValue(failedStep.map(Self.storable)),
        .integer(id),
      ]
    ).changes
    if changes != 1 { throw noRun(id) }
  }

  public func finishRun(
    id: Int64, finishedAt: Date, status: String, exitCode: Int?, errorMessage: String?,
    failedStep: String?, recoveredFailures: Int, steps: [(sequence: Int, row: StepRow)]
  ) throws(StorageError) {
    let found = try connection.transaction { (execute) throws(StorageError) -> Bool in
      try Self.insert(steps, runID: id, execute: execute)
      return try !execute(
        RunStore.SQL.finishRunWithSteps + " RETURNING id",
        [
          .date(finishedAt), .text(status), SQLValue(exitCode),
          SQLValue(errorMessage.map(Self.storable)), SQLValue(failedStep.map(Self.storable)),
          .integer(Int64(recoveredFailures)), .integer(id),
        ]
      ).isEmpty
    }
    if !found { throw noRun(id) }
  }

  public func recordSteps(
    _ steps: [(sequence: Int, row: StepRow)], runID: Int64
  ) throws(StorageError) {
    guard !steps.isEmpty else { return }
    // Up to a statement's worth, one statement, atomic by itself: one round trip.
    if steps.count <= Self.stepsPerStatement {
      let connection = connection
      try Self.insert(steps, runID: runID) { (sql, bindings) throws(StorageError) in
        try connection.execute(sql, bindings).rows
      }
      return
    }
    try connection.transaction { (execute) throws(StorageError) in
      try Self.insert(steps, runID: runID, execute: execute)
    }
  }

  /// Writes steps in one statement (one round trip), in a transaction that does not wait for
  /// the server's disk: step history is written as SQLite's is (a commit that a power cut may
  /// lose, never a torn one), while runs' beginnings and fire claims wait for it.
  private static func insert(
    _ steps: [(sequence: Int, row: StepRow)], runID: Int64,
    execute: (String, [SQLValue]) throws(StorageError) -> [Row]
  ) throws(StorageError) {
    guard !steps.isEmpty else { return }
    // A step recorded `running` and then ended may come in one batch: the later record wins,
    // as it does one statement at a time (one statement may not change a row twice).
    var last: [Int: Int] = [:]
    for (index, step) in steps.enumerated() { last[step.sequence] = index }
    let steps = steps.enumerated().filter { last[$0.element.sequence] == $0.offset }.map(\.element)
    var start = 0
    while start < steps.count {
      let batch = steps[start..<min(steps.count, start + stepsPerStatement)]
      start += batch.count
      var bindings: [SQLValue] = []
      bindings.reserveCapacity(batch.count * 23)
      for (sequence, step) in batch {
        bindings += RunStore.bindings(of: storable(step), sequence: sequence, runID: runID)
      }
      let row = "(" + Array(repeating: "?", count: 23).joined(separator: ", ") + ")"
      let values = Array(repeating: row, count: batch.count).joined(separator: ", ")
      _ = try execute(insertSteps(values: values), bindings)
    }
  }

  /// At most 1,000 steps a statement: 23 parameters each, under the protocol's 65,535.
  static let stepsPerStatement = 1_000

  /// An insert of steps; `values` are its rows of placeholders. A sequence number given twice
  /// in one statement is refused by the server, so callers give each once per call.
  static func insertSteps(values: String) -> String {
    """
    INSERT INTO steps (run_id, seq, \(RunStore.SQL.stepColumns))
    VALUES \(values)
    ON CONFLICT (run_id, seq) DO UPDATE SET
      path = excluded.path, step_id = excluded.step_id, intent = excluded.intent,
      kind = excluded.kind, status = excluded.status, attempts = excluded.attempts,
      started_at = excluded.started_at, finished_at = excluded.finished_at,
      parameters = excluded.parameters, parameters_cut = excluded.parameters_cut,
      output = excluded.output, output_cut = excluded.output_cut,
      error_kind = excluded.error_kind, error_message = excluded.error_message,
      logs = excluded.logs, recovered = excluded.recovered, passes = excluded.passes,
      failed_passes = excluded.failed_passes, recorded_passes = excluded.recorded_passes,
      output_full = excluded.output_full, output_masked = excluded.output_masked
    """
  }

  public func runs(
    workflowName: String?, status: String?, trigger: RunTrigger?, since: Date?, limit: Int
  ) throws(StorageError) -> [RunRecord] {
    var bindings: [SQLValue] = []
    if let workflowName { bindings.append(.text(Self.storable(workflowName))) }
    if let status, status != "running" { bindings.append(.text(status)) }
    if let trigger { bindings.append(.text(trigger.rawValue)) }
    if let since { bindings.append(.date(since)) }
    bindings.append(.integer(Int64(max(0, limit))))
    let sql = RunStore.SQL.runs(
      workflow: workflowName != nil, status: status, trigger: trigger != nil, since: since != nil)
    return try records(connection.execute(sql, bindings).rows)
  }

  public func run(id: Int64) throws(StorageError) -> RunRecord? {
    try records(connection.execute(RunStore.SQL.run, [.integer(id)]).rows).first
  }

  public func steps(ofRun runID: Int64) throws(StorageError) -> [StepRow] {
    try connection.execute(RunStore.SQL.stepsOfRun, [.integer(runID)]).rows.map {
      (row) throws(StorageError) in try RunStore.stepRow(from: row)
    }
  }

  public func recoveredFailures(ofRun runID: Int64) throws(StorageError) -> Int {
    let rows = try connection.execute(RunStore.SQL.recoveredFailures, [.integer(runID)]).rows
    return try rows.first?.int("recovered_failures").flatMap(Int.init(exactly:)) ?? 0
  }

  public func unfinishedRuns(resuming id: Int64) throws(StorageError) -> [RunRecord] {
    try records(connection.execute(RunStore.SQL.unfinishedResumes, [.integer(id)]).rows)
  }

  private func records(_ rows: [Row]) throws(StorageError) -> [RunRecord] {
    let location = location
    return try rows.map { (row) throws(StorageError) in
      try RunStore.runRecord(from: row, location: location)
    }
  }

  // MARK: Liveness

  /// Unfinished runs whose advisory lock no session holds, in one statement that any machine
  /// can run: the server knows which sessions are alive.
  @discardableResult
  public func markAbandonedRuns(isAlive: (Int32) -> Bool) throws(StorageError) -> Int {
    try connection.execute(
      """
      UPDATE runs SET status = ?, error_message = ?
      WHERE status IS NULL AND NOT EXISTS (
        SELECT 1 FROM pg_locks
        WHERE locktype = 'advisory' AND classid = ? AND objid = (runs.id % 2147483648)::int4::oid
          AND objsubid = 2 AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database()))
      """,
      [
        .text(RunRecord.abandonedStatus), .text(RunRecord.abandonedReason),
        .integer(Int64(Self.lockNamespace)),
      ]
    ).changes
  }

  public func isAlive(_ run: RunRecord, isProcessAlive: (Int32) -> Bool) -> Bool {
    guard run.status == nil else { return false }
    return isLockHeld(runID: run.id) ?? false
  }

  public func isLockHeld(runID: Int64) -> Bool? {
    let rows = try? connection.execute(
      """
      SELECT count(*) AS held FROM pg_locks
      WHERE locktype = 'advisory' AND classid = ? AND objid = (?::int4)::oid
        AND objsubid = 2 AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
      """,
      [.integer(Int64(Self.lockNamespace)), .integer(Int64(Self.lockKey(runID)))]
    ).rows
    return rows.flatMap { try? $0.first?.int("held") }.map { $0 > 0 }
  }

  // MARK: Schedule events

  @discardableResult
  public func record(_ event: NewScheduleEvent) throws(StorageError) -> Int64 {
    if let id = try claim(event) { return id }
    // A handled fire time recorded again: the unique index kept the first record.
    let rows = try connection.execute(
      "SELECT id FROM schedule_events WHERE workflow_name = ? AND scheduled_for = ? "
        + "AND kind IN \(Self.handledKinds)",
      [.text(Self.storable(event.workflowName)), SQLValue(event.scheduledFor)]
    ).rows
    return try rows.first?.int("id") ?? 0
  }

  public func claim(_ event: NewScheduleEvent) throws(StorageError) -> Int64? {
    try connection.transaction { (execute) throws(StorageError) in
      _ = try execute("SET LOCAL synchronous_commit TO ON", [])
      return try execute(
        RunStore.SQL.recordEvent + " ON CONFLICT DO NOTHING RETURNING id",
        [
          .text(Self.storable(event.workflowName)), .text(Self.storable(event.workflowPath)),
          .text(event.kind.rawValue), SQLValue(event.scheduledFor), .date(event.recordedAt),
          SQLValue(event.runID), SQLValue(event.detail.map(Self.storable)),
        ]
      ).first?.int("id")
    }
  }

  public func events(
    workflowPath: String? = nil, kinds: Set<ScheduleEvent.Kind>? = nil, limit: Int = 100
  ) throws(StorageError) -> [ScheduleEvent] {
    if let kinds, kinds.isEmpty { return [] }
    var bindings: [SQLValue] = []
    if let workflowPath { bindings.append(.text(Self.storable(workflowPath))) }
    let kindNames = kinds?.map(\.rawValue).sorted() ?? []
    bindings += kindNames.map(SQLValue.text)
    bindings.append(.integer(Int64(max(0, limit))))
    let sql = RunStore.SQL.events(ofFile: workflowPath != nil, kindCount: kindNames.count)
    let location = location
    return try connection.execute(sql, bindings).rows.map { (row) throws(StorageError) in
      try RunStore.scheduleEvent(from: row, location: location)
    }
  }

  public func lastFire(workflowPath: String) throws(StorageError) -> Date? {
    try connection.execute(RunStore.SQL.lastFire, [.text(Self.storable(workflowPath))]).rows
      .first?.date("last_fire")
  }

  // MARK: Retention

  /// Deletes runs older than the policy's age or beyond its count, and events likewise
  /// (keeping each file's last handled fire time, which catch-up needs). The byte bound is
  /// the server's business (its own vacuum gives space back) and is not applied here.
  @discardableResult
  public func prune(keeping retention: RunStore.Retention, now: Date) throws(StorageError)
    -> RunStore.PruneResult
  {
    let oldest = now.addingTimeInterval(-Double(retention.maximumAge.components.seconds))
    let lastFires = """
      SELECT DISTINCT ON (workflow_name, workflow_path) id FROM schedule_events
      WHERE kind IN \(Self.handledKinds) AND scheduled_for IS NOT NULL
      ORDER BY workflow_name, workflow_path, scheduled_for DESC
      """
    return try connection.transaction { (execute) throws(StorageError) in
      var result = RunStore.PruneResult(runs: 0, events: 0)
      result.runs += try execute(
        "DELETE FROM runs WHERE started_at < ? AND status IS NOT NULL RETURNING id",
        [.date(oldest)]
      ).count
      result.runs += try execute(
        """
        DELETE FROM runs WHERE status IS NOT NULL
          AND id <= (SELECT id FROM runs ORDER BY id DESC LIMIT 1 OFFSET ?) RETURNING id
        """, [.integer(Int64(max(0, retention.maximumRuns)))]
      ).count
      result.events += try execute(
        "DELETE FROM schedule_events WHERE recorded_at < ? AND id NOT IN (\(lastFires)) "
          + "RETURNING id", [.date(oldest)]
      ).count
      result.events += try execute(
        """
        DELETE FROM schedule_events
        WHERE id <= (SELECT id FROM schedule_events ORDER BY id DESC LIMIT 1 OFFSET ?)
          AND id NOT IN (\(lastFires)) RETURNING id
        """, [.integer(Int64(max(0, retention.maximumEvents)))]
      ).count
      return result
    }
  }

  // MARK: Text

  /// PostgreSQL's `text` cannot hold U+0000, which SQLite's can: it is kept as U+FFFD, the
  /// only change a value meets on its way into this store. Names and paths never hold one
  /// (they are C strings); JSON writes it as `\u0000`.
  static func storable(_ text: String) -> String {
    guard text.utf8.contains(0) else { return text }
    return String(
      String.UnicodeScalarView(text.unicodeScalars.map { $0.value == 0 ? "\u{FFFD}" : $0 }))
  }

  /// `step` with every text it holds made ``storable(_:)``.
  static func storable(_ step: StepRow) -> StepRow {
    var step = step
    step.path = storable(step.path)
    step.stepID = step.stepID.map(storable)
    step.parameters = step.parameters.map(storable)
    step.output = step.output.map(storable)
    step.errorMessage = step.errorMessage.map(storable)
    step.logs = step.logs.map(storable)
    step.outputFull = step.outputFull.map(storable)
    return step
  }

  private func noRun(_ id: Int64) -> StorageError {
    StorageError(
      code: StorageError.Code.notFound, message: "there is no run \(id)", path: location,
      action: "cannot finish run \(id) in PostgreSQL store",
      remedy: "it may have been pruned; finish only runs that beginRun returned")
  }
}
