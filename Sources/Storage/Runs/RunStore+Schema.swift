extension RunStore {
  /// The run store's schema history; see ``Database/migrate(_:)``.
  ///
  /// Times are Unix seconds (REAL). Trigger and kind columns hold the Swift enums' raw text
  /// with no `CHECK`, because SQLite cannot change a `CHECK` without rebuilding the table:
  /// a release that adds a trigger or an event kind must append a migration (a comment is
  /// enough) so that older releases refuse the file rather than meet values they cannot read.
  ///
  /// Indexes, by the query they serve:
  /// - `runs_by_start`: the newest runs; pruning by age.
  /// - `runs_by_workflow`: one workflow's newest runs.
  /// - `runs_unfinished` (partial, small): runs without a status, for abandoned-run checks.
  /// - `schedule_events_by_time`, `schedule_events_by_path`: the newest events, overall or
  ///   for one file.
  /// - `schedule_events_fires` (partial): a file's last handled fire time, read by catch-up.
  /// - `entities_by_use`: the most recently used entities; pruning beyond the bound.
  /// - `schedule_events_by_run`: clearing `run_id` when a run is pruned (`ON DELETE SET NULL`).
  /// - `steps` is keyed by `(run_id, seq)`: a run's steps in order, and deleting them with it
  ///   (`ON DELETE CASCADE`).
  static let migrations: [String] = [
    """
    CREATE TABLE runs (
      id INTEGER PRIMARY KEY,
      workflow_name TEXT NOT NULL,
      workflow_path TEXT NOT NULL,
      trigger TEXT NOT NULL,
      started_at REAL NOT NULL,
      finished_at REAL,
      status TEXT,
      exit_code INTEGER,
      error_message TEXT,
      failed_step TEXT,
      process_id INTEGER
    ) STRICT;
    CREATE INDEX runs_by_start ON runs (started_at);
    CREATE INDEX runs_by_workflow ON runs (workflow_name, started_at);
    CREATE INDEX runs_unfinished ON runs (process_id) WHERE status IS NULL;

    CREATE TABLE schedule_events (
      id INTEGER PRIMARY KEY,
      workflow_name TEXT NOT NULL,
      workflow_path TEXT NOT NULL,
      kind TEXT NOT NULL,
      scheduled_for REAL,
      recorded_at REAL NOT NULL,
      run_id INTEGER REFERENCES runs (id) ON DELETE SET NULL,
      detail TEXT
    ) STRICT;
    CREATE INDEX schedule_events_by_time ON schedule_events (recorded_at);
    CREATE INDEX schedule_events_by_path ON schedule_events (workflow_path, recorded_at);
    CREATE INDEX schedule_events_fires ON schedule_events (workflow_path, scheduled_for)
      WHERE kind IN ('fired', 'caughtUp', 'skipped');
    CREATE INDEX schedule_events_by_run ON schedule_events (run_id);
    """,
    // Entities that successful runs used, and those marked relevant (`intentflow relevant`);
    // one row per entity, so the table is bounded by pruning (``RunStore/maximumEntities``).
    """
    CREATE TABLE entities (
      type_name TEXT NOT NULL,
      entity_id TEXT NOT NULL,
      title TEXT NOT NULL,
      used_at REAL,
      relevant_at REAL,
      PRIMARY KEY (type_name, entity_id)
    ) STRICT;
    CREATE INDEX entities_by_use ON entities (used_at);
    """,
    // The event kinds `missed` and `standby`. A missed fire time counts as handled (the
    // scheduler decided about it), so the partial index of handled fire times, which
    // `lastFire` and fire claims read, takes it in.
    """
    DROP INDEX schedule_events_fires;
    CREATE INDEX schedule_events_fires ON schedule_events (workflow_path, scheduled_for)
      WHERE kind IN ('fired', 'caughtUp', 'skipped', 'missed');
    """,
    // Step history (DESIGN §12): one row per recorded step of a run, in the order the steps
    // ended (`seq`), deleted with its run. `parameters`, `output` and `logs` are JSON text,
    // cut at ``RunStore/StepRow/valueLimit`` (`*_cut` holds the full size when cut). Runs
    // gain the count of failures that `onError` carried past, and the trigger `resume`.
    """
    CREATE TABLE steps (
      run_id INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
      seq INTEGER NOT NULL,
      path TEXT NOT NULL,
      step_id TEXT,
      intent TEXT,
      kind TEXT NOT NULL,
      status TEXT NOT NULL,
      attempts INTEGER NOT NULL,
      started_at REAL NOT NULL,
      finished_at REAL NOT NULL,
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
      PRIMARY KEY (run_id, seq)
    ) STRICT, WITHOUT ROWID;
    ALTER TABLE runs ADD COLUMN recovered_failures INTEGER NOT NULL DEFAULT 0;
    """,
    // The trigger `mcp` (`intentflow mcp`): nothing changes but the values, and older releases
    // refuse a file that may hold them.
    "-- trigger 'mcp'",
    // Resume (DESIGN §12): a run keeps its file's SHA-256 (`file_hash`), its inputs but the
    // secret ones as a JSON object (`inputs`) and the run it resumes (`resumed_run`); a step
    // whose shown output was cut keeps the whole JSON (`output_full`, up to
    // ``RunStore/StepRow/restoreLimit``), and one whose output held a secret says so
    // (`output_masked`): that output cannot be restored.
    """
    ALTER TABLE runs ADD COLUMN file_hash TEXT;
    ALTER TABLE runs ADD COLUMN inputs TEXT;
    ALTER TABLE runs ADD COLUMN resumed_run INTEGER;
    ALTER TABLE steps ADD COLUMN output_full TEXT;
    ALTER TABLE steps ADD COLUMN output_masked INTEGER NOT NULL DEFAULT 0;
    """,
  ]
}
