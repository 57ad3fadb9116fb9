import Dispatch
import Synchronization
import TestSupport
import Testing

@testable import IntentKit

@Suite("Run clock timers")
struct RunTimerTests {
  /// What a timer's handler saw, for waits that end on the event.
  final class Firings: Sendable {
    let state = Observed([String]())
    func record(_ event: String) { state.update { $0.append(event) } }
    var events: [String] { state.value }
    func wait(for count: Int) async -> Bool { await state.wait { $0.count >= count } }
  }

  @Test("the live timer fires after its interval, again while its handler starts over")
  func liveRepeats() async {
    let firings = Firings()
    let timer = RunClock.live.startTimer(.milliseconds(1)) {
      firings.record("fired")
      return firings.events.count < 3 ? .startOver : .stop
    }
    #expect(await firings.wait(for: 3))
    await timer.cancel()
    // It said stop at the third firing, and a cancelled timer fires no more.
    #expect(firings.events == ["fired", "fired", "fired"])
  }

  @Test("a live timer cancelled before its interval never fires")
  func liveCancelledEarly() async {
    let firings = Firings()
    let timer = RunClock.live.startTimer(.seconds(3600)) {
      firings.record("fired")
      return .stop
    }
    await timer.cancel()
    #expect(firings.events.isEmpty)
  }

  @Test("cancelling a live timer returns only once a firing in progress has finished")
  func liveCancelWaitsForHandler() async {
    let firings = Firings()
    let gate = Gate()
    let timer = RunClock.live.startTimer(.zero) {
      firings.record("firing")
      gate.waitBlocking()
      firings.record("handler returned")
      return .stop
    }
    #expect(await firings.wait(for: 1))
    async let cancelled: Void = {
      await timer.cancel()
      firings.record("cancel returned")
    }()
    gate.open()
    await cancelled
    #expect(firings.events == ["firing", "handler returned", "cancel returned"])
  }

  @Test("a clock made from a sleep runs its timers on it: the manual clock decides")
  func sleepingTimer() async {
    let clock = ManualClock()
    let firings = Firings()
    let timer = RunClock(now: { clock.now }, sleep: { try await clock.sleep($0) })
      .startTimer(.seconds(30)) {
        firings.record("fired at \(clock.elapsed.components.seconds)s")
        return firings.events.count < 2 ? .startOver : .stop
      }
    #expect(await clock.waitForSleep(number: 1))
    #expect(firings.events.isEmpty)
    clock.advance(by: .seconds(30))
    #expect(await clock.waitForSleep(number: 2))
    clock.advance(by: .seconds(30))
    #expect(await firings.wait(for: 2))
    await timer.cancel()
    #expect(firings.events == ["fired at 30s", "fired at 60s"])
    #expect(clock.requested == [.seconds(30), .seconds(30)])
  }

  @Test("cancelling a timer on a sleep ends its sleep and awaits it")
  func sleepingTimerCancelled() async {
    let clock = ManualClock()
    let firings = Firings()
    let timer = RunClock(now: { clock.now }, sleep: { try await clock.sleep($0) })
      .startTimer(.seconds(30)) {
        firings.record("fired")
        return .stop
      }
    #expect(await clock.waitForSleep(number: 1))
    await timer.cancel()
    #expect(clock.sleeping == 0)
    clock.advance()
    #expect(firings.events.isEmpty)
  }
}

/// A gate a dispatch thread blocks on until the test opens it.
private final class Gate: Sendable {
  private let semaphore = DispatchSemaphore(value: 0)
  func waitBlocking() { semaphore.wait() }
  func open() { semaphore.signal() }
}
