import Foundation
import TestSupport
import Testing

@testable import Storage

/// The promises of a run history store, checked against both stores: the home's SQLite file
/// and a PostgreSQL server of the tests' own.
enum RunHistoryChecks {
  /// Makes stores over one shared history: each call is another process's (or machine's)
  /// connection to it.
  typealias Opener = @Sendable () throws -> any RunHistoryStore

  static func step(_ path: String, status: String = "succeeded") -> StepRow {
    var row = StepRow(
      path: path, stepID: "s\(path)", intent: "text.uppercase", kind: "intent", status: status,
      attempts: 1, startedAt: testDate(10.25), finishedAt: testDate(11.5))
    row.output = #""A""#
    row.parameters = #"{"text":"a"}"#
    return row
  }

  static func roundTrip(_ open: Opener) throws {
    let store = try open()
    let launch = RunLaunch(fileHash: "abc", inputs: #"{"n":1}"#, resumedRun: nil)
    let lease = try store.beginLockedRun(
      workflowName: "a", workflowPath: "/w/a.json", trigger: .manual,
      startedAt: testDate(1_780_000_000.125), launch: launch)
    try store.recordSteps([(0, step("1", status: "running"))], runID: lease.runID)
    // A step recorded again under its number replaces the first record, in a later batch or
    // in the same one.
    try store.recordSteps([(0, step("1"))], runID: lease.runID)
    try store.recordSteps(
      [(5, step("x", status: "running")), (5, step("1")), (6, step("y"))], runID: lease.runID)
    try store.recordSteps([(5, step("z"))], runID: lease.runID)
    var failed = step("2", status: "failed")
    failed.errorKind = "failed"
    failed.errorMessage = "disk full"
    failed.logs = #"[{"stream":"stderr","text":"no space"}]"#
    failed.recovered = true
    failed.outputMasked = true
    failed.passes = 3
    try store.finishRun(
      id: lease.runID, finishedAt: testDate(1_780_000_002), status: "succeeded", exitCode: 0,
      errorMessage: nil, failedStep: nil, recoveredFailures: 1, steps: [(1, failed)])
    lease.release()

    let run = try #require(try store.run(id: lease.runID))
    #expect(run.workflowName == "a")
    #expect(run.startedAt == testDate(1_780_000_000.125))
    #expect(run.status == "succeeded")
    #expect(run.exitCode == 0)
    #expect(run.recoveredFailures == 1)
    #expect(run.fileHash == "abc")
    #expect(run.inputs == #"{"n":1}"#)
    #expect(try store.steps(ofRun: lease.runID) == [step("1"), failed, step("z"), step("y")])
    #expect(try store.recoveredFailures(ofRun: lease.runID) == 1)
    // Another connection reads the same history.
    #expect(try open().run(id: lease.runID) == run)
  }

  static func filters(_ open: Opener) throws {
    let store = try open()
    var ids: [Int64] = []
    for (index, name) in ["a", "b", "a"].enumerated() {
      let lease = try store.beginLockedRun(
        workflowName: name, workflowPath: "/w/\(name).json",
        trigger: index == 1 ? .schedule : .manual, startedAt: testDate(Double(100 + index)))
      ids.append(lease.runID)
      if index < 2 {
        try store.finishRun(
          id: lease.runID, finishedAt: testDate(200), status: index == 0 ? "failed" : "succeeded",
          exitCode: index == 0 ? 5 : 0, errorMessage: index == 0 ? "boom" : nil,
          failedStep: nil)
      }
      lease.release()
    }
    #expect(try store.runs().map(\.id) == ids.reversed())
    #expect(try store.runs(workflowName: "a").map(\.id) == [ids[2], ids[0]])
    #expect(
      try store.runs(workflowName: nil, status: "failed", trigger: nil, since: nil, limit: 9)
        .map(\.errorMessage) == ["boom"])
    #expect(
      try store.runs(workflowName: nil, status: "running", trigger: nil, since: nil, limit: 9)
        .map(\.id) == [ids[2]])
    #expect(
      try store.runs(workflowName: nil, status: nil, trigger: .schedule, since: nil, limit: 9)
        .map(\.id) == [ids[1]])
    #expect(
      try store.runs(workflowName: nil, status: nil, trigger: nil, since: testDate(101), limit: 1)
        .map(\.id) == [ids[2]])
    #expect(throws: StorageError.self) {
      try store.finishRun(
        id: 999_999, finishedAt: testDate(1), status: "failed", exitCode: 1, errorMessage: nil,
        failedStep: nil)
    }
  }

  /// Sixteen connections claim the same fire time at once: exactly one wins.
  static func claimsOnce(_ open: Opener) async throws {
    let fire = testDate(1_780_000_060)
    let stores = try (0..<16).map { _ in try open() }
    let winners = try await withThrowingTaskGroup(of: Int64?.self) { group in
      for store in stores {
        group.addTask {
          try await offPool {
            try store.claim(
              NewScheduleEvent(
                workflowName: "a", workflowPath: "/w/a.json", kind: .fired, scheduledFor: fire,
                recordedAt: fire))
          }
        }
      }
      return try await group.reduce(into: [Int64]()) { if let id = $1 { $0.append(id) } }
    }
    #expect(winners.count == 1, "\(winners)")
    #expect(try stores[0].lastFire(workflowPath: "/w/a.json") == fire)
    #expect(try stores[0].lastFire(workflowPath: "/w/b.json") == nil)
    // Another kind of handled decision about the same time is no second claim either.
    #expect(
      try stores[1].claim(
        NewScheduleEvent(
          workflowName: "a", workflowPath: "/w/a.json", kind: .skipped, scheduledFor: fire,
          recordedAt: fire)) == nil)
    // A later fire time is free.
    #expect(
      try stores[2].claim(
        NewScheduleEvent(
          workflowName: "a", workflowPath: "/w/a.json", kind: .fired,
          scheduledFor: fire.addingTimeInterval(60), recordedAt: fire)) != nil)
    let fired = try stores[0].events(workflowPath: "/w/a.json", kinds: [.fired], limit: 10)
    #expect(fired.map(\.scheduledFor) == [fire.addingTimeInterval(60), fire])
  }

  static func pruning(_ open: Opener) throws {
    let store = try open()
    for second in 0..<5 {
      let lease = try store.beginLockedRun(
        workflowName: "a", workflowPath: "/w/a.json", trigger: .manual,
        startedAt: testDate(Double(second)))
      try store.finishRun(
        id: lease.runID, finishedAt: testDate(Double(second)), status: "succeeded", exitCode: 0,
        errorMessage: nil, failedStep: nil, recoveredFailures: 0, steps: [(0, step("1"))])
      lease.release()
    }
    _ = try store.claim(
      NewScheduleEvent(
        workflowName: "a", workflowPath: "/w/a.json", kind: .fired, scheduledFor: testDate(1),
        recordedAt: testDate(1)))
    let result = try store.prune(
      keeping: RunStore.Retention(maximumAge: .seconds(1_000), maximumRuns: 2, maximumEvents: 0),
      now: testDate(500))
    #expect(result.runs == 3)
    #expect(try store.runs().count == 2)
    // The last handled fire time stays, however old: catch-up needs it.
    #expect(try store.lastFire(workflowPath: "/w/a.json") == testDate(1))
  }
}

