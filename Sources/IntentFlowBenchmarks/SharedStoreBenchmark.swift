import Foundation
import Storage

/// The PostgreSQL store beside the SQLite one, in the same run (issue 23): a fire claim, and
/// the history writes of one run of 20 steps (begin with its lease, two batches of steps, the
/// finish with the last ones, the release). The server is the one `INTENTFLOW_STORE` names
/// (a loopback server for the figures of the goals); without it the benchmark says so and
/// prints nothing else.
///
/// Goals: a claim through PostgreSQL at most 5 ms; the run's writes at most 2× SQLite's.
func runSharedStoreBenchmark() async throws {
  guard let uri = ProcessInfo.processInfo.environment["INTENTFLOW_STORE"],
    PostgresRunStore.isPostgresURI(uri)
  else {
    print("shared-store  set INTENTFLOW_STORE=postgresql://… (a scratch database) to measure")
    return
  }
  let root = FileManager.default.temporaryDirectory
    .appendingPathComponent("intentflow-shared-benchmark-\(UUID().uuidString)", isDirectory: true)
  defer { try? FileManager.default.removeItem(at: root) }
  let sqlite: any RunHistoryStore = try RunStore(
    home: IntentFlowHome(directory: root.appendingPathComponent("home", isDirectory: true)))
  let postgres: any RunHistoryStore = try PostgresRunStore(uri: uri)
  // Distinct names per run of the benchmark, so that a scratch database can be reused.
  let tag = UUID().uuidString.prefix(8)

  var second = 1_900_000_000.0
  func claim(_ store: any RunHistoryStore) throws {
    second += 60
    let fire = Date(timeIntervalSince1970: second)
    _ = try store.claim(
      NewScheduleEvent(
        workflowName: "bench-\(tag)", workflowPath: "/w/bench.json", kind: .fired,
        scheduledFor: fire, recordedAt: fire))
  }
  func oneRun(_ store: any RunHistoryStore) throws {
    second += 1
    let start = Date(timeIntervalSince1970: second)
    let lease = try store.beginLockedRun(
      workflowName: "bench-\(tag)", workflowPath: "/w/bench.json", trigger: .schedule,
      startedAt: start)
    func step(_ index: Int) -> (sequence: Int, row: StepRow) {
      var row = StepRow(
        path: "\(index)", stepID: "s\(index)", intent: "text.uppercase", kind: "intent",
        status: "succeeded", attempts: 1, startedAt: start, finishedAt: start)
      row.parameters = #"{"input":"a value of some length"}"#
      row.output = #""A VALUE OF SOME LENGTH""#
      return (index, row)
    }
    try store.recordSteps((0..<8).map(step), runID: lease.runID)
    try store.recordSteps((8..<16).map(step), runID: lease.runID)
    try store.finishRun(
      id: lease.runID, finishedAt: start, status: "succeeded", exitCode: 0, errorMessage: nil,
      failedStep: nil, recoveredFailures: 0, steps: (16..<20).map(step))
    lease.release()
  }
  for store in [sqlite, postgres] {
    try claim(store)
    try oneRun(store)
  }
  let claimSQLite = try StoreTiming.median(of: 300) { _ in
    try StoreTiming.measure { try claim(sqlite) }
  }
  let claimPostgres = try StoreTiming.median(of: 300) { _ in
    try StoreTiming.measure { try claim(postgres) }
  }
  let runSQLite = try StoreTiming.median(of: 100) { _ in
    try StoreTiming.measure { try oneRun(sqlite) }
  }
  let runPostgres = try StoreTiming.median(of: 100) { _ in
    try StoreTiming.measure { try oneRun(postgres) }
  }
  func line(_ what: String, _ value: Double, _ baseline: Double, goal: String) {
    let padded = what.padding(toLength: 52, withPad: " ", startingAt: 0)
    print(
      "shared-store  \(padded) \(String(format: "%8.1f", value)) µs  "
        + "\(String(format: "%5.2f", value / baseline))× SQLite (\(String(format: "%.1f", baseline)) µs)  \(goal)"
    )
  }
  line("fire claim, PostgreSQL", claimPostgres, claimSQLite, goal: "goal ≤ 5000 µs")
  line("history writes of a 20-step run, PostgreSQL", runPostgres, runSQLite, goal: "goal ≤ 2×")
}
