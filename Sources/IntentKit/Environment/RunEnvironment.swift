#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// Everything outside a run that makes it differ from one moment or machine to the next: the
/// clock (the time, sleeps and timers), the time zone, randomness and new identifiers.
///
/// One value is built for the process (``live``, in `CLIContext.live`) and passed down to
/// the executor, the expressions (`${now}`, `${today}`), the intents (as the
/// ``DependencyValues/runEnvironment`` dependency), the scheduler and the stores, so that they
/// all read the same time. Nothing else calls `Date()`, `Task.sleep`, `TimeZone.current`,
/// `Double.random` or `UUID()`.
///
/// In tests, start from ``init(clock:timeZone:random:makeID:)`` and set only what the test
/// needs: every member left out is unimplemented, and stops the test with a message naming
/// it the first time it is used, instead of quietly reading the machine's clock.
public struct RunEnvironment: Sendable {
  /// The time, sleeps and timers.
  public var clock: RunClock
  /// The run's time zone, for `today` and the calendar arithmetic of dates: looked up when
  /// read, so that a run that never reads it never builds Foundation's zone cache (a tenth
  /// of a cold run's instructions).
  public var timeZone: TimeZone {
    get { zone() }
    set { zone = { newValue } }
  }
  private var zone: @Sendable () -> TimeZone
  /// Gives a random number in a range (the jitter of retries and schedules).
  public var random: @Sendable (ClosedRange<Double>) -> Double
  /// Gives a new unique identifier (a run's `run.id` before history numbers it).
  public var makeID: @Sendable () -> String

  /// An environment of the given members; each one left out fails loudly when used.
  ///
  /// - Parameters:
  ///   - clock: The clock; by default ``RunClock/unimplemented``.
  ///   - timeZone: The time zone, evaluated each time it is read.
  ///   - random: The source of random numbers.
  ///   - makeID: The source of new identifiers.
  public init(
    clock: RunClock = .unimplemented,
    timeZone: @autoclosure @escaping @Sendable () -> TimeZone = RunEnvironment.missing(
      "timeZone"),
    random: @escaping @Sendable (ClosedRange<Double>) -> Double = { _ in
      RunEnvironment.missing("random")
    },
    makeID: @escaping @Sendable () -> String = { RunEnvironment.missing("makeID") }
  ) {
    self.clock = clock
    self.zone = timeZone
    self.random = random
    self.makeID = makeID
  }

  /// Sets the time zone to one looked up by `lookUp` each time it is read (not now).
  public mutating func lookUpTimeZone(with lookUp: @escaping @Sendable () -> TimeZone) {
    zone = lookUp
  }

  /// The machine's: the system clock, its time zone (looked up when read), the system's
  /// random numbers and random UUIDs.
  public static var live: RunEnvironment {
    RunEnvironment(
      clock: .live, timeZone: .autoupdatingCurrent, random: { Double.random(in: $0) },
      makeID: { UUID().uuidString })
  }

  /// An environment whose every member stops the program, naming itself, when used: the
  /// default in tests, which set what they use.
  public static var unimplemented: RunEnvironment { RunEnvironment() }

  /// Stops the program because `member` of the environment was used without being set.
  public static func missing<T>(_ member: String) -> T {
    fatalError(
      "RunEnvironment.\(member) was used but never set: a test's environment implements only "
        + "what the test sets; set '\(member)' (for example from a ManualClock, a fixed date "
        + "or zone, or a seeded generator), or use RunEnvironment.live")
  }
}