@Suite("The run history in SQLite: the shared store checks")
struct SQLiteRunHistoryTests {
  let opener: RunHistoryChecks.Opener

  init() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path("runs.sqlite")
    opener = { [directory] in
      _ = directory
      return try RunStore(database: Database(path: path))
    }
  }

  @Test("a run, its launch and its steps read back whole, from any connection")
  func roundTrip() throws { try RunHistoryChecks.roundTrip(opener) }

  @Test("runs filter by workflow, status, trigger and start")
  func filters() throws { try RunHistoryChecks.filters(opener) }

  @Test("of sixteen connections claiming one fire time at once, exactly one wins")
  func claimsOnce() async throws { try await RunHistoryChecks.claimsOnce(opener) }

  @Test("pruning keeps the newest runs and each file's last fire time")
  func pruning() throws { try RunHistoryChecks.pruning(opener) }
}

@Suite(
  "The run history in PostgreSQL: the shared store checks, against a server of the tests' own",
  .enabled(if: PostgresServer.isAvailable, Comment(rawValue: PostgresServer.skipReason)))
struct PostgresRunHistoryTests {
  func opener() async throws -> RunHistoryChecks.Opener {
    let uri = try await PostgresServer.shared().database()
    return { try PostgresRunStore(uri: uri) }
  }

