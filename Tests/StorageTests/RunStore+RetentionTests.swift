import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("Pruning the run store")
struct RunStoreRetentionTests {
  let store: RunStore

  init() throws {
    store = try RunStore(database: Database.inMemory())
  }

  func finishedRun(at seconds: Double) throws -> Int64 {
    let id = try store.beginRun(
      workflowName: "a", workflowPath: "/w/a.json", trigger: .manual,
      startedAt: testDate(seconds))
    try store.finishRun(
      id: id, finishedAt: testDate(seconds + 1), status: "succeeded", exitCode: 0)
    return id
  }

  @Test("the default keeps 90 days, 10,000 runs, 100,000 events and 256 MB")
  func standardPolicy() {
    #expect(RunStore.Retention.standard.maximumAge == .seconds(7_776_000))
    #expect(RunStore.Retention.standard.maximumRuns == 10_000)
    #expect(RunStore.Retention.standard.maximumEvents == 100_000)
    #expect(RunStore.Retention.standard.maximumBytes == 256_000_000)
  }

  @Test("runs older than the age are deleted; running ones are kept")
  func byAge() throws {
    let old = try finishedRun(at: 1000)
    let running = try store.beginRun(
      workflowName: "a", workflowPath: "/w/a.json", trigger: .manual, startedAt: testDate(1000))
    let recent = try finishedRun(at: 90_000)
    let policy = RunStore.Retention(
      maximumAge: .seconds(86_400), maximumRuns: 100, maximumEvents: 100)
    let pruned = try store.prune(keeping: policy, now: testDate(100_000))
    #expect(pruned.runs == 1)
    #expect(try store.run(id: old) == nil)
    #expect(try store.run(id: running) != nil)
    #expect(try store.run(id: recent) != nil)
  }

  @Test("only the newest runs up to the limit are kept")
  func byCount() throws {
    let ids = try (0..<10).map { try finishedRun(at: 1000 + Double($0)) }
    let policy = RunStore.Retention(
      maximumAge: .seconds(1_000_000), maximumRuns: 3, maximumEvents: 10)
    let pruned = try store.prune(keeping: policy, now: testDate(2000))
    #expect(pruned.runs == 7)
    #expect(try store.runs(limit: 100).map(\.id) == Array(ids.suffix(3).reversed()))
    #expect(try store.prune(keeping: policy, now: testDate(2000)).runs == 0)
  }

  @Test("events beyond the limit are deleted, except each file's last fire")
  func eventsByCount() throws {
    try store.record(
      NewScheduleEvent(
        workflowName: "a", workflowPath: "/w/a.json", kind: .fired, scheduledFor: testDate(10),
        recordedAt: testDate(10)))
    for second in 11..<20 {
      try store.record(
        NewScheduleEvent(
          workflowName: "", workflowPath: "/w", kind: .daemonStarted,
          recordedAt: testDate(Double(second))))
    }
    let policy = RunStore.Retention(
      maximumAge: .seconds(1_000_000), maximumRuns: 10, maximumEvents: 2)
    let pruned = try store.prune(keeping: policy, now: testDate(100))
    #expect(pruned.events == 7)
    #expect(try store.lastFire(workflowPath: "/w/a.json") == testDate(10))
  }

  @Test("a prune is due every 100th run")
  func due() throws {
    #expect(try store.pruneIfDue(runID: 99, now: testDate(0)) == nil)
    #expect(try store.pruneIfDue(runID: 200, now: testDate(0)) != nil)
  }

