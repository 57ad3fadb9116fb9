import Synchronization

/// Suspends until the calling task is cancelled, then throws `CancellationError`, as
/// `Task.sleep` does: for test intents that must wait for a timeout, a signal or a stopped
/// run. Nothing measures time, so it neither ends early on a slow machine nor late on a fast
/// one; an already cancelled task throws at once.
public func untilCancelled() async throws {
  let waiter = CancellationWaiter()
  await withTaskCancellationHandler {
    await withCheckedContinuation { waiter.wait($0) }
  } onCancel: {
    waiter.cancel()
  }
  throw CancellationError()
}

/// The continuation of one ``untilCancelled()`` and whether cancellation came first: the
/// handler may run before the continuation exists, or at the same time.
private final class CancellationWaiter: Sendable {
  private enum State {
    case idle
    case waiting(CheckedContinuation<Void, Never>)
    case cancelled
  }

  private let state = Mutex(State.idle)

  func wait(_ continuation: CheckedContinuation<Void, Never>) {
    let resumeNow = state.withLock { state -> Bool in
      guard case .idle = state else { return true }
      state = .waiting(continuation)
      return false
    }
    if resumeNow { continuation.resume() }
  }

  func cancel() {
    let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
      defer { state = .cancelled }
      guard case .waiting(let continuation) = state else { return nil }
      return continuation
    }
    waiting?.resume()
  }
}
