import Races
import Synchronization

/// Runs an intent's `perform()` against its timeout and against cancellation of the run.
///
/// `perform()` starts at once on the calling thread (`Task.immediate`). An intent that
/// finishes without suspending — most do — has its result as soon as that call returns: no
/// timer is armed, no continuation made, nothing else runs. Only an intent that suspends gets
/// a timer from the run's clock (``RunClock/startTimer``: a dispatch timer on the live clock,
/// the manual clock's sleeps in tests), which fires after the timeout (again after each
/// progress report, for long-running intents) and then decides the outcome; cancellation of
/// the run decides it too. Whoever decides first wins: the step's ``StepLease`` holds the
/// decision in a ``OneShot``.
///
/// On a timeout or a cancellation the lease is revoked in the same instant, so the intent can
/// no longer commit changes; then the intent is cancelled, told why
/// (``CancellableIntent/onCancel(reason:)``), and awaited for up to `grace` (wall-clock time;
/// zero waits not at all). An intent that ignores cancellation even then is reported to
/// `onOverrun` (see ``Overrun``) and left to end on its own, unable to change anything: a step
/// never hangs the run, and never changes app data after it has reported.
enum Deadline {
  /// How one `perform()` ended, or why it was stopped.
  enum Decision: Sendable {
    case finished(Result<ErasedResult, any Error>)
    case timedOut(Duration)
    case cancelled(CancellationReason)
  }

  nonisolated(nonsending) static func run(
    lease: StepLease, timeout: Duration?, restartsOnProgress: Bool, grace: Duration,
    clock: RunClock,
    reason: @escaping @Sendable () -> CancellationReason,
    onCancel: (@Sendable (CancellationReason) async -> Void)?,
    onOverrun: (@Sendable (Task<Void, Never>, CancellationReason) -> Void)?,
    operation: @escaping @Sendable () async throws -> ErasedResult
  ) async throws -> ErasedResult {
    // Cancelled before the work began: the outcome is decided, so never start perform().
    if Task.isCancelled {
      let why = reason()
      lease.decide(.cancelled(why))
      await tell(onCancel, why)
      throw IntentFlowError(.cancelled, "was cancelled: \(why)", underlying: nil)
    }
    // The run's cancellation counts from the start, also while perform() still runs on this
    // thread before it first suspends: it decides the outcome (and revokes the lease) at
    // once, and the work is cancelled as soon as there is a task to cancel. Otherwise an
    // intent that works for long before suspending could not be stopped until it suspends,
    // and its commits in between would go through.
    let handle = WorkHandle()
    let decision = await withTaskCancellationHandler {
      // Cancelled in the instant before the handler was in place: never start perform().
      if let decided = lease.decision { return decided }
      // The work inherits the task-local context (and so the lease) from the invocation.
      let work = Task.immediate {
        let result: Result<ErasedResult, any Error>
        do {
          result = .success(try await operation())
        } catch {
          result = .failure(error)
        }
        lease.workEnded(result)
      }
      handle.set(work)
      if case .finished(let result)? = lease.decision { return Deadline.Decision.finished(result) }

      // The work suspended: arm the timer, and wait for whoever decides. On the system's
      // clock the work can also see the timeout fall due itself (`StepLease.hasEnded`).
      if let timeout, clock.isLive, !restartsOnProgress {
        lease.fallsDue(at: ContinuousClock.now + timeout, limit: timeout)
      }
      let timer = timeout.map {
        startTimer(on: clock, timeout: $0, restartsOnProgress: restartsOnProgress, lease: lease)
      }
      let decision = await lease.outcome.valueIgnoringCancellation()
      await timer?.cancel()
      return decision
    } onCancel: {
      if lease.decide(.cancelled(reason())) { handle.cancel() }
    }
    guard let work = handle.task else {
      let why: CancellationReason
      if case .cancelled(let reason) = decision { why = reason } else { why = reason() }
      await tell(onCancel, why)
      throw IntentFlowError(.cancelled, "was cancelled: \(why)", underlying: nil)
    }

    switch decision {
    case .finished(let result):
      return try result.get()
    case .timedOut(let limit):
      if await !stop(work, lease: lease, telling: onCancel, .timeout(limit), grace: grace) {
        onOverrun?(work, .timeout(limit))
      }
      throw IntentFlowError(
        .timedOut, "timed out after \(DurationText.format(limit))", underlying: nil)
    case .cancelled(let why):
      if await !stop(work, lease: lease, telling: onCancel, why, grace: grace) {
        onOverrun?(work, why)
      }
      throw IntentFlowError(.cancelled, "was cancelled: \(why)", underlying: nil)
    }
  }

