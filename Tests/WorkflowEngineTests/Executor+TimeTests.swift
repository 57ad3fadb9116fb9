import IntentKit
import Synchronization
import TestSupport
import Testing
import WorkflowEngine

/// A sleep that records what it is asked for and returns at once.
private final class InstantSleep: Sendable {
  private let asked = Mutex<[Duration]>([])
  var durations: [Duration] { asked.withLock { $0 } }
  @Sendable func sleep(_ duration: Duration) async throws {
    asked.withLock { $0.append(duration) }
  }
}

@Suite("Running workflows: retries, timeouts, progress and cancellation", .timeLimit(.minutes(2)))
struct ExecutorTimeTests {
  // MARK: Retries

  @Test("a failing step is retried up to its retry count")
  func retriesSucceed() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "f", "intent": "test.flaky", "retry": 2, "parameters": { "failures": 2 } }"#))
    #expect(run.status == .succeeded)
    #expect(run.output == .text("succeeded on attempt 3"))
    #expect(run.step("f")?.runs == 3)
    #expect(
      run.events.filter { $0.hasPrefix("failed") } == [
        "failed f (will retry): step 'f' (test.flaky) failed: attempt 1 failed",
        "failed f (will retry): step 'f' (test.flaky) failed: attempt 2 failed",
      ])
  }

  @Test("when the retries run out, the last failure stops the run")
  func retriesRunOut() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "f", "intent": "test.flaky", "retry": 1, "parameters": { "failures": 5 } }"#))
    #expect(run.status == .failed)
    #expect(run.error?.message == "step 'f' (test.flaky) failed: attempt 2 failed")
    #expect(run.step("f")?.runs == 2)
    #expect(run.log == ["flaky attempt", "flaky attempt"])
  }

  @Test("retries wait their delay between attempts")
  func retryDelay() async throws {
    let sleep = InstantSleep()
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "f", "intent": "test.flaky", "retry": { "count": 2, "delay": "1s" }, "#
          + #""parameters": { "failures": 2 } }"#
      )
    ) {
      $0.defaultTimeout = nil
      $0.sleep = sleep.sleep
    }
    #expect(run.status == .succeeded)
    #expect(sleep.durations == [.seconds(1), .seconds(1)])
  }

  @Test("values that are missing are not retried")
  func noRetryForMissingValues() async throws {
    let run = try await TestRun.run(
      workflow(#"{ "id": "say", "intent": "test.echo", "retry": 3, "parameters": { "text": "" } }"#)
    )
    #expect(run.status == .needsValue)
    #expect(run.step("say")?.runs == 1)
    #expect(!run.events.contains { $0.contains("will retry") })
  }

  @Test("a run cancelled while waiting to retry stops")
  func cancelledRetryDelay() async throws {
    let clock = ManualClock()
    let recorder = Recorder()
    let plan = try Harness.plan(
      workflow(
        #"{ "id": "f", "intent": "test.flaky", "retry": { "count": 1, "delay": "1m" }, "#
          + #""parameters": { "failures": 1 } }"#))
    let configuration = Executor.Configuration.testing(recorder: recorder) {
      $0.defaultTimeout = nil
      $0.sleep = clock.sleep
    }
    let run = Task { await Executor(configuration: configuration).run(plan) }
    try #require(await clock.waitForSleep(number: 1))
    run.cancel()
    let result = await run.value
    #expect(result.status == .cancelled)
    #expect(result.error?.message == "step 'f' was cancelled while waiting to retry")
    #expect(clock.requested == [.seconds(60)])
    #expect(recorder.log == ["flaky attempt"])
  }

  // MARK: Timeouts

  @Test("a step that runs past its timeout is cancelled and told why")
  func timeout() async throws {
    let run = try await TestRun.run(workflow(#"{ "id": "nap", "intent": "test.nap" }"#)) {
      $0.sleep = { _ in }
    }
    #expect(run.status == .timedOut)
    #expect(run.error?.code == .timedOut)
    #expect(run.error?.message == "step 'nap' timed out after 30s")
    #expect(run.error?.step == "nap")
    #expect(run.step("nap")?.status == .timedOut)
    #expect(run.log.contains("cancelled: the step ran longer than its 30s timeout"))
    #expect(!run.log.contains("nap finished"))
  }

  @Test("a step's own timeout overrides the default")
  func stepTimeout() async throws {
    let run = try await TestRun.run(
      workflow(#"{ "id": "nap", "intent": "test.nap", "timeout": "1m30s" }"#)
    ) { $0.sleep = { _ in } }
    #expect(run.error?.message == "step 'nap' timed out after 1m30s")
    #expect(run.log.contains("cancelled: the step ran longer than its 1m30s timeout"))
  }

  @Test("an intent that finishes without suspending arms no timer at all")
  func noTimerForInstantIntents() async throws {
    let clock = ManualClock()
    let run = try await TestRun.run(
      workflow(
        #"{ "intent": "test.echo", "timeout": "5s", "parameters": { "text": "a" } }"#,
        #"{ "intent": "test.echo", "timeout": "none" }"#, #"{ "intent": "test.echo" }"#)
    ) {
      $0.sleep = clock.sleep
      $0.defaultTimeout = .seconds(7)
    }
    #expect(run.status == .succeeded)
    // The run has ended, and with it every step's work: a timer armed for any step would
    // have asked for its sleep by now.
    #expect(clock.requested.isEmpty)
  }

  @Test("a timed-out step is retried")
  func timeoutRetried() async throws {
    let run = try await TestRun.run(
      workflow(#"{ "id": "nap", "intent": "test.nap", "retry": 1 }"#)
    ) { $0.sleep = { _ in } }
    #expect(run.status == .timedOut)
    #expect(run.step("nap")?.runs == 2)
    #expect(run.log.filter { $0.hasPrefix("cancelled") }.count == 2)
  }

  @Test("onError continue goes on after a timeout")
  func timeoutContinue() async throws {
    let run = try await TestRun.run(
      workflow(
        #"{ "id": "nap", "intent": "test.nap", "onError": "continue" }"#,
        // With a sleep that returns at once, any step with a timeout could time out.
        #"{ "intent": "test.echo", "timeout": "none", "parameters": { "text": "after" } }"#)
    ) { $0.sleep = { _ in } }
    #expect(run.status == .succeeded)
    #expect(run.step("nap")?.status == .timedOut)
    #expect(run.output == .text("after"))
  }

  // MARK: Progress

  @Test("every progress report restarts a long-running intent's timeout")
  func progressRestartsTimeout() async throws {
    let clock = ManualClock()
    let turnstile = Turnstile()
    let recorder = Recorder()
    let events = EventLog()
    let plan = try Harness.plan(workflow(#"{ "id": "up", "intent": "test.upload" }"#))
    let configuration = Executor.Configuration.testing(recorder: recorder, events: events) {
      $0.sleep = clock.sleep
      $0.dependencies.turnstile = turnstile
    }
    let run = Task { await Executor(configuration: configuration).run(plan) }
    for part in 1...2 {
      try #require(await clock.waitForSleep(number: part))
      turnstile.open()
      try await recorder.waitFor("part \(part)")
      clock.advance()  // a whole timeout passes, but the intent reported progress in it
    }
    try #require(await clock.waitForSleep(number: 3))
    turnstile.open()
    let result = await run.value
    #expect(result.status == .succeeded)
    #expect(result.output == .text("uploaded 3 parts"))
    #expect(clock.requested == [.seconds(30), .seconds(30), .seconds(30)])
    #expect(
      events.entries.filter { $0.hasPrefix("progress") } == [
        "progress up 1/3 part 1", "progress up 2/3 part 2", "progress up 3/3 part 3",
      ])
  }

  @Test("a long-running intent that stops reporting progress times out")
  func stalledProgress() async throws {
    let clock = ManualClock()
    let turnstile = Turnstile()
    let recorder = Recorder()
    let plan = try Harness.plan(workflow(#"{ "id": "up", "intent": "test.upload" }"#))
    let configuration = Executor.Configuration.testing(recorder: recorder) {
      $0.sleep = clock.sleep
      $0.dependencies.turnstile = turnstile
    }
    let run = Task { await Executor(configuration: configuration).run(plan) }
    try #require(await clock.waitForSleep(number: 1))
    turnstile.open()
    try await recorder.waitFor("part 1")
    clock.advance()
    try #require(await clock.waitForSleep(number: 2))
    clock.advance()  // no progress this time
    let result = await run.value
    #expect(result.status == .timedOut)
    #expect(result.error?.message == "step 'up' timed out after 30s")
    #expect(recorder.log == ["part 1", "cancelled: the step ran longer than its 30s timeout"])
  }

  @Test("progress does not extend the timeout of an intent that is not long-running")
  func progressOfOrdinaryIntents() async throws {
    let clock = ManualClock()
    let turnstile = Turnstile()
    let recorder = Recorder()
    let plan = try Harness.plan(workflow(#"{ "id": "rep", "intent": "test.report" }"#))
    let configuration = Executor.Configuration.testing(recorder: recorder) {
      $0.sleep = clock.sleep
      $0.dependencies.turnstile = turnstile
    }
    let run = Task { await Executor(configuration: configuration).run(plan) }
    try #require(await clock.waitForSleep(number: 1))
    turnstile.open()
    try await recorder.waitFor("part 1")
    clock.advance()
    let result = await run.value
    #expect(result.status == .timedOut)
    #expect(recorder.log == ["part 1", "cancelled: the step ran longer than its 30s timeout"])
  }

  // MARK: Cancellation

  @Test("cancelling the run cancels the running intent, which is told why")
  func cancellation() async throws {
    let recorder = Recorder()
    let plan = try Harness.plan(
      workflow(
        #"{ "id": "nap", "intent": "test.nap" }"#,
        #"{ "intent": "test.echo", "parameters": { "text": "never" } }"#))
    let configuration = Executor.Configuration.testing(recorder: recorder)
    let run = Task { await Executor(configuration: configuration).run(plan) }
    try await recorder.waitFor("nap started")
    run.cancel()
    let result = await run.value
    #expect(result.status == .cancelled)
    #expect(result.error?.code == .cancelled)
    #expect(result.error?.message == "step 'nap' was cancelled: the run was cancelled")
    #expect(result.steps.map(\.status) == [.cancelled])
    #expect(recorder.log == ["nap started", "cancelled: the run was cancelled"])
  }

  @Test("the cancellation reason comes from the configuration, such as a signal")
  func cancellationBySignal() async throws {
    let recorder = Recorder()
    let plan = try Harness.plan(workflow(#"{ "id": "nap", "intent": "test.nap" }"#))
    let configuration = Executor.Configuration.testing(recorder: recorder) {
      $0.cancellationReason = { .signal(15) }
    }
    let run = Task { await Executor(configuration: configuration).run(plan) }
    try await recorder.waitFor("nap started")
    run.cancel()
    let result = await run.value
    #expect(result.error?.message == "step 'nap' was cancelled: the run received SIGTERM")
    #expect(recorder.log.last == "cancelled: the run received SIGTERM")
  }

  @Test("a run cancelled before it starts runs no step")
  func cancelledBeforeStart() async throws {
    let recorder = Recorder()
    let plan = try Harness.plan(
      workflow(#"{ "id": "a", "intent": "test.echo", "parameters": { "text": "x" } }"#))
    let configuration = Executor.Configuration.testing(recorder: recorder)
    let run = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return await Executor(configuration: configuration).run(plan)
    }
    let result = await run.value
    #expect(result.status == .cancelled)
    #expect(
      result.error?.message == "the run was cancelled before step 'a': the run was cancelled")
    #expect(recorder.log == [])
  }

  @Test("a cancellation that arrives before perform keeps the intent from performing")
  func cancelledBeforePerform() async throws {
    let recorder = Recorder()
    let plan = try Harness.plan(workflow(#"{ "id": "s", "intent": "test.stubborn" }"#))
    let configuration = Executor.Configuration.testing(recorder: recorder)
    let run = Task { await Executor(configuration: configuration).run(plan) }
    try await recorder.waitFor("confirming")
    run.cancel()
    let result = await run.value
    #expect(result.status == .cancelled)
    #expect(result.error?.message == "step 's' was cancelled: the run was cancelled")
    // The run returns only after the step's lifecycle has ended: a perform() started after
    // the cancellation would have recorded by now.
    #expect(recorder.log == ["confirming", "cancelled: the run was cancelled"])
  }
}
