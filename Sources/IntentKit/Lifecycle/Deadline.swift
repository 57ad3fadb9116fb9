import Synchronization

/// Runs an intent's `perform()` against its timeout and against cancellation of the run.
///
/// The work runs in its own task and races a timer. Whichever ends first decides the
/// outcome; the other is cancelled. On a timeout or a cancellation the intent is cancelled
/// cooperatively and told why (``CancellableIntent/onCancel(reason:)``) before the step
/// reports. An intent that ignores cancellation is abandoned rather than waited for: a step
/// must never hang the run. For long-running intents every progress report restarts the
/// timeout.
enum Deadline {
  static func run<T: Sendable>(
    timeout: Duration?, restartsOnProgress: Bool, context: IntentContext,
    sleep: @escaping @Sendable (Duration) async throws -> Void,
    reason: @escaping @Sendable () -> CancellationReason,
    onCancel: (@Sendable (CancellationReason) async -> Void)?,
    operation: @escaping @Sendable (IntentContext) async throws -> T
  ) async throws -> T {
    let race = Race<T>()
    var context = context
    context.progress = context.progress.then(ProgressReporter { _ in race.noteActivity() })
    let workContext = context
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Cancelled before the work began (the handler runs at once for a task that is
        // already cancelled): the outcome is decided, so never start perform().
        guard race.start(continuation) else { return }
        let work = Task.immediate {
          do {
            race.finish(.success(try await operation(workContext)))
          } catch {
            race.finish(.failure(error))
          }
        }
        var timer: Task<Void, Never>?
        // `Task.immediate` runs the work on this thread until it first suspends, so an intent
        // that never suspends costs no thread hop; the timer is only armed if it does.
        if let timeout, !race.isDecided {
          timer = Task.immediate {
            var seen = race.activity
            while true {
              do { try await sleep(timeout) } catch { return }
              guard !Task.isCancelled else { return }
              let now = race.activity
              guard restartsOnProgress, now != seen else { break }
              seen = now
            }
            guard race.claim() else { return }
            work.cancel()
            await tell(onCancel, .timeout(timeout), in: workContext)
            race.finishClaimed(
              .failure(
                IntentFlowError(
                  .timedOut, "timed out after \(DurationText.format(timeout))",
                  underlying: nil)))
          }
        }
        race.attach(work: work, timer: timer)
      }
    } onCancel: {
      guard race.claim() else { return }
      let why = reason()
      race.cancelTasks()
      Task {
        await tell(onCancel, why, in: workContext)
        race.finishClaimed(
          .failure(IntentFlowError(.cancelled, "was cancelled: \(why)", underlying: nil)))
      }
    }
  }

  /// Calls the intent's `onCancel` with the step's context, so that it reaches the same
  /// dependencies as `perform()` (it runs in a task of its own, outside `perform()`'s).
  private static func tell(
    _ onCancel: (@Sendable (CancellationReason) async -> Void)?, _ reason: CancellationReason,
    in context: IntentContext
  ) async {
    guard let onCancel else { return }
    await IntentContext.$current.withValue(context) { await onCancel(reason) }
  }
}

/// The shared state of one race: who finished first, and the tasks to cancel.
private final class Race<T: Sendable>: Sendable {
  private struct State {
    var continuation: CheckedContinuation<T, any Error>?
    var claimed = false
    var pending: Result<T, any Error>?
    var work: Task<Void, Never>?
    var timer: Task<Void, Never>?
    var activity = 0
  }
  private let state = Mutex(State())

  var activity: Int { state.withLock { $0.activity } }

  var isDecided: Bool { state.withLock { $0.claimed } }

  func noteActivity() { state.withLock { $0.activity &+= 1 } }

  /// Keeps the continuation to resume with the outcome, or resumes it now if the outcome is
  /// already there. Returns whether the race is still open, that is, nobody claimed it yet.
  func start(_ continuation: CheckedContinuation<T, any Error>) -> Bool {
    let (open, pending) = state.withLock { state -> (Bool, Result<T, any Error>?) in
      if let pending = state.pending {
        state.pending = nil
        return (false, pending)
      }
      state.continuation = continuation
      return (!state.claimed, nil)
    }
    if let pending { continuation.resume(with: pending) }
    return open
  }

  /// Takes the tasks to cancel; cancels them at once when the outcome is already decided
  /// (the run was cancelled before they existed, or the work already finished).
  func attach(work: Task<Void, Never>, timer: Task<Void, Never>?) {
    let finished = state.withLock { state -> Bool in
      state.work = work
      state.timer = timer
      return state.claimed
    }
    // Decided already: by the work itself (cancelling it is harmless), or by a cancellation
    // that came before the tasks were attached and so could not cancel them.
    if finished {
      work.cancel()
      timer?.cancel()
    }
  }

  /// Takes the right to decide the outcome; false if someone already has.
  func claim() -> Bool {
    state.withLock { state in
      guard !state.claimed else { return false }
      state.claimed = true
      return true
    }
  }

  func cancelTasks() {
    let (work, timer) = state.withLock { ($0.work, $0.timer) }
    work?.cancel()
    timer?.cancel()
  }

  /// The work's own ending: decides the outcome unless a timeout or cancellation did.
  func finish(_ result: Result<T, any Error>) {
    guard claim() else { return }
    let timer = state.withLock { $0.timer }
    timer?.cancel()
    finishClaimed(result)
  }

  /// Resumes the continuation with the outcome; before ``start(_:)``, keeps the outcome for it.
  func finishClaimed(_ result: Result<T, any Error>) {
    let continuation = state.withLock { state -> CheckedContinuation<T, any Error>? in
      guard let continuation = state.continuation else {
        state.pending = result
        return nil
      }
      state.continuation = nil
      return continuation
    }
    continuation?.resume(with: result)
  }
}
