public import Synchronization

/// A value decided once: the first ``resolve(_:)`` wins, later ones are ignored (and told so),
/// and any number of tasks can wait for the winner.
///
/// It is the one "first decision wins" machine of the package: a step's outcome (its work,
/// its timeout or the run's cancellation), a read racing its task's cancellation, a child
/// process's exit, a JSON-RPC reply racing the connection's end. Resolving never blocks and
/// never suspends (it takes a lock for a few instructions and resumes the waiters after
/// releasing it), so it may be called from any thread, a signal-free C callback's thread or a
/// ``DetachedThread`` included.
///
/// Waiting is cancellation-aware: a waiting task that is cancelled stops waiting at once and
/// gets `CancellationError` (``value()``), leaving the shot unresolved; or it resolves the shot
/// with a value of its choice (``value(resolvingOnCancellationWith:)``); or it keeps waiting
/// (``valueIgnoringCancellation()``). A wait that begins after the resolution returns at once.
/// No wake-up is lost: a resolution, a cancellation and a wait's registration are ordered by
/// one lock.
///
/// - Complexity: ``resolve(_:)`` is O(w) for w waiting tasks; a wait is O(1).
///
/// ``OneShot`` is the shot as a shareable object; ``OneShotCell`` is the same shot as a
/// noncopyable value, for an object that holds shots of its own without allocating each one
/// (a step's lease holds two, made for every step).
public final class OneShot<Value: Sendable>: Sendable {
  private let cell = OneShotCell<Value>()

  /// An unresolved shot.
  public init() {}

  /// The winning value, once there is one; `nil` before. Never waits.
  public var resolution: Value? { cell.resolution }

  /// Whether someone has resolved the shot.
  public var isResolved: Bool { cell.isResolved }

  /// How many tasks wait for the resolution right now (see ``OneShotCell/waiting``).
  public var waiting: Int { cell.waiting }

  /// Decides the shot unless it is decided already (see ``OneShotCell/resolve(_:)``).
  @discardableResult
  public func resolve(_ value: Value) -> Bool { cell.resolve(value) }

  /// Decides the shot, sealing in the same instant (see ``OneShotCell/resolve(_:sealing:)``).
  @discardableResult
  public func resolve(_ value: Value, sealing: () -> Void) -> Bool {
    cell.resolve(value, sealing: sealing)
  }

  /// Waits for the resolution (see ``OneShotCell/value()``).
  public func value() async throws(CancellationError) -> Value { try await cell.value() }

  /// Waits for the resolution, or decides it on cancellation (see
  /// ``OneShotCell/value(resolvingOnCancellationWith:)``).
  public func value(resolvingOnCancellationWith fallback: () -> Value) async -> Value {
    await cell.value(resolvingOnCancellationWith: fallback)
  }

  /// Waits for the resolution, even when the waiting task is cancelled.
  public func valueIgnoringCancellation() async -> Value {
    await cell.valueIgnoringCancellation()
  }
}

/// The shot of ``OneShot`` as a noncopyable value, held in place by its owner.
// Inlinable: an owner in another module holds the cell in its own storage, and there its
// making, use and destruction must be compiled for the cell's type. Otherwise each one looks
// the generic metadata up at run time (eight look-ups and 3,300 instructions a step, when a
// step's lease held two cells).
@frozen
public struct OneShotCell<Value: Sendable>: ~Copyable, Sendable {
  @usableFromInline
  struct State: Sendable {
    @usableFromInline var resolution: Value?
    /// Tasks waiting for the resolution, by the number of their wait.
    @usableFromInline var waiters: [UInt64: UnsafeContinuation<Value?, Never>]
    @usableFromInline var nextWait: UInt64

    @inlinable init() {
      resolution = nil
      waiters = [:]
      nextWait = 0
    }
  }

  @usableFromInline let state: Mutex<State>

  /// An unresolved shot.
  @inlinable public init() { state = Mutex(State()) }

  /// The winning value, once there is one; `nil` before. Never waits.
  @inlinable public var resolution: Value? { state.withLock { $0.resolution } }

  /// Whether someone has resolved the shot.
  @inlinable public var isResolved: Bool { resolution != nil }

  /// How many tasks wait for the resolution right now (for diagnostics and tests, which wait
  /// on it to order a resolution after a wait has begun).
  @inlinable public var waiting: Int { state.withLock { $0.waiters.count } }

