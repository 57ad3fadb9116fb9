import CSQLite

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension RunStore {
  /// Appends steps to a run's step history, in one transaction, after those recorded before.
  ///
  /// - Parameters:
  ///   - steps: The steps, in the order they ended.
  ///   - runID: The run.
  ///   - firstSequence: The position of the first of them in the run (0 for the run's first
  ///     recorded step); the recorder counts them.
  /// - Throws: ``StorageError`` when the rows cannot be written (the run was pruned, or the
  ///   store is not writable).
  /// - Complexity: One transaction and one prepared insert per step.
  public func recordSteps(
    _ steps: [StepRow], runID: Int64, firstSequence: Int
  ) throws(StorageError) {
    try recordSteps(numbered(steps, from: firstSequence), runID: runID)
  }

  /// Writes steps at the given positions, in one transaction: a step at the position of one
  /// recorded before replaces it (a step recorded `running`, then as it ended).
  /// - Throws: ``StorageError`` when the rows cannot be written.
  public func recordSteps(
    _ steps: [(sequence: Int, row: StepRow)], runID: Int64
  ) throws(StorageError) {
    guard !steps.isEmpty else { return }
    try database.writeTransaction { (connection) throws(StorageError) in
      try Self.insert(steps, runID: runID, on: connection)
    }
  }

  private func numbered(_ steps: [StepRow], from first: Int) -> [(sequence: Int, row: StepRow)] {
    steps.enumerated().map { (first + $0.offset, $0.element) }
  }

  /// Records how a run ended as ``finishRun(id:finishedAt:status:exitCode:errorMessage:failedStep:)``
  /// does, together with its last steps, in one transaction.
  /// - Parameters:
  ///   - recoveredFailures: How many step failures `onError` carried the run past.
  ///   - steps: Steps not yet recorded, in the order they ended.
  ///   - firstSequence: The position of the first of them in the run.
  public func finishRun(
    id: Int64, finishedAt: Date, status: String, exitCode: Int?, errorMessage: String?,
    failedStep: String?, recoveredFailures: Int, steps: [StepRow], firstSequence: Int
  ) throws(StorageError) {
    try finishRun(
      id: id, finishedAt: finishedAt, status: status, exitCode: exitCode,
      errorMessage: errorMessage, failedStep: failedStep, recoveredFailures: recoveredFailures,
      steps: numbered(steps, from: firstSequence))
  }

  /// ``finishRun(id:finishedAt:status:exitCode:errorMessage:failedStep:recoveredFailures:steps:firstSequence:)``
  /// with steps at the given positions (see ``recordSteps(_:runID:)``).
  public func finishRun(
    id: Int64, finishedAt: Date, status: String, exitCode: Int?, errorMessage: String?,
    failedStep: String?, recoveredFailures: Int, steps: [(sequence: Int, row: StepRow)]
  ) throws(StorageError) {
    let changes = try database.writeTransaction { (connection) throws(StorageError) in
      try Self.insert(steps, runID: id, on: connection)
      return try connection.run(
        SQL.finishRunWithSteps,
        [
          .date(finishedAt), .text(status), SQLValue(exitCode), SQLValue(errorMessage),
          SQLValue(failedStep), .integer(Int64(recoveredFailures)), .integer(id),
        ]
      ).changes
    }
    guard changes == 1 else {
      throw StorageError(
        code: SQLITE_NOTFOUND, message: "there is no run \(id)", path: database.path,
        action: "cannot finish run \(id) in database",
        remedy: "it may have been pruned; finish only runs that beginRun returned")
    }
  }

  /// A run's recorded steps, in the order they ended.
  /// - Parameter runID: The run.
  /// - Returns: Its steps; empty for a run that recorded none (or does not exist).
  /// - Throws: ``StorageError`` when the store cannot be read.
  /// - Complexity: O(*s*) for *s* steps, through the primary key.
  public func steps(ofRun runID: Int64) throws(StorageError) -> [StepRow] {
    let rows = try database.query(SQL.stepsOfRun, [.integer(runID)])
    return try rows.map { (row) throws(StorageError) in try stepRow(from: row) }
  }

  /// How many failures `onError` carried a run past.
  /// - Parameter runID: The run.
  /// - Returns: The count; 0 for a run that does not exist.
  /// - Throws: ``StorageError`` when the store cannot be read.
  public func recoveredFailures(ofRun runID: Int64) throws(StorageError) -> Int {
    let rows = try database.query(SQL.recoveredFailures, [.integer(runID)])
    return try rows.first?.int("recovered_failures").flatMap(Int.init(exactly:)) ?? 0
  }

  private static func insert(
    _ steps: [(sequence: Int, row: StepRow)], runID: Int64, on connection: Connection
  ) throws(StorageError) {
    for (sequence, step) in steps {
      try connection.run(SQL.insertStep, bindings(of: step, sequence: sequence, runID: runID))
    }
  }

  /// The values of a step's row, in the order of `run_id, seq, ` and ``SQL/stepColumns``: the
  /// one list that both stores bind.
  static func bindings(of step: StepRow, sequence: Int, runID: Int64) -> [SQLValue] {
    [
      .integer(runID), .integer(Int64(sequence)), .text(step.path),
      SQLValue(step.stepID), SQLValue(step.intent), .text(step.kind), .text(step.status),
      .integer(Int64(step.attempts)), .date(step.startedAt), .date(step.finishedAt),
      SQLValue(step.parameters), SQLValue(step.parametersCut), SQLValue(step.output),
      SQLValue(step.outputCut), SQLValue(step.errorKind), SQLValue(step.errorMessage),
      SQLValue(step.logs), SQLValue(step.recovered), SQLValue(step.passes),
      SQLValue(step.failedPasses), SQLValue(step.recordedPasses), SQLValue(step.outputFull),
      SQLValue(step.outputMasked),
    ]
  }

  private func stepRow(from row: Row) throws(StorageError) -> StepRow {
    try Self.stepRow(from: row)
  }

  /// Reads a step from a row of ``SQL/stepColumns`` (of either store).
  static func stepRow(from row: Row) throws(StorageError) -> StepRow {
    func count(_ column: String) throws(StorageError) -> Int? {
      try row.int(column).flatMap(Int.init(exactly:))
    }
    var step = try StepRow(
      path: row.text("path") ?? "", stepID: row.text("step_id"), intent: row.text("intent"),
      kind: row.text("kind") ?? "intent", status: row.text("status") ?? "",
      attempts: count("attempts") ?? 1, startedAt: row.date("started_at") ?? .distantPast,
      finishedAt: row.date("finished_at") ?? .distantPast)
    step.parameters = try row.text("parameters")
    step.parametersCut = try count("parameters_cut")
    step.output = try row.text("output")
    step.outputCut = try count("output_cut")
    step.errorKind = try row.text("error_kind")
    step.errorMessage = try row.text("error_message")
    step.logs = try row.text("logs")
    step.recovered = try (row.int("recovered") ?? 0) != 0
    step.passes = try count("passes")
    step.failedPasses = try count("failed_passes")
    step.recordedPasses = try count("recorded_passes")
    step.outputFull = try row.text("output_full")
    step.outputMasked = try (row.int("output_masked") ?? 0) != 0
    return step
  }
}

extension RunStore.SQL {
  static let stepColumns = """
    path, step_id, intent, kind, status, attempts, started_at, finished_at, parameters, \
    parameters_cut, output, output_cut, error_kind, error_message, logs, recovered, passes, \
    failed_passes, recorded_passes, output_full, output_masked
    """

  static let insertStep = """
    INSERT OR REPLACE INTO steps (run_id, seq, \(stepColumns))
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    """

  static let stepsOfRun = "SELECT \(stepColumns) FROM steps WHERE run_id = ? ORDER BY seq"

  static let finishRunWithSteps = """
    UPDATE runs SET finished_at = ?, status = ?, exit_code = ?, error_message = ?,
      failed_step = ?, recovered_failures = ?
    WHERE id = ?
    """

  static let recoveredFailures = "SELECT recovered_failures FROM runs WHERE id = ?"
}
