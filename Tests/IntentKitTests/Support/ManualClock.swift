import Synchronization

/// A sleep for timeouts that returns only when the test advances the clock, so that tests
/// decide exactly when a step's timeout is checked.
final class ManualClock: Sendable {
  private struct State {
    var sleepers: [Int: CheckedContinuation<Void, any Error>] = [:]
    var cancelled: Set<Int> = []
    var nextID = 0
    var requested: [Duration] = []
  }
  private let state = Mutex(State())

  /// The durations asked for, one per call to ``sleep(_:)``.
  var requested: [Duration] { state.withLock { $0.requested } }

  /// How many sleeps are waiting for the clock to advance.
  var sleeping: Int { state.withLock { $0.sleepers.count } }

  /// Sleeps until ``advance()``; throws `CancellationError` when the sleeping task is cancelled.
  func sleep(_ duration: Duration) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      state.requested.append(duration)
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let alreadyCancelled = state.withLock { state -> Bool in
          if state.cancelled.contains(id) { return true }
          state.sleepers[id] = continuation
          return false
        }
        if alreadyCancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = state.withLock { state in
        let sleeper = state.sleepers.removeValue(forKey: id)
        if sleeper == nil { state.cancelled.insert(id) }
        return sleeper
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Ends every sleep in progress.
  func advance() {
    let sleepers = state.withLock { state in
      defer { state.sleepers = [:] }
      return Array(state.sleepers.values)
    }
    for sleeper in sleepers { sleeper.resume() }
  }

  /// Whether the `count`th sleep has begun and is waiting, within `limit`.
  func waitForSleep(number count: Int, within limit: Duration = .seconds(10)) async -> Bool {
    await poll(within: limit) {
      self.state.withLock { $0.requested.count >= count && !$0.sleepers.isEmpty }
    }
  }
}
