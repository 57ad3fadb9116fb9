import Synchronization

/// Runs an intent's `perform()` against its timeout and against cancellation of the run.
///
/// `perform()` starts at once on the calling thread (`Task.immediate`). An intent that
/// finishes without suspending — most do — has its result as soon as that call returns: no
/// timer is armed, no continuation made, nothing else runs. Only an intent that suspends gets
/// a timer, which sleeps the timeout (again after each progress report, for long-running
/// intents) and then decides the outcome; cancellation of the run decides it too. Whoever
/// decides first wins.
///
/// On a timeout or a cancellation the step's ``StepLease`` is revoked in the same instant, so
/// the intent can no longer commit changes; then the intent is cancelled, told why
/// (``CancellableIntent/onCancel(reason:)``), and awaited for up to `grace` (wall-clock time;
/// zero waits not at all). An intent that
/// ignores cancellation even then is left to end on its own, unable to change anything: a step
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
    sleep: (@Sendable (Duration) async throws -> Void)?,
    reason: @escaping @Sendable () -> CancellationReason,
    onCancel: (@Sendable (CancellationReason) async -> Void)?,
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

      // The work suspended: arm the timer, and wait for whoever decides.
      var timer: Task<Void, Never>?
      var systemTimer: StepTimer?
      if let timeout, sleep == nil {
        systemTimer = StepTimer(
          lease: lease, timeout: timeout, restartsOnProgress: restartsOnProgress)
      } else if let timeout, let sleep {
        // An injected sleep (a test's manual clock) decides when the step times out.
        timer = Task.immediate {
          var seen = lease.activity
          while true {
            do { try await sleep(timeout) } catch { return }
            guard !Task.isCancelled else { return }
            let now = lease.activity
            guard restartsOnProgress, now != seen else { break }
            seen = now
          }
          lease.decide(.timedOut(timeout))
        }
      }
      let decision = await withUnsafeContinuation { lease.waitForDecision($0) }
      systemTimer?.disarm()
      timer?.cancel()
      await timer?.value
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
      await stop(work, lease: lease, telling: onCancel, .timeout(limit), grace: grace)
      throw IntentFlowError(
        .timedOut, "timed out after \(DurationText.format(limit))", underlying: nil)
    case .cancelled(let why):
      await stop(work, lease: lease, telling: onCancel, why, grace: grace)
      throw IntentFlowError(.cancelled, "was cancelled: \(why)", underlying: nil)
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
  /// Both run in tasks of their own (awaited here), because the run's task may itself be
  /// cancelled, and a cancelled task's sleeps and clean-up would end at once.
  private static func stop(
    _ work: Task<Void, Never>, lease: StepLease,
    telling onCancel: (@Sendable (CancellationReason) async -> Void)?,
    _ reason: CancellationReason, grace: Duration
  ) async {
    work.cancel()
    await Task.immediate { await tell(onCancel, reason) }.value
    guard grace > .zero else { return }
    // The grace period is wall-clock time, not the injected sleep, which measures timeouts
    // only: a test's manual clock decides when a step times out, not how long it winds down.
    let graceTimer = Task.immediate {
      try? await Task.sleep(for: grace)
      lease.endGrace()
    }
    await withUnsafeContinuation { lease.waitForWorkOrGrace($0) }
    graceTimer.cancel()
    await graceTimer.value
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
  /// The state of one `perform()` race: the decision, and who waits for what.
  struct Race: Sendable {
    var decision: Deadline.Decision?
    var waiter: UnsafeContinuation<Deadline.Decision, Never>?
    var workHasEnded = false
    var graceIsOver = false
    var endWaiter: UnsafeContinuation<Void, Never>?
  }

  var decision: Deadline.Decision? { race.withLock { $0.decision } }

  /// Why the step was stopped, from the moment it was: its timeout, or the run's
  /// cancellation; `nil` while it runs or once it finished by itself.
  var stopReason: CancellationReason? {
    switch decision {
    case .timedOut(let limit)?: .timeout(limit)
    case .cancelled(let why)?: why
    case .finished?, nil: nil
    }
  }

  var activity: Int { reports.load(ordering: .relaxed) }

  /// Counts a progress report: a long-running intent's timer starts over. (An atomic, not the
  /// race's lock: an intent may report progress from inside a commit.)
  func noteActivity() { reports.add(1, ordering: .relaxed) }

  /// Decides the outcome unless someone already has; true if this call decided it. A timeout
  /// or a cancellation revokes the lease in the same step, so that no change commits between
  /// the decision and the revocation.
  @discardableResult
  func decide(_ decision: Deadline.Decision) -> Bool {
    let (decided, waiter) = race.withLock {
      race -> (Bool, UnsafeContinuation<Deadline.Decision, Never>?) in
      guard race.decision == nil else { return (false, nil) }
      race.decision = decision
      revoke()
      let waiter = race.waiter
      race.waiter = nil
      return (true, waiter)
    }
    waiter?.resume(returning: decision)
    return decided
  }

  /// The work's own ending: decides the outcome unless a timeout or cancellation did, and lets
  /// a stopped step stop waiting for it.
  func workEnded(_ result: Result<ErasedResult, any Error>) {
    let decision = Deadline.Decision.finished(result)
    typealias Waiters = (
      decision: UnsafeContinuation<Deadline.Decision, Never>?,
      end: UnsafeContinuation<Void, Never>?
    )
    let waiters = race.withLock { race -> Waiters in
      race.workHasEnded = true
      var waiters: Waiters = (nil, race.endWaiter)
      race.endWaiter = nil
      if race.decision == nil {
        race.decision = decision
        revoke()
        waiters.decision = race.waiter
        race.waiter = nil
      }
      return waiters
    }
    let (waiter, endWaiter) = waiters
    waiter?.resume(returning: decision)
    endWaiter?.resume()
  }

  func waitForDecision(_ continuation: UnsafeContinuation<Deadline.Decision, Never>) {
    let decided = race.withLock { race -> Deadline.Decision? in
      if let decision = race.decision { return decision }
      race.waiter = continuation
      return nil
    }
    if let decided { continuation.resume(returning: decided) }
  }

  func endGrace() {
    let waiter = race.withLock { race -> UnsafeContinuation<Void, Never>? in
      race.graceIsOver = true
      let waiter = race.endWaiter
      race.endWaiter = nil
      return waiter
    }
    waiter?.resume()
  }

  func waitForWorkOrGrace(_ continuation: UnsafeContinuation<Void, Never>) {
    let over = race.withLock { race -> Bool in
      if race.workHasEnded || race.graceIsOver { return true }
      race.endWaiter = continuation
      return false
    }
    if over { continuation.resume() }
  }
}