  /// A finished run with one step whose logs hold `bytes` bytes, in a store on disk.
  static func bulkyRun(_ store: RunStore, at seconds: Double, bytes: Int) throws -> Int64 {
    let id = try store.beginRun(
      workflowName: "a", workflowPath: "/w/a.json", trigger: .manual,
      startedAt: testDate(seconds))
    var step = StepRow(
      path: "1", stepID: "s", intent: "shell.run", kind: "intent", status: "succeeded",
      attempts: 1, startedAt: testDate(seconds), finishedAt: testDate(seconds + 1))
    // Distinct text per run, so that nothing compresses or is shared.
    step.logs = String(repeating: String(id % 10), count: bytes)
    try store.finishRun(
      id: id, finishedAt: testDate(seconds + 1), status: "succeeded", exitCode: 0,
      errorMessage: nil, failedStep: nil, recoveredFailures: 0, steps: [step], firstSequence: 0)
    return id
  }

  static func fileSize(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.size] as? Int) ?? 0
  }

  @Test("past its size, the oldest finished runs go with their steps, and the file shrinks")
  func bySize() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/runs.sqlite"
    let store = try RunStore(database: Database(path: path, pageSize: 1024))
    let ids = try (0..<40).map { try Self.bulkyRun(store, at: 1000 + Double($0), bytes: 50_000) }
    let running = try store.beginRun(
      workflowName: "a", workflowPath: "/w/a.json", trigger: .manual, startedAt: testDate(900))
    _ = try store.database.query("PRAGMA wal_checkpoint(TRUNCATE)")
    let before = try Self.fileSize(path)
    #expect(before > 2_000_000)

    let policy = RunStore.Retention(
      maximumAge: .seconds(1_000_000), maximumRuns: 1000, maximumEvents: 1000,
      maximumBytes: 1_000_000)
    let pruned = try store.prune(keeping: policy, now: testDate(2000))

    // The newest runs that fit are kept, the one still running too.
    let kept = try store.runs(limit: 100).map(\.id).filter { $0 != running }
    #expect(pruned.runs == pruned.runsOverSize)
    #expect(pruned.runs == ids.count - kept.count)
    #expect(kept == Array(ids.suffix(kept.count).reversed()))
    #expect(kept.count >= 10 && kept.count < 20)
    #expect(try store.run(id: running) != nil)
    #expect(try store.usedBytes() <= 1_000_000)
    // The pruned runs' steps went with them.
    #expect(try store.steps(ofRun: ids[0]).isEmpty)
    #expect(try store.steps(ofRun: ids.last ?? 0).count == 1)
    // The file gave the space back.
    let after = try Self.fileSize(path)
    #expect(after < 1_100_000)
    #expect(pruned.bytesFreed >= before - after - 100_000)
    #expect(try store.prune(keeping: policy, now: testDate(2000)).runs == 0)
  }

  @Test("a store made before incremental vacuuming is rebuilt once, then shrinks in place")
  func olderStoreShrinks() throws {
    let directory = try TemporaryDirectory()
    let path = directory.path + "/runs.sqlite"
    let store = try RunStore(database: Database(path: path, pageSize: 1024))
    // As an older intentflow made it: no auto-vacuum.
    try store.database.execute("PRAGMA auto_vacuum = NONE")
    try store.database.execute("VACUUM")
    #expect(try store.database.query("PRAGMA auto_vacuum").first?.int("auto_vacuum") == 0)
    for second in 0..<20 { _ = try Self.bulkyRun(store, at: 1000 + Double(second), bytes: 50_000) }
    let policy = RunStore.Retention(
      maximumAge: .seconds(1_000_000), maximumRuns: 2, maximumEvents: 1000)
    _ = try store.prune(keeping: policy, now: testDate(2000))
    #expect(try Self.fileSize(path) < 300_000)
    #expect(try store.database.query("PRAGMA auto_vacuum").first?.int("auto_vacuum") == 2)
  }

  @Test("a new store vacuums incrementally")
  func newStoreMode() throws {
    let directory = try TemporaryDirectory()
    let store = try RunStore(database: Database(path: directory.path + "/runs.sqlite"))
    #expect(try store.database.query("PRAGMA auto_vacuum").first?.int("auto_vacuum") == 2)
  }
}
