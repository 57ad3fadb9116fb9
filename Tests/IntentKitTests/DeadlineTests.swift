import TestSupport
import Testing

@testable import IntentKit

@Suite("Timeouts and cancellation")
struct DeadlineTests {
  let harness = Harness()

  // MARK: Timeouts

  @Test("an intent that runs past its timeout is timed out and told why")
  func timedOut() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Wait.self, step: "nap", options: instantTimeout(.seconds(5)))
    }
    #expect(error.code == .timedOut)
    #expect(error.message == "step 'nap' timed out after 5s")
    #expect(error.step == "nap")
    #expect(harness.probe.reasons == [.timeout(.seconds(5))])
    #expect(await harness.probe.eventually("saw cancellation"))
  }

  // A timer that never fires would leave `Wait` asleep for an hour: the limit makes that a
  // failure, not a hang.
  @Test(
    "on the system clock (no injected sleep) a step past its timeout is timed out, told why",
    .timeLimit(.minutes(1)))
  func systemClock() async throws {
    var options = IntentInvocation.Options()
    options.timeout = .milliseconds(5)
    options.sleep = nil
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Wait.self, step: "nap", options: options)
    }
    #expect(error.code == .timedOut)
    #expect(error.message == "step 'nap' timed out after 5ms")
    #expect(harness.probe.reasons == [.timeout(.milliseconds(5))])
  }

  @Test("the timeout's length reaches the sleep and the message", arguments: [1, 30, 90])
  func timeoutLength(seconds: Int) async throws {
    let clock = ManualClock()
    var options = IntentInvocation.Options()
    options.timeout = .seconds(seconds)
    options.sleep = { try await clock.sleep($0) }
    let task = Task { try await harness.run(Wait.self, options: options) }
    #expect(await clock.waitForSleep(number: 1))
    clock.advance()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(clock.requested == [.seconds(seconds)])
    #expect(
      error.message == "step 'test.wait' timed out after \(DurationText.format(.seconds(seconds)))")
  }

  @Test("the default timeout is 30 seconds")
  func defaultTimeout() {
    #expect(IntentInvocation.Options().timeout == .seconds(30))
  }

  @Test("an intent that ends in time is not timed out, and its timer stops")
  func inTime() async throws {
    let clock = ManualClock()
    var options = IntentInvocation.Options()
    options.sleep = { try await clock.sleep($0) }
    let task = Task { try await harness.run(Stubborn.self, options: options) }
    #expect(await clock.waitForSleep(number: 1))
    harness.probe.open("release")
    let result = try #require(await settle(task)).get()
    #expect(result.output == .text("finally"))
    #expect(await clock.waitForSleepers(0))
    #expect(harness.probe.reasons.isEmpty)
  }

  @Test("without a timeout nothing sleeps")
  func noTimeout() async throws {
    var options = instantTimeout()
    options.timeout = nil
    let task = Task { try await harness.run(Stubborn.self, options: options) }
    #expect(await harness.probe.eventually("started"))
    harness.probe.open("release")
    #expect(try #require(await settle(task)).get().output == .text("finally"))
  }

  @Test("an intent that ignores the timeout is abandoned, not waited for")
  func ignoresTimeout() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(Stubborn.self, options: instantTimeout())
    }
    #expect(error.code == .timedOut)
    #expect(harness.probe.reasons == [.timeout(.seconds(5))])
    #expect(!harness.probe.events.contains("finished"))
    harness.probe.open("release")
    #expect(await harness.probe.eventually("finished"))
  }

  @Test("a long-running intent that keeps reporting progress is not timed out")
  func progressKeepsAlive() async throws {
    let clock = ManualClock()
    var options = IntentInvocation.Options()
    options.sleep = { try await clock.sleep($0) }
    let task = Task { try await harness.run(Upload.self, options: options) }
    for part in 1...3 {
      // A report within each timeout keeps the step alive.
      #expect(await clock.waitForSleep(number: part))
      harness.probe.open("part \(part)")
      #expect(await harness.probe.eventually("reported \(part)"))
      if part < 3 { clock.advance() }
    }
    let result = try #require(await settle(task)).get()
    #expect(result.output == .text("uploaded"))
    #expect(harness.probe.reasons.isEmpty)
    #expect(
      harness.probe.updates
        == (1...3).map {
          ProgressReporter.Update(completed: $0, total: 3, message: "part \($0)")
        })
  }

  @Test("a long-running intent that stops reporting is timed out one timeout later")
  func progressStops() async throws {
    let clock = ManualClock()
    var options = IntentInvocation.Options()
    options.sleep = { try await clock.sleep($0) }
    let task = Task { try await harness.run(Upload.self, options: options) }
    #expect(await clock.waitForSleep(number: 1))
    harness.probe.open("part 1")
    #expect(await harness.probe.eventually("reported 1"))
    clock.advance()  // the report counts: wait once more
    #expect(await clock.waitForSleep(number: 2))
    clock.advance()  // nothing since: time out
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.code == .timedOut)
    #expect(error.message == "step 'test.upload' timed out after 30s")
    #expect(harness.probe.reasons == [.timeout(.seconds(30))])
    #expect(clock.requested == [.seconds(30), .seconds(30)])
    harness.probe.openAll()
  }

  @Test("progress from an intent that is not long-running does not extend its timeout")
  func progressIgnoredForOthers() async throws {
    let clock = ManualClock()
    var options = IntentInvocation.Options()
    options.sleep = { try await clock.sleep($0) }
    let task = Task { try await harness.run(Chatty.self, options: options) }
    #expect(await harness.probe.eventually("reported 1"))
    #expect(await clock.waitForSleep(number: 1))
    clock.advance()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.code == .timedOut)
    #expect(harness.probe.updates.map(\.completed) == [1])
    harness.probe.openAll()
  }

  // MARK: Cancellation

  @Test("cancelling the run cancels the intent and tells it why")
  func cancelled() async throws {
    let task = Task { try await harness.run(Wait.self, step: "nap") }
    #expect(await harness.probe.eventually("started"))
    task.cancel()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.code == .cancelled)
    #expect(error.message == "step 'nap' was cancelled: the run was cancelled")
    #expect(error.step == "nap")
    #expect(harness.probe.reasons == [.stopped("the run was cancelled")])
    #expect(await harness.probe.eventually("saw cancellation"))
  }

  @Test("the run's reason for cancelling reaches the intent and the message")
  func cancelledBySignal() async throws {
    var options = IntentInvocation.Options()
    options.cancellationReason = { .signal(15) }
    let task = Task { try await harness.run(Wait.self, options: options) }
    #expect(await harness.probe.eventually("started"))
    task.cancel()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.message == "step 'test.wait' was cancelled: the run received SIGTERM")
    #expect(harness.probe.reasons == [.signal(15)])
  }

  @Test("an intent that ignores cancellation does not hang the run")
  func ignoresCancellation() async throws {
    let task = Task { try await harness.run(Stubborn.self) }
    #expect(await harness.probe.eventually("started"))
    task.cancel()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.code == .cancelled)
    #expect(!harness.probe.events.contains("finished"))
    #expect(harness.probe.reasons == [.stopped("the run was cancelled")])
    harness.probe.open("release")
    #expect(await harness.probe.eventually("finished"))
  }

  @Test("a run cancelled before the intent starts never performs it, every time")
  func cancelledBeforeStart() async throws {
    for attempt in 1...50 {
      let harness = Harness()
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await harness.run(Wait.self)
      }
      guard let outcome = await settle(task) else {
        Issue.record("attempt \(attempt): the invocation never ended")
        return
      }
      #expect((outcome.failure as? IntentFlowError)?.code == .cancelled, "attempt \(attempt)")
      #expect(!harness.probe.events.contains("started"), "attempt \(attempt)")
    }
  }

  @Test("a cancelled intent is told once, also when the timeout fires afterwards")
  func toldOnce() async throws {
    let clock = ManualClock()
    var options = IntentInvocation.Options()
    options.sleep = { try await clock.sleep($0) }
    let task = Task { try await harness.run(Stubborn.self, options: options) }
    #expect(await harness.probe.eventually("started"))
    #expect(await clock.waitForSleep(number: 1))
    task.cancel()
    _ = await settle(task)
    clock.advance()
    harness.probe.open("release")
    #expect(await harness.probe.eventually("finished"))
    #expect(harness.probe.reasons == [.stopped("the run was cancelled")])
  }
}

extension Result {
  /// The error, if this is a failure.
  var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
