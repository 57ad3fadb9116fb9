import Dispatch

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// The run's clock: the current time, sleeps, and timers that can start over.
///
/// The live clock's timers are dispatch timers on the system's monotonic clock (arming and
/// disarming one costs a few microseconds, and there is no task to wake and await when the
/// work ends first). A clock made from a sleep alone (``init(now:sleep:)``: a test's manual
/// clock) runs its timers on that sleep, so that a test decides when a 30-second timeout
/// fires. Either way a timer behaves the same: see ``startTimer``.
public struct RunClock: Sendable {
  /// The current time.
  public var now: @Sendable () -> Date
  /// Sleeps for a duration; throws `CancellationError` when the sleeping task is cancelled.
  public var sleep: @Sendable (Duration) async throws -> Void
  /// Starts a timer that calls its handler once `interval` has passed; the handler says
  /// whether to start over (another `interval` from then) or stop. The returned timer's
  /// ``RunTimer/cancel()`` stops it; once it returns, the handler runs no more.
  public var startTimer:
    @Sendable (_ interval: Duration, _ handler: @escaping @Sendable () -> RunTimer.Next) ->
      RunTimer
  /// Whether this is ``live``, whose time is the system's monotonic clock too.
  var isLive = false

  /// A clock with its own timers.
  public init(
    now: @escaping @Sendable () -> Date,
    sleep: @escaping @Sendable (Duration) async throws -> Void,
    startTimer:
      @escaping @Sendable (Duration, @escaping @Sendable () -> RunTimer.Next) -> RunTimer
  ) {
    self.now = now
    self.sleep = sleep
    self.startTimer = startTimer
  }

  /// A clock whose timers run on `sleep`: a test's manual clock, or a fixed time.
  ///
  /// - Parameters:
  ///   - now: The current time.
  ///   - sleep: The sleep; by default unimplemented (fails loudly when used).
  public init(
    now: @escaping @Sendable () -> Date,
    sleep: @escaping @Sendable (Duration) async throws -> Void = { _ in
      RunEnvironment.missing("clock.sleep")
    }
  ) {
    self.init(
      now: now, sleep: sleep,
      startTimer: { interval, handler in RunTimer.sleeping(sleep, interval, handler) })
  }

  /// A clock stopped at `date`, whose sleeps and timers are unimplemented.
  public static func fixed(_ date: Date) -> RunClock { RunClock(now: { date }) }

  /// The system's: `Date()`, `Task.sleep` and dispatch timers.
  public static var live: RunClock {
    var clock = RunClock(
      now: { Date() }, sleep: { try await Task.sleep(for: $0) },
      startTimer: { interval, handler in RunTimer.dispatch(interval, handler) })
    clock.isLive = true
    return clock
  }

  /// A clock whose every member stops the program, naming itself, when used.
  public static var unimplemented: RunClock {
    RunClock(
      now: { RunEnvironment.missing("clock.now") },
      sleep: { _ in RunEnvironment.missing("clock.sleep") },
      startTimer: { _, _ in RunEnvironment.missing("clock.startTimer") })
  }
}
