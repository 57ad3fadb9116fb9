import Foundation
import IntentKit
import TestSupport
import Testing

@testable import WorkflowEngine

@Suite("forEach: where, index and concurrency")
struct ExecutorForEachTests {
  @Test("where drops items before the passes; index numbers the passes over the items kept")
  func whereAndIndex() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "each", "forEach": ["a", "bb", "ccc", "dd"], "as": "w", "index": "n", "#
          + #""where": "${w.count >= 2}", "steps": ["#
          + #"{ "id": "say", "intent": "test.echo", "parameters": { "text": "${n}:${w}" } }] }"#
      ))
    #expect(run.output == .list([.text("1:bb"), .text("2:ccc"), .text("3:dd")]))
    #expect(run.log == ["echo 1:bb", "echo 2:ccc", "echo 3:dd"])
    #expect(run.step("say")?.runs == 3)
  }

  @Test("a dropped item adds nothing to the output: counting the lines that match")
  func countingMatches() async throws {
    let lines = #"["ok", "ERROR disk", "ok", "ERROR net", "warn"]"#
    let run = try await TestRun.run(
      workflow(
        output: #""${errors.count}""#,
        #"{ "id": "errors", "forEach": \#(lines), "as": "line", "#
          + #""where": "line contains 'ERROR'", "steps": [{ "intent": "test.echo" }] }"#))
    #expect(run.output == .integer(2))
  }

  @Test("where cannot see the pass number, and index cannot reuse the loop variable's name")
  func diagnostics() {
    #expect(
      Harness.diagnostics(
        workflow(
          #"{ "forEach": ["a"], "as": "w", "index": "n", "where": "n > 1", "#
            + #""steps": [{ "intent": "test.echo" }] }"#)) == [
          "test.json:4:60: error: no step, input or loop variable named 'n'; did you mean 'w'?"
        ])
    #expect(
      Harness.diagnostics(
        workflow(
          #"{ "forEach": ["a"], "as": "w", "index": "w", "steps": [{ "intent": "test.echo" }] }"#
        )) == [
          "test.json:4:45: error: 'index' and 'as' both name 'w'; give the pass number another "
            + "name"
        ])
    #expect(
      Harness.diagnostics(
        workflow(
          #"{ "forEach": ["a"], "concurrency": 0, "steps": [{ "intent": "test.echo" }] }"#)) == [
          "test.json:4:40: error: 'concurrency' must be a whole number of passes from 1 to 64, "
            + "not 0"
        ])
  }

  @Test("concurrent passes keep their outputs in item order, each with its own variables")
  func concurrentOrder() async throws {
    let items = (1...24).map { "\"i\($0)\"" }.joined(separator: ", ")
    let events = EventLog()
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "each", "forEach": [\#(items)], "as": "w", "index": "n", "concurrency": 8, "#
          + #""steps": [{ "id": "say", "intent": "test.echo", "parameters": { "text": "${n}" } }, "#
          + #"{ "intent": "test.echo", "parameters": { "text": "${w}=${say}" } }] }"#)
    ) { configuration in
      configuration.observer = { events.append($0) }
    }
    #expect(run.status == .succeeded)
    #expect(run.output == .list((1...24).map { .text("i\($0)=\($0)") }))
    #expect(run.step("say")?.runs == 24)
    #expect(run.step("say")?.output == .text("24"))
    // Progress shows passes done out of all passes.
    let progress = events.entries.filter { $0.hasPrefix("progress each") }
    #expect(progress.count == 24)
    #expect(progress.last == "progress each 24/24 ")
  }

  @Test("up to N passes run at once", .timeLimit(.minutes(1)))
  func runsAtOnce() async throws {
    let recorder = Recorder()
    let plan = try Harness.plan(
      workflow(
        #"{ "forEach": ["a", "b", "c"], "concurrency": 3, "steps": [{ "intent": "test.nap" }] }"#
      ))
    let task = Task { await TestRun.run(plan, recorder: recorder) }
    // A serial loop would never start the second nap before the first ends (in an hour).
    try await recorder.waitFor(3, startingWith: "nap started")
    task.cancel()
    let run = await task.value
    #expect(run.status == .cancelled)
    #expect(!run.log.contains("nap finished"))
  }

  @Test(
    "an unhandled failure cancels the running passes and starts no more",
    .timeLimit(.minutes(1)))
  func failureCancels() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "forEach": ["nap", "fail", "nap", "nap", "nap"], "as": "x", "concurrency": 2, "#
          + #""steps": [{ "if": "x == 'fail'", "then": [{ "intent": "test.fail" }], "#
          + #""else": [{ "intent": "test.nap" }] }] }"#))
    #expect(run.status == .failed)
    #expect(run.error?.message == "step 'test.fail' (test.fail) failed: the disk is full")
    #expect(run.log.filter { $0 == "nap started" }.count <= 1)
    #expect(!run.log.contains("nap finished"))
  }

  @Test("concurrent passes leave the thread of a run that prefers one, so they run in parallel")
  func passesOnTheGlobalExecutor() async throws {
    let plan = try Harness.plan(
      workflow(
        #"{ "intent": "test.thread" }"#,
        #"{ "forEach": ["a", "b", "c"], "concurrency": 3, "steps": [{ "intent": "test.thread" }] }"#
      ))
    let (caller, run) = try await offPool {
      CallingThreadExecutor.run { _ in
        (currentThreadID(), await TestRun.run(plan))
      }
    }
    #expect(run.status == .succeeded)
    #expect(run.log.count == 4)
    // The run itself is on the calling thread (the step before the loop), its passes not.
    #expect(run.log.first == "thread \(caller)")
    #expect(run.log.dropFirst().allSatisfy { $0.hasPrefix("thread ") && $0 != "thread \(caller)" })
  }
}
