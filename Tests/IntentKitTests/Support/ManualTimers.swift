import Foundation
import Synchronization
import TestSupport
import Testing

@testable import IntentKit

/// Timers that fire only when the test says: the `startTimer` of a ``RunClock`` under test.
/// Each started timer is kept with its interval until it stops or is cancelled.
final class ManualTimers: Sendable {
  private struct Armed {
    var interval: Duration
    var handler: @Sendable () -> RunTimer.Next
  }

  private struct State {
    var armed: [Int: Armed] = [:]
    var started: [Duration] = []
    var cancelled = 0
    var nextID = 0
  }

  private let state = Observed(State())

  /// A clock reading `now` whose timers are these.
  func clock(now: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 0) })
    -> RunClock
  {
    RunClock(
      now: now, sleep: { _ in Issue.record("the timed step slept instead of starting a timer") },
      startTimer: { interval, handler in self.start(interval, handler) })
  }

  /// The intervals of the timers started so far, in order.
  var started: [Duration] { state.value.started }
  /// How many timers are armed now.
  var armed: Int { state.value.armed.count }
  /// How many armed timers their owners cancelled.
  var cancelled: Int { state.value.cancelled }

  /// Waits until `count` timers have been started in all and one is armed.
  func waitForTimer(number count: Int) async -> Bool {
    await state.wait(deadline: .seconds(30)) { $0.started.count >= count && !$0.armed.isEmpty }
  }

  /// Waits until no timer is armed.
  func waitUntilNoneArmed() async -> Bool {
    await state.wait(deadline: .seconds(30)) { $0.armed.isEmpty }
  }

  /// Fires every armed timer once, as if its interval had passed; a handler that says start
  /// over stays armed.
  func fire() {
    let due = state.update { Array($0.armed) }
    for (id, timer) in due where timer.handler() == .stop {
      state.update { _ = $0.armed.removeValue(forKey: id) }
    }
  }

  private func start(_ interval: Duration, _ handler: @escaping @Sendable () -> RunTimer.Next)
    -> RunTimer
  {
    let id = state.update { state in
      defer { state.nextID += 1 }
      state.armed[state.nextID] = Armed(interval: interval, handler: handler)
      state.started.append(interval)
      return state.nextID
    }
    return RunTimer {
      self.state.update { state in
        if state.armed.removeValue(forKey: id) != nil { state.cancelled += 1 }
      }
    }
  }
}
