extension RunStore {
  /// The store's statements, in one place so that tests can check each one's query plan.
  /// Each text is prepared once per connection and then reused.
  enum SQL {
    static let runColumns = """
      id, workflow_name, workflow_path, trigger, started_at, finished_at, status, exit_code, \
      error_message, failed_step, process_id, recovered_failures, file_hash, inputs, resumed_run
      """

    static let eventColumns =
      "id, workflow_name, workflow_path, kind, scheduled_for, recorded_at, run_id, detail"

    static let beginRun = """
      INSERT INTO runs (
        workflow_name, workflow_path, trigger, started_at, process_id, file_hash, inputs,
        resumed_run)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """

    static let finishRun = """
      UPDATE runs SET finished_at = ?, status = ?, exit_code = ?, error_message = ?,
        failed_step = ?
      WHERE id = ?
      """

    static let runs = "SELECT \(runColumns) FROM runs ORDER BY started_at DESC, id DESC LIMIT ?"

    static let runsOfWorkflow = """
      SELECT \(runColumns) FROM runs WHERE workflow_name = ?
      ORDER BY started_at DESC, id DESC LIMIT ?
      """

    static let run = "SELECT \(runColumns) FROM runs WHERE id = ?"

    /// Newest runs first, with the conditions given (each binds one value, in this order:
    /// workflow, status, trigger, oldest start); the limit is bound last. The status
    /// `running` is a run without a status.
    static func runs(workflow: Bool, status: String?, trigger: Bool, since: Bool) -> String {
      var conditions: [String] = []
      if workflow { conditions.append("workflow_name = ?") }
      if let status { conditions.append(status == "running" ? "status IS NULL" : "status = ?") }
      if trigger { conditions.append("trigger = ?") }
      if since { conditions.append("started_at >= ?") }
      let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
      return "SELECT \(runColumns) FROM runs\(filter) ORDER BY started_at DESC, id DESC LIMIT ?"
    }

    static let pruneRuns = "DELETE FROM runs WHERE started_at < ? AND status IS NOT NULL"

    /// Finished runs other than the newest `?` (by id, which grows with time).
    static let pruneRunsBeyond = """
      DELETE FROM runs WHERE status IS NOT NULL
        AND id <= (SELECT id FROM runs ORDER BY id DESC LIMIT 1 OFFSET ?)
      """

    /// The oldest tenth (at least one) of the finished runs, by id.
    static let pruneOldestTenth = """
      DELETE FROM runs WHERE id IN (
        SELECT id FROM runs WHERE status IS NOT NULL ORDER BY id
        LIMIT max(1, (SELECT count(*) FROM runs WHERE status IS NOT NULL) / 10))
      """

    static let unfinishedRuns = "SELECT id, process_id FROM runs WHERE status IS NULL"

    static let unfinishedResumes =
      "SELECT \(runColumns) FROM runs WHERE status IS NULL AND resumed_run = ?"

    static let abandonRun =
      "UPDATE runs SET status = ?, error_message = ? WHERE id = ? AND status IS NULL"

    static let recordEvent = """
      INSERT INTO schedule_events
        (workflow_name, workflow_path, kind, scheduled_for, recorded_at, run_id, detail)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """

    /// Newest events first, optionally of one file (bound first) and of `kindCount` kinds
    /// (bound next); the limit is bound last.
    static func events(ofFile: Bool, kindCount: Int) -> String {
      var conditions: [String] = []
      if ofFile { conditions.append("workflow_path = ?") }
      if kindCount > 0 {
        conditions.append(
          "kind IN (" + Array(repeating: "?", count: kindCount).joined(separator: ", ") + ")")
      }
      let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
      return "SELECT \(eventColumns) FROM schedule_events\(filter) "
        + "ORDER BY recorded_at DESC, id DESC LIMIT ?"
    }

    /// The kinds must be spelled as in the partial index `schedule_events_fires`, which SQLite
    /// uses only when the query's condition matches the index's.
    static let lastFire = """
      SELECT max(scheduled_for) AS last_fire FROM schedule_events
      WHERE workflow_path = ? AND kind IN ('fired', 'caughtUp', 'skipped', 'missed')
      """

    /// Whether a fire time of a file has been handled (by any scheduler); the kinds as in the
    /// partial index `schedule_events_fires`, so that the look-up uses it.
    static let fireHandled = """
      SELECT 1 FROM schedule_events
      WHERE workflow_path = ? AND scheduled_for = ?
        AND kind IN ('fired', 'caughtUp', 'skipped', 'missed')
      LIMIT 1
      """

    /// With max(), SQLite takes the bare column `id` from the row that holds the maximum: the
    /// event holding each file's last fire.
    static let pruneEvents = """
      DELETE FROM schedule_events
      WHERE recorded_at < ? AND id NOT IN (
        SELECT id FROM (
          SELECT id, max(scheduled_for) FROM schedule_events
          WHERE kind IN ('fired', 'caughtUp', 'skipped', 'missed') AND scheduled_for IS NOT NULL
          GROUP BY workflow_path))
      """

    /// Events other than the newest `?`, except each file's event holding its last fire.
    static let pruneEventsBeyond = """
      DELETE FROM schedule_events
      WHERE id <= (SELECT id FROM schedule_events ORDER BY id DESC LIMIT 1 OFFSET ?)
        AND id NOT IN (
          SELECT id FROM (
            SELECT id, max(scheduled_for) FROM schedule_events
            WHERE kind IN ('fired', 'caughtUp', 'skipped', 'missed') AND scheduled_for IS NOT NULL
            GROUP BY workflow_path))
      """
  }
}
