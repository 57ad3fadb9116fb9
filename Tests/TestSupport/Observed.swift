import Dispatch
import Synchronization

/// State that a test waits on: every change wakes the waiters whose condition now holds, so
/// that a wait ends on the event itself rather than on a poll of the wall clock.
///
/// A wait also has a deadline, as a last resort against a test that would otherwise hang; at
/// the deadline the condition is checked once more, on the timer's thread, so a waiter that
/// could not run for a while (a busy machine, a starved cooperative pool) still sees an event
/// that happened in time. Deadlines run on Dispatch, never on Swift's cooperative pool.
public final class Observed<State: Sendable>: Sendable {
  private struct Waiter: Sendable {
    var condition: @Sendable (inout State) -> Bool
    var continuation: CheckedContinuation<Bool, Never>
  }

  private struct Storage: Sendable {
    var value: State
    var waiters: [Int: Waiter] = [:]
    /// Waits that ended (cancelled or expired) before they were registered.
    var ended: Set<Int> = []
    var nextID = 0
  }

  private let storage: Mutex<Storage>

  /// Starts with `value`.
  public init(_ value: State) {
    storage = Mutex(Storage(value: value))
  }

  /// The current state.
  public var value: State { storage.withLock { $0.value } }

  /// Changes the state, then resumes every waiter whose condition holds.
  ///
  /// - Returns: What `body` returns.
  @discardableResult
  public func update<R>(_ body: (inout State) throws -> R) rethrows -> R {
    let (result, ready) = try storage.withLock { storage in
      let result = try body(&storage.value)
      var ready: [Waiter] = []
      for (id, waiter) in storage.waiters where waiter.condition(&storage.value) {
        storage.waiters[id] = nil
        ready.append(waiter)
      }
      return (result, ready)
    }
    for waiter in ready { waiter.continuation.resume(returning: true) }
    return result
  }

  /// Waits until `condition` holds, checking it now and after every ``update(_:)``.
  ///
  /// The condition runs under the state's lock and may change the state when it returns
  /// `true` (to take a permit, say); it must not call back into this value.
  ///
  /// - Parameters:
  ///   - deadline: The last resort: when it passes (or the waiting task is cancelled), the
  ///     condition is checked one final time and the wait ends with that answer.
  ///   - condition: What to wait for.
  /// - Returns: Whether the condition held.
  public func wait(
    deadline: Duration = .seconds(30), until condition: @escaping @Sendable (inout State) -> Bool
  ) async -> Bool {
    let id = storage.withLock { storage in
      storage.nextID += 1
      return storage.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
        let answer = storage.withLock { storage -> Bool? in
          if condition(&storage.value) { return true }
          if storage.ended.remove(id) != nil { return false }
          storage.waiters[id] = Waiter(condition: condition, continuation: continuation)
          return nil
        }
        if let answer {
          continuation.resume(returning: answer)
        } else {
          // The last resort; a timer that finds the wait already over does nothing.
          DispatchQueue.global().asyncAfter(
            deadline: .now() + .nanoseconds(Self.nanoseconds(deadline))
          ) { [self] in end(id, cancelled: false) }
        }
      }
    } onCancel: {
      end(id, cancelled: true)
    }
  }

  /// Ends the wait `id` with a last check of its condition. A cancellation that comes before
  /// the wait has registered is remembered, so that the wait ends as soon as it registers.
  private func end(_ id: Int, cancelled: Bool) {
    let ending = storage.withLock { storage -> (Waiter, Bool)? in
      guard let waiter = storage.waiters.removeValue(forKey: id) else {
        if cancelled { storage.ended.insert(id) }
        return nil
      }
      return (waiter, waiter.condition(&storage.value))
    }
    guard let (waiter, held) = ending else { return }
    waiter.continuation.resume(returning: held)
  }

  private static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
  }
}
