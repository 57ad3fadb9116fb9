public import Foundation
import Synchronization

/// The one fake clock of the test suite: time moves only when the test moves it, and a sleep
/// ends only when the clock passes its deadline (or its task is cancelled), so that a
/// 30-second timeout or a daily schedule runs in a millisecond and in a fixed order.
///
/// Sleeps are continuations, resumed by ``advance(by:)`` or ``advance()``; nothing polls.
/// Tests wait for a sleep to begin with ``waitForSleep(number:)``, which ends on the event.
public final class ManualClock: Sendable {
  private struct Sleeper {
    var deadline: Duration
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var elapsed: Duration = .zero
    var sleepers: [Int: Sleeper] = [:]
    /// Sleeps cancelled before they registered.
    var cancelled: Set<Int> = []
    var nextID = 0
    var requested: [Duration] = []
  }

  private let state = Observed(State())
  private let start: Date

  /// A clock whose ``now`` starts at `start`.
  public init(start: Date = Date(timeIntervalSince1970: 1_780_000_000)) {
    self.start = start
  }

  /// The clock's time.
  public var now: Date { start.addingTimeInterval(Self.seconds(elapsed)) }

  /// How far the clock has moved since it was made.
  public var elapsed: Duration { state.value.elapsed }

  /// The durations asked for, one per call to ``sleep(_:)``, in order.
  public var requested: [Duration] { state.value.requested }

  /// How many sleeps are waiting for the clock to move.
  public var sleeping: Int { state.value.sleepers.count }

  /// The earliest time a waiting sleep ends, if any is waiting.
  public var nextDeadline: Date? {
    state.value.sleepers.values.map(\.deadline).min().map {
      start.addingTimeInterval(Self.seconds($0))
    }
  }

  /// Sleeps until the clock has moved `duration` past now; throws `CancellationError` when
  /// the sleeping task is cancelled. A sleep of zero or less still waits for the next
  /// ``advance()``, as a real timer would still yield.
  @Sendable public func sleep(_ duration: Duration) async throws {
    let id = state.update { state in
      state.nextID += 1
      state.requested.append(duration)
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Void, any Error>) in
        let alreadyCancelled = state.update { state -> Bool in
          if state.cancelled.remove(id) != nil { return true }
          state.sleepers[id] = Sleeper(
            deadline: state.elapsed + duration, continuation: continuation)
          return false
        }
        if alreadyCancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let sleeper = state.update { state in
        let sleeper = state.sleepers.removeValue(forKey: id)
        if sleeper == nil { state.cancelled.insert(id) }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `duration` and ends every sleep whose deadline it reaches.
  public func advance(by duration: Duration) {
    let due = state.update { state in
      state.elapsed += duration
      let due = state.sleepers.filter { $0.value.deadline <= state.elapsed }
      for id in due.keys { state.sleepers[id] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in due { continuation.resume() }
  }

  /// Ends every sleep in progress, moving the clock to the latest of their deadlines.
  public func advance() {
    let sleepers = state.update { state in
      defer { state.sleepers = [:] }
      let latest = state.sleepers.values.map(\.deadline).max() ?? state.elapsed
      state.elapsed = max(state.elapsed, latest)
      return Array(state.sleepers.values)
    }
    for sleeper in sleepers { sleeper.continuation.resume() }
  }

  /// Moves the clock to the earliest deadline of a waiting sleep, ending that sleep (and any
  /// others due by then). Does nothing when nobody sleeps.
  ///
  /// - Parameter limit: A time the clock does not move past; sleeps due later keep waiting.
  public func advanceToNextDeadline(notPast limit: Date? = nil) {
    let step = state.update { state -> Duration? in
      guard let earliest = state.sleepers.values.map(\.deadline).min() else { return nil }
      var target = earliest
      if let limit {
        target = min(target, Self.duration(limit.timeIntervalSince(start)))
      }
      return max(target - state.elapsed, .zero)
    }
    if let step { advance(by: step) }
  }

  /// Waits until the `count`th sleep has begun and a sleep is waiting.
  ///
  /// - Returns: Whether it happened (false only at the last-resort deadline).
  public func waitForSleep(number count: Int, deadline: Duration = .seconds(30)) async -> Bool {
    await state.wait(deadline: deadline) {
      $0.requested.count >= count && !$0.sleepers.isEmpty
    }
  }

  /// Waits until exactly `count` sleeps are waiting (zero: every sleep has ended).
  ///
  /// - Returns: Whether it happened (false only at the last-resort deadline).
  public func waitForSleepers(_ count: Int, deadline: Duration = .seconds(30)) async -> Bool {
    await state.wait(deadline: deadline) { $0.sleepers.count == count }
  }

  private static func seconds(_ duration: Duration) -> TimeInterval {
    let (whole, fraction) = duration.components
    return TimeInterval(whole) + TimeInterval(fraction) / 1e18
  }

  private static func duration(_ seconds: TimeInterval) -> Duration {
    .nanoseconds(Int64((seconds * 1e9).rounded()))
  }
}