  /// Decides the shot with `value` unless it is decided already, and wakes every waiter.
  ///
  /// - Returns: `true` if this call decided the shot; `false` if an earlier resolution had won
  ///   (this `value` is then dropped).
  @discardableResult
  @inlinable public borrowing func resolve(_ value: Value) -> Bool {
    let waiters = state.withLock { state -> [UnsafeContinuation<Value?, Never>]? in
      guard state.resolution == nil else { return nil }
      state.resolution = value
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    guard let waiters else { return false }
    for waiter in waiters { waiter.resume(returning: value) }
    return true
  }

  /// Decides the shot with `value` unless it is decided already, running `sealing` in the
  /// same instant: under the shot's lock, before any waiter or reader can see the value and
  /// before a competing resolution can be tried, so that what `sealing` does (revoking a
  /// permission, say) is in place by the time anyone learns who won.
  ///
  /// `sealing` must be short, must not block for long and must not touch this shot.
  ///
  /// - Returns: `true` if this call decided the shot (and `sealing` ran); `false` if an
  ///   earlier resolution had won (`sealing` did not run).
  @discardableResult
  @inlinable public borrowing func resolve(_ value: Value, sealing: () -> Void) -> Bool {
    let waiters = state.withLock { state -> [UnsafeContinuation<Value?, Never>]? in
      guard state.resolution == nil else { return nil }
      sealing()
      state.resolution = value
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    guard let waiters else { return false }
    for waiter in waiters { waiter.resume(returning: value) }
    return true
  }

  /// Waits for the resolution.
  ///
  /// - Returns: The winning value (at once when the shot is already resolved, even in a
  ///   cancelled task).
  /// - Throws: `CancellationError` when the waiting task is cancelled before the shot is
  ///   resolved; the shot stays unresolved and the wait is forgotten.
  @inlinable public borrowing func value() async throws(CancellationError) -> Value {
    guard let value = await wait(cancellable: true) else { throw CancellationError() }
    return value
  }

  /// Waits for the resolution; a cancellation of the waiting task resolves the shot with
  /// `fallback()` (unless someone else already has) and ends the wait.
  ///
  /// - Parameter fallback: The value with which a cancelled waiter decides the shot; called
  ///   only when the waiter is cancelled, at most once.
  /// - Returns: The winning value: `fallback()`'s, or the one that came first.
  @inlinable public borrowing func value(resolvingOnCancellationWith fallback: () -> Value) async
    -> Value
  {
    if let value = await wait(cancellable: true) { return value }
    let candidate = fallback()
    resolve(candidate)
    // The winner is either this fallback or a value that came in between; both are final.
    return resolution ?? candidate
  }

  /// Waits for the resolution, even when the waiting task is cancelled.
  ///
  /// - Returns: The winning value.
  @inlinable public borrowing func valueIgnoringCancellation() async -> Value {
    guard let value = await wait(cancellable: false) else {
      preconditionFailure("a wait that ignores cancellation ended without a resolution")
    }
    return value
  }

  /// Waits for the resolution; `nil` when `cancellable` and the task is cancelled first.
  ///
  /// The registration checks the task's cancellation under the lock that the cancellation
  /// handler takes to withdraw the wait: the task is marked cancelled before its handler runs,
  /// so either the registration sees the mark, or the handler finds the wait and ends it.
  @inlinable borrowing func wait(cancellable: Bool) async -> Value? {
    if let resolution { return resolution }
    guard cancellable else {
      return await withUnsafeContinuation { continuation in
        let ready = state.withLock { state -> Value? in
          if let resolution = state.resolution { return resolution }
          state.waiters[state.nextWait] = continuation
          state.nextWait &+= 1
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
    let id = state.withLock { state in
      defer { state.nextWait &+= 1 }
      return state.nextWait
    }
    return await withTaskCancellationHandler {
      await withUnsafeContinuation { continuation in
        let ready = state.withLock { state -> Value?? in
          if let resolution = state.resolution { return .some(resolution) }
          if Task.isCancelled { return .some(nil) }
          state.waiters[id] = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let withdrawn = state.withLock { $0.waiters.removeValue(forKey: id) }
      withdrawn?.resume(returning: nil)
    }
  }
}
