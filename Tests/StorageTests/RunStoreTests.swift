import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("The run store")
struct RunStoreTests {
  let store: RunStore

  init() throws {
    store = try RunStore(database: Database.inMemory())
  }

  @discardableResult
  func begin(
    _ name: String = "plan-the-day", at seconds: Double, trigger: RunTrigger = .manual,
    processID: Int32? = nil
  ) throws -> Int64 {
    try store.beginRun(
      workflowName: name, workflowPath: "/w/\(name).json", trigger: trigger,
      startedAt: testDate(seconds), processID: processID)
  }

  func event(
    _ kind: ScheduleEvent.Kind, path: String = "/w/a.json", scheduledFor: Double? = nil,
    at seconds: Double, runID: Int64? = nil, detail: String? = nil
  ) -> NewScheduleEvent {
    NewScheduleEvent(
      workflowName: "a", workflowPath: path, kind: kind, scheduledFor: scheduledFor.map(testDate),
      recordedAt: testDate(seconds), runID: runID, detail: detail)
  }

  // MARK: Runs

  @Test("a run is recorded when it begins and completed when it finishes")
  func beginAndFinish() throws {
    let id = try begin(at: 1000, trigger: .schedule, processID: 4242)
    let running = try #require(try store.run(id: id))
    #expect(
      running
        == RunRecord(
          id: id, workflowName: "plan-the-day", workflowPath: "/w/plan-the-day.json",
          trigger: .schedule, startedAt: testDate(1000), processID: 4242))
    #expect(running.isRunning)
    #expect(running.durationSeconds == nil)