  @Test("a run, its launch and its steps read back whole, from any connection")
  func roundTrip() async throws { try RunHistoryChecks.roundTrip(try await opener()) }

  @Test("runs filter by workflow, status, trigger and start")
  func filters() async throws { try RunHistoryChecks.filters(try await opener()) }

  @Test("of sixteen connections claiming one fire time at once, exactly one wins")
  func claimsOnce() async throws { try await RunHistoryChecks.claimsOnce(try await opener()) }

  @Test("pruning keeps the newest runs and each file's last fire time")
  func pruning() async throws { try RunHistoryChecks.pruning(try await opener()) }

  @Test("a run is alive while its session lasts, and abandoned, seen from elsewhere, after")
  func liveness() async throws {
    let uri = try await PostgresServer.shared().database()
    let open: RunHistoryChecks.Opener = { try PostgresRunStore(uri: uri) }
    let elsewhere = try open()
    // Another history on the same server, with a live run of the same number: its lock is
    // another database's, and says nothing of this one's runs.
    let neighbour = try PostgresRunStore(uri: try await PostgresServer.shared().database())
    let neighbours = try neighbour.beginLockedRun(
      workflowName: "b", workflowPath: "/w/b.json", trigger: .manual, startedAt: testDate(1))
    // The run's process: its store and lease go away with it, and so does its session.
    let id = try { () throws -> Int64 in
      let lease = try open().beginLockedRun(
        workflowName: "a", workflowPath: "/w/a.json", trigger: .schedule, startedAt: testDate(1))
      let run = try #require(try elsewhere.run(id: lease.runID))
      #expect(elsewhere.isAlive(run))
      #expect(elsewhere.isLockHeld(runID: lease.runID) == true)
      #expect(try elsewhere.markAbandonedRuns() == 0)
      return lease.runID
    }()
    // The server ends the dead session when it reads the closed socket, a moment later: wait
    // for that event by taking the lock (which blocks until then), then let go of it.
    let waiter = try PostgresConnection(uri: uri)
    let keys: [SQLValue] = [
      .integer(Int64(PostgresRunStore.lockNamespace)),
      .integer(Int64(PostgresRunStore.lockKey(id))),
    ]
    try await offPool {
      try waiter.execute("SELECT pg_advisory_lock(?, ?)", keys)
      try waiter.execute("SELECT pg_advisory_unlock(?, ?)", keys)
    }
    let abandoned = try elsewhere.markAbandonedRuns()
    #expect(neighbours.runID == id, "the neighbour's run has the same number")
    #expect(try neighbour.markAbandonedRuns() == 0)
    neighbours.release()
    #expect(abandoned == 1)
    #expect(try elsewhere.run(id: id)?.status == RunRecord.abandonedStatus)
  }

  @Test("a NUL in a step's text is kept as U+FFFD; nothing else changes")
  func nulText() async throws {
    let store = try (try await opener())()
    let lease = try store.beginLockedRun(
      workflowName: "a", workflowPath: "/w/a.json", trigger: .manual, startedAt: testDate(1))
    var row = RunHistoryChecks.step("1")
    row.logs = "a\u{0}b é"
    try store.recordSteps([(0, row)], runID: lease.runID)
    #expect(try store.steps(ofRun: lease.runID).first?.logs == "a\u{FFFD}b é")
  }

  @Test("a server that cannot be reached is an error naming it, without the password")
  func unreachable() throws {
    do {
      _ = try PostgresRunStore(uri: "postgresql://me:hunter2@127.0.0.1:1/history")
      Issue.record("connected to port 1")
    } catch {
      let message = error.description
      #expect(
        message.hasPrefix(
          "cannot connect to PostgreSQL store 'postgresql://me@127.0.0.1:1/history': "))
      #expect(!message.contains("hunter2"))
      #expect(message.contains("check INTENTFLOW_STORE"))
    }
  }
}