  /// The step's timer: fires once `timeout` has passed and times the step out, unless the
  /// intent is long-running and has reported progress since the timer was armed or last
  /// fired, in which case it starts over. This is the one copy of that rule; deciding is
  /// idempotent, so a firing as the step ends does nothing.
  static func startTimer(
    on clock: RunClock, timeout: Duration, restartsOnProgress: Bool, lease: StepLease
  ) -> RunTimer {
    _ = lease.hasProgressedSinceLastLook()
    return clock.startTimer(timeout) {
      if restartsOnProgress, lease.hasProgressedSinceLastLook() { return .startOver }
      lease.decide(.timedOut(timeout))
      return .stop
    }
  }

  /// The work's task once it exists, and whether the run asked to cancel it before then.
  private final class WorkHandle: Sendable {
    private let state = Mutex<(task: Task<Void, Never>?, cancelled: Bool)>((nil, false))

    var task: Task<Void, Never>? { state.withLock { $0.task } }

    /// Keeps the work's task; cancels it if the run was cancelled while it started.
    func set(_ task: Task<Void, Never>) {
      let cancelled = state.withLock { state -> Bool in
        state.task = task
        return state.cancelled
      }
      if cancelled { task.cancel() }
    }

    /// Cancels the work, now or as soon as it has a task.
    func cancel() {
      let task = state.withLock { state -> Task<Void, Never>? in
        state.cancelled = true
        return state.task
      }
      task?.cancel()
    }
  }

  /// Cancels the work, tells the intent why, and waits up to `grace` for it to end.
  ///
  /// Telling runs in a task of its own (awaited here), because the run's task may itself be
  /// cancelled, and a cancelled task's clean-up would end at once.
  ///
  /// - Returns: Whether the work ended; `false` when the grace passed first (or was zero and
  ///   the work had not ended by the time the intent was told).
  private static func stop(
    _ work: Task<Void, Never>, lease: StepLease,
    telling onCancel: (@Sendable (CancellationReason) async -> Void)?,
    _ reason: CancellationReason, grace: Duration
  ) async -> Bool {
    work.cancel()
    await Task.immediate { await tell(onCancel, reason) }.value
    guard grace > .zero else { return lease.windDown.resolution == true }
    // The grace period is wall-clock time on the live clock's timer, not the run's clock: a
    // test's manual clock decides when a step times out, not how long a stopped intent may
    // take to wind down (a manual clock nobody advances would hang every stopped step).
    let graceTimer = RunClock.live.startTimer(grace) {
      lease.windDown.resolve(false)
      return .stop
    }
    let ended = await lease.windDown.valueIgnoringCancellation()
    await graceTimer.cancel()
    return ended
  }

  /// Calls the intent's `onCancel`; it sees the same context (dependencies) as `perform()`.
  private static func tell(
    _ onCancel: (@Sendable (CancellationReason) async -> Void)?, _ reason: CancellationReason
  ) async {
    guard let onCancel else { return }
    await onCancel(reason)
  }
}

extension StepLease {
  var decision: Deadline.Decision? { outcome.resolution }

  /// Why the step was stopped, from the moment it was: its timeout, or the run's
  /// cancellation; `nil` while it runs or once it finished by itself.
  var stopReason: CancellationReason? {
    switch decision {
    case .timedOut(let limit)?: .timeout(limit)
    case .cancelled(let why)?: why
    case .finished?, nil: nil
    }
  }

  /// Counts a progress report: a long-running intent's timer starts over. (An atomic, not a
  /// lock: an intent may report progress from inside a commit.)
  func noteActivity() { reports.add(1, ordering: .relaxed) }

  /// Whether progress was reported since the last call (or since the lease was made).
  func hasProgressedSinceLastLook() -> Bool {
    let now = reports.load(ordering: .relaxed)
    return reportsSeen.exchange(now, ordering: .relaxed) != now
  }

  /// Decides the outcome unless someone already has; true if this call decided it. The lease
  /// is revoked in the same step (under the decision's lock), so that no change commits
  /// between the decision and the revocation.
  @discardableResult
  func decide(_ decision: Deadline.Decision) -> Bool {
    outcome.resolve(decision, sealing: revoke)
  }

  /// The work's own ending: decides the outcome unless a timeout or cancellation did, and lets
  /// a stopped step stop waiting for it.
  func workEnded(_ result: Result<ErasedResult, any Error>) {
    decide(.finished(result))
    windDown.resolve(true)
  }
}