    try store.finishRun(
      id: id, finishedAt: testDate(1002.5), status: "failed", exitCode: 1,
      errorMessage: "step 'add' failed: disk full", failedStep: "add")
    let finished = try #require(try store.runs().first)
    #expect(finished.id == id)
    #expect(finished.status == "failed")
    #expect(finished.exitCode == 1)
    #expect(finished.errorMessage == "step 'add' failed: disk full")
    #expect(finished.failedStep == "add")
    #expect(finished.finishedAt == testDate(1002.5))
    #expect(finished.durationSeconds == 2.5)
    #expect(!finished.isRunning)
  }

  @Test("finishing a run the store does not have is an error")
  func finishUnknownRun() throws {
    let error = try #require(throws: StorageError.self) {
      try store.finishRun(id: 99, finishedAt: testDate(1), status: "succeeded", exitCode: 0)
    }
    #expect(error.code == StorageError.Code.notFound)
    #expect(
      error.description
        == "cannot finish run 99 in database ':memory:': there is no run 99; it may have been "
        + "pruned; finish only runs that beginRun returned")
  }

  @Test("runs are listed newest first, optionally of one workflow, up to a limit")
  func listing() throws {
    let a1 = try begin("a", at: 100)
    let b1 = try begin("b", at: 200)
    let a2 = try begin("a", at: 300)
    let a3 = try begin("a", at: 300)  // same start: the later id is newer
    #expect(try store.runs().map(\.id) == [a3, a2, b1, a1])
    #expect(try store.runs(limit: 2).map(\.id) == [a3, a2])
    #expect(try store.runs(workflowName: "a").map(\.id) == [a3, a2, a1])
    #expect(try store.runs(workflowName: "a", limit: 1).map(\.id) == [a3])
    #expect(try store.runs(workflowName: "nothing").isEmpty)
    #expect(try store.runs(limit: 0).isEmpty)
    #expect(try store.runs(limit: -5).isEmpty)
    #expect(try store.run(id: 12345) == nil)
  }

  @Test("every trigger is stored and read back", arguments: RunTrigger.allCases)
  func triggers(trigger: RunTrigger) throws {
    let id = try begin(at: 10, trigger: trigger)
    #expect(try store.run(id: id)?.trigger == trigger)
    #expect(
      try store.database.query("SELECT trigger FROM runs").first?.text("trigger")
        == trigger.rawValue)
  }

  @Test("pruning deletes finished runs that started before a date, and keeps running ones")
  func pruneRuns() throws {
    let old = try begin(at: 100)
    try store.finishRun(id: old, finishedAt: testDate(101), status: "succeeded", exitCode: 0)
    let oldRunning = try begin(at: 150)
    let recent = try begin(at: 500)
    try store.finishRun(id: recent, finishedAt: testDate(501), status: "succeeded", exitCode: 0)
    let eventID = try store.record(event(.fired, scheduledFor: 100, at: 100, runID: old))

    #expect(try store.pruneRuns(olderThan: testDate(400)) == 1)
    #expect(Set(try store.runs().map(\.id)) == [oldRunning, recent])
    // The event stays, without its run.
    let event = try #require(try store.events().first)
    #expect(event.id == eventID)
    #expect(event.runID == nil)
    #expect(try store.pruneRuns(olderThan: testDate(400)) == 0)
  }

  @Test("runs left by processes that died are marked abandoned")
  func abandonedRuns() throws {
    let dead = try begin(at: 1, processID: 111)
    let alive = try begin(at: 2, processID: 222)
    let unknown = try begin(at: 3)
    let finished = try begin(at: 4, processID: 111)
    try store.finishRun(id: finished, finishedAt: testDate(5), status: "succeeded", exitCode: 0)

    var asked: [Int32] = []
    let marked = try store.markAbandonedRuns { pid in
      asked.append(pid)
      return pid == 222
    }
    #expect(marked == 1)
    #expect(asked.sorted() == [111, 222])
    #expect(try store.run(id: dead)?.status == RunRecord.abandonedStatus)
    #expect(try store.run(id: dead)?.finishedAt == nil)
    #expect(try store.run(id: alive)?.status == nil)
    #expect(try store.run(id: unknown)?.status == nil)
    #expect(try store.run(id: finished)?.status == "succeeded")
    #expect(try store.markAbandonedRuns { _ in false } == 1)  // only `alive` is left to mark
    #expect(try store.markAbandonedRuns { _ in false } == 0)

    // A run wrongly marked abandoned gets its real outcome when it does finish.
    try store.finishRun(id: alive, finishedAt: testDate(9), status: "succeeded", exitCode: 0)
    #expect(try store.run(id: alive)?.status == "succeeded")
  }

  @Test("a process is alive while it runs, and ids that name no process are not")
  func processLiveness() throws {
    #expect(RunStore.isProcessAlive(getpid()))
    #expect(!RunStore.isProcessAlive(0))
    #expect(!RunStore.isProcessAlive(-1))
    #expect(!RunStore.isProcessAlive(.max))
    let id = try begin(at: 1, processID: getpid())
    #expect(try store.markAbandonedRuns() == 0)
    #expect(try store.run(id: id)?.isRunning == true)
  }

  // MARK: Schedule events

  @Test("every event kind is stored and read back", arguments: ScheduleEvent.Kind.allCases)
  func eventKinds(kind: ScheduleEvent.Kind) throws {
    let runID = try begin(at: 5)
    let id = try store.record(
      event(kind, scheduledFor: 60, at: 61.5, runID: runID, detail: "why: \(kind)"))
    #expect(
      try store.events()
        == [
          ScheduleEvent(
            id: id, workflowName: "a", workflowPath: "/w/a.json", kind: kind,
            scheduledFor: testDate(60), recordedAt: testDate(61.5), runID: runID,
            detail: "why: \(kind)")
        ])
  }

  @Test("the daemon's own events name its directory")
  func daemonEvents() throws {
    try store.record(.daemon(.daemonStarted, directory: "/w", recordedAt: testDate(1)))
    try store.record(
      .daemon(.daemonStopped, directory: "/w", recordedAt: testDate(2), detail: "SIGTERM"))
    let events = try store.events(workflowPath: "/w")
    #expect(events.map(\.kind) == [.daemonStopped, .daemonStarted])
    #expect(events.map(\.workflowName) == ["", ""])
    #expect(events.first?.detail == "SIGTERM")
    #expect(events.first?.scheduledFor == nil)
  }

  @Test("events are listed newest first, by file and kind, up to a limit")
  func eventListing() throws {
    let fired = try store.record(event(.fired, scheduledFor: 60, at: 60))
    let other = try store.record(event(.fired, path: "/w/b.json", scheduledFor: 60, at: 61))
    let skipped = try store.record(event(.skipped, scheduledFor: 120, at: 120))
    let invalid = try store.record(event(.invalid, path: "/w/b.json", at: 130, detail: "bad"))
    let finished = try store.record(event(.finished, at: 140))

    #expect(try store.events().map(\.id) == [finished, invalid, skipped, other, fired])
    #expect(try store.events(limit: 2).map(\.id) == [finished, invalid])
    #expect(try store.events(workflowPath: "/w/a.json").map(\.id) == [finished, skipped, fired])
    #expect(try store.events(kinds: [.fired]).map(\.id) == [other, fired])
    #expect(
      try store.events(kinds: [.fired, .skipped, .invalid]).map(\.id)
        == [invalid, skipped, other, fired])
    #expect(
      try store.events(workflowPath: "/w/a.json", kinds: [.fired, .finished], limit: 1).map(\.id)
        == [finished])
    #expect(try store.events(kinds: []).isEmpty)
    #expect(try store.events(workflowPath: "/nowhere").isEmpty)
  }

  @Test("the last fire is the latest fire time a file's events fired, caught up or skipped")
  func lastFire() throws {
    #expect(try store.lastFire(workflowPath: "/w/a.json") == nil)
    try store.record(event(.fired, scheduledFor: 60, at: 60))
    #expect(try store.lastFire(workflowPath: "/w/a.json") == testDate(60))
    try store.record(event(.caughtUp, scheduledFor: 180, at: 200))
    try store.record(event(.fired, scheduledFor: 120, at: 201))  // recorded later, earlier time
    #expect(try store.lastFire(workflowPath: "/w/a.json") == testDate(180))
    try store.record(event(.skipped, scheduledFor: 240, at: 240))
    #expect(try store.lastFire(workflowPath: "/w/a.json") == testDate(240))
    // Other kinds and other files do not count.
    for kind in ScheduleEvent.Kind.allCases
    where !ScheduleEvent.Kind.handledFireTimes.contains(kind) {
      try store.record(event(kind, scheduledFor: 900, at: 900))
    }
    try store.record(event(.fired, path: "/w/b.json", scheduledFor: 1000, at: 1000))
    #expect(try store.lastFire(workflowPath: "/w/a.json") == testDate(240))
    #expect(try store.lastFire(workflowPath: "/w/b.json") == testDate(1000))
  }

  @Test("pruning events keeps each file's last fire, however old")
  func pruneEvents() throws {
    try store.record(event(.fired, scheduledFor: 60, at: 60))
    let lastOfA = try store.record(event(.fired, scheduledFor: 120, at: 120))
    try store.record(event(.finished, at: 130))
    let lastOfB = try store.record(event(.caughtUp, path: "/w/b.json", scheduledFor: 50, at: 125))
    try store.record(event(.daemonStarted, path: "/w", at: 10))
    let recent = try store.record(event(.queued, scheduledFor: 900, at: 900))

    #expect(try store.pruneEvents(olderThan: testDate(500)) == 3)
    #expect(try store.events().map(\.id) == [recent, lastOfB, lastOfA])
    #expect(try store.lastFire(workflowPath: "/w/a.json") == testDate(120))
    #expect(try store.lastFire(workflowPath: "/w/b.json") == testDate(50))
  }

  // MARK: The file

  @Test("a store opened on a home directory keeps its history in runs.sqlite")
  func storeInHome() throws {
    let temporary = try TemporaryDirectory()
    let home = IntentFlowHome(directory: temporary.url.appendingPathComponent("home"))
    let id = try RunStore(home: home).beginRun(
      workflowName: "a", workflowPath: "/w/a.json", trigger: .manual, startedAt: testDate(7))
    #expect(FileManager.default.fileExists(atPath: temporary.path("home/runs.sqlite")))
    let reopened = try RunStore(home: home)
    #expect(reopened.database.path == home.databasePath("runs"))
    #expect(try reopened.runs().map(\.id) == [id])
  }

  @Test("a store refuses a file from a newer release")
  func newerFile() throws {
    let database = try Database.inMemory()
    try database.execute("PRAGMA user_version = 8")
    let error = try #require(throws: StorageError.self) { try RunStore(database: database) }
    #expect(
      error.description
        == "cannot use database ':memory:': its schema version 8 is newer than this intentflow "
        + "knows (6); it was written by a newer intentflow; upgrade intentflow, or set "
        + "INTENTFLOW_HOME to another directory")
  }

  @Test("values the store cannot read are reported, not guessed")
  func unreadableValues() throws {
    try store.database.run(
      "INSERT INTO runs (id, workflow_name, workflow_path, trigger, started_at) "
        + "VALUES (5, 'a', '/w/a.json', 'webhook', 1)")
    let error = try #require(throws: StorageError.self) { try store.runs() }
    #expect(
      error.description
        == "cannot read the run history in database ':memory:': run 5 has unknown trigger "
        + "'webhook'; it was written by a newer intentflow; upgrade intentflow")
    try store.database.run(
      "INSERT INTO schedule_events (id, workflow_name, workflow_path, kind, recorded_at) "
        + "VALUES (8, 'a', '/w/a.json', 'exploded', 1)")
    #expect(throws: StorageError.self) { try store.events() }
  }

  @Test("each of the store's statements is answered through an index", arguments: plans)
  func queryPlans(_ statement: Statement) throws {
    let bindings = Array(repeating: SQLValue.integer(1), count: statement.parameters)
    let plan = try store.database.query("EXPLAIN QUERY PLAN " + statement.sql, bindings)
      .compactMap { try $0.text("detail") }
    #expect(!plan.isEmpty)
    for step in plan where step.hasPrefix("SCAN ") || step.hasPrefix("SEARCH ") {
      #expect(
        step.contains(" USING ") || step.hasPrefix("SCAN (subquery"), "\(statement.name): \(plan)")
    }
    #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(statement.name): \(plan)")
  }

  struct Statement: Sendable, CustomTestStringConvertible {
    var name: String
    var sql: String
    var parameters: Int { sql.filter { $0 == "?" }.count }
    var testDescription: String { name }
  }

  static let plans: [Statement] = [
    Statement(name: "runs", sql: RunStore.SQL.runs),
    Statement(name: "runs of a workflow", sql: RunStore.SQL.runsOfWorkflow),
    Statement(name: "one run", sql: RunStore.SQL.run),
    Statement(name: "finish a run", sql: RunStore.SQL.finishRun),
    Statement(name: "prune runs", sql: RunStore.SQL.pruneRuns),
    Statement(name: "unfinished runs", sql: RunStore.SQL.unfinishedRuns),
    Statement(name: "abandon a run", sql: RunStore.SQL.abandonRun),
    Statement(name: "events", sql: RunStore.SQL.events(ofFile: false, kindCount: 0)),
    Statement(name: "events of a file", sql: RunStore.SQL.events(ofFile: true, kindCount: 0)),
    Statement(name: "events of kinds", sql: RunStore.SQL.events(ofFile: false, kindCount: 3)),
    Statement(
      name: "events of a file and kinds", sql: RunStore.SQL.events(ofFile: true, kindCount: 2)),
    Statement(name: "last fire", sql: RunStore.SQL.lastFire),
    Statement(name: "prune events", sql: RunStore.SQL.pruneEvents),
  ]
}
