import IntentKit
import Synchronization

/// A sleep for timeouts that returns only when the test advances time, so that a 30-second
/// timeout can be driven one tick at a time.
final class ManualSleep: Sendable {
  private struct State {
    var generation = 0
    var started = 0
    var durations: [Duration] = []
  }
  private let state = Mutex(State())

  /// How many sleeps have begun.
  var started: Int { state.withLock { $0.started } }

  /// The durations asked for, in order.
  var durations: [Duration] { state.withLock { $0.durations } }

  /// Sleeps until the next ``advance()``; throws `CancellationError` when cancelled first.
  @Sendable func sleep(_ duration: Duration) async throws {
    let generation = state.withLock { state in
      state.started += 1
      state.durations.append(duration)
      return state.generation
    }
    while state.withLock({ $0.generation }) == generation {
      try await Task.sleep(for: .milliseconds(1))
    }
  }

  /// Ends every sleep that has begun.
  func advance() {
    state.withLock { $0.generation += 1 }
  }

  /// Waits until `count` sleeps have begun.
  func waitForSleeps(_ count: Int) async throws {
    try await eventually("\(count) sleeps to begin") { self.started >= count }
  }
}

/// A one-way gate a test opens one passage at a time.
final class Turnstile: Sendable {
  private let permits = Mutex(0)

  /// Lets one waiter through (now or later).
  func open() {
    permits.withLock { $0 += 1 }
  }

  /// Waits for a passage; throws `CancellationError` when cancelled first.
  func pass() async throws {
    while true {
      let passed = permits.withLock { permits -> Bool in
        guard permits > 0 else { return false }
        permits -= 1
        return true
      }
      if passed { return }
      try await Task.sleep(for: .milliseconds(1))
    }
  }
}

private enum TurnstileKey: DependencyKey {
  static var defaultValue: Turnstile { Turnstile() }
}

extension DependencyValues {
  /// The gate the test's long-running intents wait at between parts.
  var turnstile: Turnstile {
    get { self[TurnstileKey.self] }
    set { self[TurnstileKey.self] = newValue }
  }
}
