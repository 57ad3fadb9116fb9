import TestSupport
import Testing

@testable import IntentKit

/// The one timer path of a step: the run clock's `startTimer`, here with timers the test
/// fires itself, so that expiry, the restart on progress and the timer's end are each seen.
@Suite("A step's timer")
struct DeadlineTimerTests {
  let harness = Harness()
  let timers = ManualTimers()

  func options(timeout: Duration = .seconds(30)) -> IntentInvocation.Options {
    var options = IntentInvocation.Options()
    options.timeout = timeout
    options.clock = timers.clock()
    return options
  }

  @Test("a step that suspends starts one timer of its timeout; its firing times the step out")
  func expiry() async throws {
    let task = Task { try await harness.run(Wait.self, step: "nap", options: options()) }
    #expect(await timers.waitForTimer(number: 1))
    #expect(timers.started == [.seconds(30)])
    timers.fire()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.code == .timedOut)
    #expect(error.message == "step 'nap' timed out after 30s")
    #expect(harness.probe.reasons == [.timeout(.seconds(30))])
    #expect(timers.armed == 0)
  }

  @Test("progress since the last firing starts a long-running intent's timer over")
  func restartOnProgress() async throws {
    let task = Task { try await harness.run(Upload.self, options: options()) }
    #expect(await timers.waitForTimer(number: 1))
    harness.probe.open("part 1")
    #expect(await harness.probe.eventually("reported 1"))
    timers.fire()  // a report since the timer was armed: start over
    #expect(timers.armed == 1)
    #expect(harness.probe.reasons.isEmpty)
    timers.fire()  // nothing since: time out
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.message == "step 'test.upload' timed out after 30s")
    #expect(timers.started == [.seconds(30)])
    harness.probe.openAll()
  }

  @Test("progress from an intent that is not long-running does not start the timer over")
  func noRestartForOthers() async throws {
    let task = Task { try await harness.run(Chatty.self, options: options()) }
    #expect(await harness.probe.eventually("reported 1"))
    #expect(await timers.waitForTimer(number: 1))
    timers.fire()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.code == .timedOut)
    harness.probe.openAll()
  }

  @Test("a step that ends first cancels its timer")
  func endsFirst() async throws {
    let task = Task { try await harness.run(Stubborn.self, options: options()) }
    #expect(await timers.waitForTimer(number: 1))
    harness.probe.open("release")
    #expect(try #require(await settle(task)).get().output == .text("finally"))
    #expect(timers.cancelled == 1)
    #expect(timers.armed == 0)
    timers.fire()  // nothing is armed: nothing changes
    #expect(harness.probe.reasons.isEmpty)
  }

  @Test("the run's cancellation decides the step and cancels its timer")
  func cancelledRun() async throws {
    let task = Task { try await harness.run(Wait.self, options: options()) }
    #expect(await timers.waitForTimer(number: 1))
    task.cancel()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.code == .cancelled)
    #expect(timers.cancelled == 1)
    #expect(harness.probe.reasons == [.stopped("the run was cancelled")])
  }

  @Test("a step without a timeout, or one that never suspends, starts no timer")
  func noTimer() async throws {
    var untimed = options()
    untimed.timeout = nil
    let task = Task { try await harness.run(Stubborn.self, options: untimed) }
    #expect(await harness.probe.eventually("started"))
    harness.probe.open("release")
    #expect(try #require(await settle(task)).get().output == .text("finally"))
    _ = try await harness.run(Bare.self, options: options())
    #expect(timers.started.isEmpty)
  }

  @Test("an intent still running after its grace is reported as an overrun, awaitable to its end")
  func overrun() async throws {
    let reported = Observed<[Overrun]>([])
    var options = options()
    options.cancellationGrace = .milliseconds(1)  // Stubborn outlasts any grace
    options.onOverrun = { overrun in reported.update { $0.append(overrun) } }
    let task = Task { try await harness.run(Stubborn.self, step: "stuck", options: options) }
    #expect(await timers.waitForTimer(number: 1))
    timers.fire()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.code == .timedOut)
    let overrun = try #require(reported.value.first)
    #expect(reported.value.count == 1)
    #expect(overrun.step == "stuck")
    #expect(overrun.reason == .timeout(.seconds(30)))
    #expect(overrun.grace == .milliseconds(1))
    #expect(!harness.probe.events.contains("finished"))
    harness.probe.open("release")
    await overrun.ended()
    #expect(harness.probe.events.contains("finished"))
  }

  @Test("an intent that winds down within its grace is no overrun")
  func noOverrun() async throws {
    let reported = Observed<[Overrun]>([])
    var options = options()
    options.cancellationGrace = .seconds(30)  // a last resort: Wait ends once cancelled
    options.onOverrun = { overrun in reported.update { $0.append(overrun) } }
    let task = Task { try await harness.run(Wait.self, options: options) }
    #expect(await timers.waitForTimer(number: 1))
    timers.fire()
    let error = try #require(await settle(task)?.failure as? IntentFlowError)
    #expect(error.code == .timedOut)
    #expect(reported.value.isEmpty)
  }
}
