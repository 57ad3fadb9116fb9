import Foundation
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

  @Test("the default keeps 90 days, 10,000 runs and 100,000 events")
  func standardPolicy() {
    #expect(RunStore.Retention.standard.maximumAge == .seconds(7_776_000))
    #expect(RunStore.Retention.standard.maximumRuns == 10_000)
    #expect(RunStore.Retention.standard.maximumEvents == 100_000)
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
}
