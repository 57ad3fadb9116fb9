import Dispatch
import Synchronization

/// A timer started by ``RunClock/startTimer``: fires after its interval, and again after each
/// interval while its handler says ``Next/startOver``.
public struct RunTimer: Sendable {
  /// What a timer does once its handler has run.
  public enum Next: Sendable {
    /// Fire again one interval from now.
    case startOver
    /// Fire no more.
    case stop
  }

  private let stop: nonisolated(nonsending) @Sendable () async -> Void

  /// A timer stopped by `cancel`, which must not return while its handler may still run.
  ///
  /// `cancel` runs on its caller's executor: a timer that stops without suspending (a
  /// dispatch timer) costs its owner no hop.
  public init(cancel: nonisolated(nonsending) @escaping @Sendable () async -> Void) {
    self.stop = cancel
  }

  /// Stops the timer. Once it returns the handler runs no more; a firing at this moment may
  /// still have run it.
  nonisolated(nonsending) public func cancel() async { await stop() }

  /// A timer on a sleep: a task that sleeps the interval and runs the handler, awaited by
  /// ``cancel()`` so that it never outlives the timer's owner.
  static func sleeping(
    _ sleep: @escaping @Sendable (Duration) async throws -> Void, _ interval: Duration,
    _ handler: @escaping @Sendable () -> Next
  ) -> RunTimer {
    let task = Task.immediate {
      while true {
        do { try await sleep(interval) } catch { return }
        guard !Task.isCancelled, handler() == .startOver else { return }
      }
    }
    return RunTimer {
      task.cancel()
      await task.value
    }
  }

  /// A dispatch timer on the system's monotonic clock: arming and disarming it cost a few
  /// microseconds, and there is no task to wake and await when its owner is done first (a
  /// task sleeping for a step's timeout had to be woken and awaited: two thread hops, some
  /// 25 µs for every intent that does I/O).
  static func dispatch(_ interval: Duration, _ handler: @escaping @Sendable () -> Next)
    -> RunTimer
  {
    let timer = DispatchTimer(DispatchSource.makeTimerSource(queue: .global()))
    let nanoseconds = DispatchTimeInterval.nanoseconds(Self.nanoseconds(interval))
    // The handler holds the timer (and so its source) until the source is cancelled, which
    // releases the handler: by `cancel()`, or here once the handler says stop. It runs under
    // the timer's lock, so that `cancel()` returns only once a firing has finished.
    timer.source.withLock { source in
      source.setEventHandler {
        timer.source.withLock { source in
          guard !source.isCancelled else { return }
          if handler() == .startOver {
            source.schedule(deadline: .now() + nanoseconds)
          } else {
            source.cancel()
          }
        }
      }
      source.schedule(deadline: .now() + nanoseconds)
      source.activate()
    }
    return RunTimer { timer.source.withLock { $0.cancel() } }
  }

  /// A dispatch timer source, reached only under its lock.
  private final class DispatchTimer: Sendable {
    let source: Mutex<any DispatchSourceTimer>

    init(_ source: sending any DispatchSourceTimer) {
      self.source = Mutex(source)
    }
  }

  /// `duration` in whole nanoseconds, at most about 292 years.
  private static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    guard seconds < Int64(Int.max / 1_000_000_000) else { return Int.max }
    return max(0, Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
  }
}
