import Races
import Synchronization

/// A step's permission to change the world: live while the step runs, revoked for good the
/// moment the step ends — finished, timed out or cancelled.
///
/// A store that an intent writes to commits through ``IntentContext/commit(_:)``, which runs
/// the change only while the lease is live and holds it off until the change is done. So an
/// intent that goes on after its step has reported `timedOut` or `cancelled` (one that ignores
/// cancellation) can no longer commit anything: what the step reported is what happened.
public final class StepLease: Sendable {
  private let live = Mutex(true)
  /// How `perform()` ended or why it was stopped, decided once by whoever comes first (the
  /// work, its timer, the run's cancellation), for ``Deadline`` (which owns this half). The
  /// shots are cells, held in the lease: a lease is made for every step, and is then its
  /// step's one allocation.
  let outcome = OneShotCell<Deadline.Decision>()
  /// Whether a stopped step's work ended (`true`) before its grace period was over (`false`).
  let windDown = OneShotCell<Bool>()
  /// Progress reports so far, for the timer of a long-running intent.
  let reports = Atomic(0)
  /// The count of reports when the timer last looked.
  let reportsSeen = Atomic(0)
  /// When the step's timeout falls due on the system's monotonic clock, and the timeout, for
  /// ``hasEnded``; `nil` when the step has no timeout of that kind (see `Deadline`).
  let dueAt = Mutex<(instant: ContinuousClock.Instant, limit: Duration)?>(nil)

  /// Creates a live lease.
  public init() {}

  /// Whether the step is still running.
  public var isLive: Bool { live.withLock { $0 } }

  /// Sets when the step's timeout falls due on the system's monotonic clock, for
  /// ``hasEnded``.
  func fallsDue(at instant: ContinuousClock.Instant, limit: Duration) {
    dueAt.withLock { $0 = (instant, limit) }
  }

  /// Whether the step has ended; one that is past its timeout times out in this call.
  ///
  /// For work that runs for long without suspending (a backtracking regular expression, a
  /// big copy): poll this between pieces of it and stop when it says so. Unlike ``isLive``
  /// it needs no other thread to decide the timeout, so it answers on time however busy the
  /// machine is.
  public var hasEnded: Bool {
    guard isLive else { return true }
    guard let due = dueAt.withLock({ $0 }), ContinuousClock.now >= due.instant else {
      return false
    }
    decide(.timedOut(due.limit))
    return true
  }

  /// Runs `change` if the step is still running; revoking the lease waits until it is done.
  ///
  /// Keep `change` short and synchronous (one statement or transaction), and do not commit
  /// again from inside it.
  ///
  /// - Throws: ``IntentFlowError`` `.cancelled` when the step has ended; whatever `change`
  ///   throws.
  @discardableResult
  public func commit<T>(_ change: () throws -> T) throws -> T {
    try live.withLock { live in
      guard live else {
        throw IntentFlowError(
          .cancelled,
          "the step ended (it timed out or was cancelled) before this change was saved; "
            + "nothing was changed", underlying: nil)
      }
      return try change()
    }
  }

  /// Ends the lease; waits for a change in progress to finish first.
  func revoke() {
    live.withLock { $0 = false }
  }
}

extension IntentContext {
  /// Runs a change to app data (a store's write) only while the running step may still make it.
  ///
  /// Outside a step (tests, tools) the change simply runs.
  ///
  /// ```swift
  /// try IntentContext.commit { try database.run("INSERT …") }
  /// ```
  ///
  /// - Throws: ``IntentFlowError`` `.cancelled` when the step has already ended; whatever
  ///   `change` throws.
  @discardableResult
  public static func commit<T>(_ change: () throws -> T) throws -> T {
    guard let lease = current.lease else { return try change() }
    return try lease.commit(change)
  }
}
