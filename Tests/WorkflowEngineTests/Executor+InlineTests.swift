import Foundation
import IntentKit
import Synchronization
import Testing

@testable import WorkflowEngine

/// The same workflow run with `test.flaky`, whose `perform()` gets a task of its own, and with
/// `test.quickFlaky`, the same intent declared a ``NonSuspendingIntent`` and performed inline:
/// everything a user sees must be the same.
@Suite("Running non-suspending intents inline")
struct ExecutorInlineTests {
  /// What a run shows, with the inline intent's identifier written as the other's.
  private struct Seen: Equatable {
    var status: RunStatus
    var output: String
    var error: String?
    var events: [String]
    var log: [String]
    var records: [String]

    init(_ run: TestRun) {
      let same = { (text: String) in
        text.replacingOccurrences(of: "test.quickFlaky", with: "test.flaky")
      }
      status = run.status
      output = same(run.output.textDescription)
      error = run.error.map { same($0.message) }
      events = run.events.map(same)
      log = run.log.map(same)
      records = run.result.steps.map {
        same("\($0.label) \($0.status) runs=\($0.runs) output=\($0.output.textDescription)")
      }
    }
  }

  /// Runs `step` (with `INTENT` in it) once with each intent.
  private func both(
    _ steps: String..., configure: @escaping (inout Executor.Configuration) -> Void = { _ in }
  ) async throws -> (task: Seen, inline: Seen) {
    func run(_ intent: String) async throws -> Seen {
      let json = Harness.workflow(
        inputs: nil, output: nil,
        steps: steps.map { $0.replacingOccurrences(of: "INTENT", with: intent) })
      return Seen(try await TestRun.run(json, configure: configure))
    }
    return (try await run("test.flaky"), try await run("test.quickFlaky"))
  }

  @Test("the descriptor says which intents are performed inline")
  func descriptor() {
    #expect(TestIntents.registry.intent("test.quickFlaky")?.performsInline == true)
    #expect(TestIntents.registry.intent("test.flaky")?.performsInline == false)
  }

  @Test("a failing step is retried the same way inline")
  func retries() async throws {
    let seen = try await both(
      #"{ "id": "f", "intent": "INTENT", "retry": 2, "parameters": { "failures": 2 } }"#)
    #expect(seen.inline == seen.task)
    #expect(seen.inline.status == .succeeded)
    #expect(seen.inline.output == "succeeded on attempt 3")
    #expect(seen.inline.records == ["f succeeded runs=3 output=succeeded on attempt 3"])
    #expect(
      seen.inline.events.filter { $0.hasPrefix("failed") } == [
        "failed f (will retry): step 'f' (test.flaky) failed: attempt 1 failed",
        "failed f (will retry): step 'f' (test.flaky) failed: attempt 2 failed",
      ])
  }

  @Test("when its retries run out, onError continue goes on to the next step")
  func continues() async throws {
    let seen = try await both(
      #"{ "id": "f", "intent": "INTENT", "retry": 1, "onError": "continue", "#
        + #""parameters": { "failures": 5 } }"#,
      #"{ "intent": "test.echo", "parameters": { "text": "after ${f}" } }"#)
    #expect(seen.inline == seen.task)
    #expect(seen.inline.status == .succeeded)
    #expect(seen.inline.output == "after ")
    #expect(seen.inline.log == ["flaky attempt", "flaky attempt", "echo after "])
    #expect(seen.inline.records.first == "f failed runs=2 output=")
  }

  @Test("its error reaches onError steps and fails an unhandled run alike")
  func errors() async throws {
    let fallback = try await both(
      #"{ "id": "f", "intent": "INTENT", "parameters": { "failures": 1 }, "onError": ["#
        + #"{ "intent": "test.echo", "parameters": { "text": "${error.kind}: ${error.message}" } }"#
        + #"] }"#)
    #expect(fallback.inline == fallback.task)
    #expect(
      fallback.inline.output == "failed: step 'f' (test.flaky) failed: attempt 1 failed")
    let unhandled = try await both(
      #"{ "id": "f", "intent": "INTENT", "parameters": { "failures": 1 } }"#,
      #"{ "intent": "test.echo", "parameters": { "text": "never" } }"#)
    #expect(unhandled.inline == unhandled.task)
    #expect(unhandled.inline.status == .failed)
    #expect(unhandled.inline.error == "step 'f' (test.flaky) failed: attempt 1 failed")
    #expect(unhandled.inline.log == ["flaky attempt"])
  }

  @Test("a step that does not suspend is not timed out, and nothing sleeps for it")
  func noTimeout() async throws {
    let slept = Mutex<[Duration]>([])
    let seen = try await both(
      #"{ "id": "f", "intent": "INTENT", "timeout": "1s", "parameters": { "failures": 0 } }"#
    ) { configuration in
      // A sleep that returns at once would time out any step whose timer is armed.
      configuration.sleep = { duration in slept.withLock { $0.append(duration) } }
    }
    #expect(seen.inline == seen.task)
    #expect(seen.inline.status == .succeeded)
    #expect(slept.withLock { $0 }.isEmpty)
  }

  @Test("a run cancelled before the step never performs it")
  func cancelledBefore() async throws {
    for intent in ["test.flaky", "test.quickFlaky"] {
      let plan = try Harness.plan(
        workflow(#"{ "id": "f", "intent": "\#(intent)", "parameters": { "failures": 0 } }"#))
      let recorder = Recorder()
      let configuration = Executor.Configuration.testing(recorder: recorder)
      let result = await Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return await Executor(configuration: configuration).run(plan)
      }.value
      #expect(result.status == .cancelled, "\(intent)")
      #expect(
        result.error?.message == "the run was cancelled before step 'f': the run was cancelled",
        "\(intent)")
      #expect(recorder.log.isEmpty, "\(intent)")
    }
  }
}
