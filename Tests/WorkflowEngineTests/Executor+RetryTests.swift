import Foundation
import IntentKit
import Synchronization
import Testing

@testable import WorkflowEngine

/// A sleep that records what it is asked for and returns at once.
private final class RecordedSleep: Sendable {
  private let asked = Mutex<[Duration]>([])
  var durations: [Duration] { asked.withLock { $0 } }
  @Sendable func sleep(_ duration: Duration) async throws {
    asked.withLock { $0.append(duration) }
  }
}

@Suite("retry with backoff, maxDelay, jitter and on; onError as fallback steps")
struct ExecutorRetryTests {
  @Test("exponential backoff doubles the delay up to maxDelay; jitter takes a random part")
  func backoff() async throws {
    let flaky =
      #"{ "id": "f", "intent": "test.flaky", "parameters": { "failures": 4 }, "retry": "#
      + #"{ "count": 4, "delay": "1s", "backoff": "exponential", "maxDelay": "3s"JITTER } }"#
    let plain = RecordedSleep()
    let run = try await TestRun.run(workflow(flaky.replacingOccurrences(of: "JITTER", with: ""))) {
      $0.sleep = plain.sleep
    }
    #expect(run.status == .succeeded)
    #expect(run.step("f")?.runs == 5)
    #expect(plain.durations == [.seconds(1), .seconds(2), .seconds(3), .seconds(3)])

    let jittered = RecordedSleep()
    _ = try await TestRun.run(
      workflow(flaky.replacingOccurrences(of: "JITTER", with: #", "jitter": true"#))
    ) {
      $0.sleep = jittered.sleep
      $0.random = { $0.lowerBound }
    }
    #expect(
      jittered.durations == [
        .milliseconds(500), .seconds(1), .milliseconds(1500), .milliseconds(1500),
      ])
  }

  @Test("on chooses the error kinds that are retried")
  func retryOn() async throws {
    let notRetried = try await TestRun.run(
      workflow(
        #"{ "id": "f", "intent": "test.fail", "retry": { "count": 3, "on": ["timedOut"] } }"#)
    ) { $0.sleep = { _ in } }
    #expect(notRetried.status == .failed)
    #expect(notRetried.step("f")?.runs == 1)
    let retried = try await TestRun.run(
      workflow(#"{ "id": "f", "intent": "test.fail", "retry": { "count": 2, "on": ["failed"] } }"#)
    ) { $0.sleep = { _ in } }
    #expect(retried.step("f")?.runs == 3)
  }

  @Test("retry's new keys are checked before the run")
  func retryDiagnostics() {
    #expect(
      Harness.diagnostics(
        workflow(
          #"{ "intent": "test.fail", "retry": { "count": 1, "on": ["faild"], "backoff": "linear" } }"#
        ))
        == [
          "test.json:4:60: error: 'faild' is not an error kind that can be retried; did you mean "
            + "'failed'?",
          "test.json:4:81: error: 'backoff' must be 'fixed' or 'exponential', not 'linear'",
        ].sorted())
  }

  @Test("onError steps run with ${error}; their last output becomes the step's output")
  func fallback() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "f", "intent": "test.fail", "onError": ["#
          + #"{ "intent": "test.echo", "parameters": { "text": "${error.kind} in ${error.step}" } }"#
          + #"] }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "got: ${f}" } }"#))
    #expect(run.status == .succeeded)
    #expect(run.output == .text("got: failed in f"))
    #expect(run.step("f")?.status == .failed)
    #expect(run.step("f")?.output == .text("failed in f"))
    #expect(run.log == ["fail", "echo failed in f", "echo got: failed in f"])
  }

  @Test("onError steps do not run for a stop that needs a person, and their failure fails the run")
  func fallbackLimits() async throws {
    let failing = try await TestRun.run(
      workflow(
        #"{ "id": "f", "intent": "test.fail", "onError": ["#
          + #"{ "intent": "test.fail", "parameters": { "message": "fallback broke" } }] }"#))
    #expect(failing.status == .failed)
    #expect(failing.error?.message.hasSuffix("fallback broke") == true)
    let diagnostics = Harness.diagnostics(
      workflow(
        #"{ "intent": "test.fail", "onError": ["#
          + #"{ "intent": "test.echo", "parameters": { "text": "${error.kind} ${nope}" } }] }"#))
    #expect(diagnostics.count == 1)
    #expect(diagnostics.first?.contains("no step, input or loop variable named 'nope'") == true)
  }
}
