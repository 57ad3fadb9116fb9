import Foundation
import TestSupport
import Testing

@testable import Storage

@Suite("The run store's step history")
struct RunStoreStepsTests {
  let store: RunStore

  init() throws {
    store = try RunStore(database: Database.inMemory())
  }

  func row(_ path: String, status: String = "succeeded", output: String? = "\"A\"") -> StepRow {
    var row = StepRow(
      path: path, stepID: nil, intent: "text.uppercase", kind: "intent", status: status,
      attempts: 1, startedAt: testDate(10), finishedAt: testDate(11))
    row.output = output
    return row
  }

  @Test("steps written in batches read back in the order they ended, with every field")
  func roundTrip() throws {
    let id = try store.beginRun(
      workflowName: "a", workflowPath: "/a.json", trigger: .manual, startedAt: testDate(1))
    var failed = row("2", status: "failed", output: nil)
    failed.errorKind = "failed"
    failed.errorMessage = "disk full"
    failed.logs = #"[{"stream":"stderr","text":"no space"}]"#
    failed.recovered = true
    failed.attempts = 3
    try store.recordSteps([row("1")], runID: id, firstSequence: 0)
    try store.finishRun(
      id: id, finishedAt: testDate(20), status: "succeeded", exitCode: 0, errorMessage: nil,
      failedStep: nil, recoveredFailures: 1, steps: [failed], firstSequence: 1)
    let steps = try store.steps(ofRun: id)
    #expect(steps == [row("1"), failed])
    #expect(try store.run(id: id)?.recoveredFailures == 1)
    #expect(try store.run(id: id)?.status == "succeeded")
  }

  @Test("pruning a run deletes its steps")
  func pruneCascades() throws {
    let id = try store.beginRun(
      workflowName: "a", workflowPath: "/a.json", trigger: .manual, startedAt: testDate(1))
    try store.finishRun(
      id: id, finishedAt: testDate(2), status: "succeeded", exitCode: 0, errorMessage: nil,
      failedStep: nil, recoveredFailures: 0, steps: [row("1"), row("2")], firstSequence: 0)
    #expect(try store.pruneRuns(olderThan: testDate(100)) == 1)
    #expect(try store.steps(ofRun: id).isEmpty)
    let left = try store.database.query("SELECT count(*) AS n FROM steps")
    #expect(try left.first?.int("n") == 0)
  }

  @Test("a long value is cut to the limit on a character boundary, with its size")
  func cut() {
    let long = "\"" + String(repeating: "é", count: 10_000) + "\""
    let (text, total) = StepRow.cut(long)
    #expect(total == 20_002)
    #expect(text.hasSuffix(" … [cut: 20002 bytes in all]\""))
    #expect(text.utf8.count <= StepRow.valueLimit + 64)
    #expect(StepRow.cut("\"short\"") == ("\"short\"", nil))
  }

  @Test("runs filter by status, trigger and start time")
  func filters() throws {
    let first = try store.beginRun(
      workflowName: "a", workflowPath: "/a.json", trigger: .manual, startedAt: testDate(10))
    try store.finishRun(id: first, finishedAt: testDate(11), status: "failed", exitCode: 1)
    let second = try store.beginRun(
      workflowName: "b", workflowPath: "/b.json", trigger: .schedule, startedAt: testDate(20))
    func ids(_ status: String?, _ trigger: RunTrigger?, _ since: Double?) throws -> [Int64] {
      try store.runs(
        workflowName: nil, status: status, trigger: trigger, since: since.map(testDate),
        limit: 10
      ).map(\.id)
    }
    #expect(try ids("failed", nil, nil) == [first])
    #expect(try ids("running", nil, nil) == [second])
    #expect(try ids(nil, .schedule, nil) == [second])
    #expect(try ids(nil, nil, 15) == [second])
    #expect(try ids(nil, nil, nil) == [second, first])
  }
}
