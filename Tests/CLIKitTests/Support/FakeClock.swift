import Synchronization

/// A clock that moves only when told, for throttling tests.
final class FakeClock: Sendable {
  private let elapsed = Mutex(Duration.zero)

  /// The time since the start.
  var now: @Sendable () -> Duration {
    { self.elapsed.withLock { $0 } }
  }

  /// Moves the clock forward.
  func advance(by duration: Duration) {
    elapsed.withLock { $0 += duration }
  }
}
