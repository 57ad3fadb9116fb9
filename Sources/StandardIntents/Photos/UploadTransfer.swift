import Synchronization

/// What `photos.upload`'s `perform()` and its `onCancel` share about an HTTP upload: the
/// target, and whether the transfer has ended. `onCancel` waits for the aborted PUT to end
/// before it sends the DELETE, so that the DELETE never overtakes the PUT at the server.
final class UploadTransfer: Sendable {
  private struct State {
    var target: String?
    var running = false
    /// `onCancel` has looked: no transfer may start any more.
    var closed = false
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  init() {}

  /// The transfer to `target` starts, unless `onCancel` has run already (the upload was
  /// cancelled just before): then it returns `false` and nothing may be sent.
  func start(target: String) -> Bool {
    state.withLock { state in
      guard !state.closed else { return false }
      state.target = target
      state.running = true
      return true
    }
  }

  /// The transfer has ended, whatever its outcome: wakes whoever waits.
  func end() {
    let waiters = state.withLock { state in
      state.running = false
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until no transfer is running, and lets none start after; returns the target of
  /// the one that ran, if any.
  func ended() async -> String? {
    await withCheckedContinuation { continuation in
      let running = state.withLock { state in
        state.closed = true
        if state.running { state.waiters.append(continuation) }
        return state.running
      }
      if !running { continuation.resume() }
    }
    return state.withLock { $0.target }
  }
}
