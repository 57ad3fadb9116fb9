import Synchronization

@testable import IntentKit

/// What the test intents report back: events in order, cancellation reasons, progress, and
/// gates that hold an intent until the test opens them (ignoring cancellation on purpose).
final class Probe: Sendable {
  private struct State {
    var events: [String] = []
    var reasons: [CancellationReason] = []
    var updates: [ProgressReporter.Update] = []
    var openGates: Set<String> = []
    var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]
  }
  private let state = Mutex(State())

  /// Everything recorded so far, in order.
  var events: [String] { state.withLock { $0.events } }
  /// Every reason passed to `onCancel`, in order.
  var reasons: [CancellationReason] { state.withLock { $0.reasons } }
  /// Every progress update that reached the reporter the test installed.
  var updates: [ProgressReporter.Update] { state.withLock { $0.updates } }

  func record(_ event: String) { state.withLock { $0.events.append(event) } }
  func cancelled(_ reason: CancellationReason) { state.withLock { $0.reasons.append(reason) } }

  /// A reporter that keeps every update here.
  var reporter: ProgressReporter {
    ProgressReporter { update in self.state.withLock { $0.updates.append(update) } }
  }

  /// Waits until the test opens `gate`; cancellation does not end the wait.
  func wait(at gate: String) async {
    await withCheckedContinuation { continuation in
      let isOpen = state.withLock { state -> Bool in
        if state.openGates.contains(gate) { return true }
        state.waiters[gate, default: []].append(continuation)
        return false
      }
      if isOpen { continuation.resume() }
    }
  }

  /// Lets every intent waiting at `gate` (now or later) go on.
  func open(_ gate: String) {
    let waiting = state.withLock { state in
      state.openGates.insert(gate)
      return state.waiters.removeValue(forKey: gate) ?? []
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Opens every gate anyone waits at, so that abandoned intents end.
  func openAll() {
    let names = state.withLock { Array($0.waiters.keys) }
    for name in names { open(name) }
  }

  /// Whether `event` gets recorded within `limit`.
  func eventually(_ event: String, within limit: Duration = .seconds(10)) async -> Bool {
    await poll(within: limit) { self.events.contains(event) }
  }
}

private enum ProbeKey: DependencyKey {
  static let defaultValue = Probe()
}

extension DependencyValues {
  /// Where the test intents report.
  var probe: Probe {
    get { self[ProbeKey.self] }
    set { self[ProbeKey.self] = newValue }
  }
}

/// Polls `condition` every few milliseconds; whether it held within `limit`.
func poll(within limit: Duration = .seconds(10), _ condition: @Sendable () -> Bool) async
  -> Bool
{
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: limit)
  while clock.now < deadline {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return condition()
}

/// The result of `task` if it ends within `limit`, else `nil` (the task is abandoned, so a
/// hanging invocation fails the test instead of hanging the run).
func settle<T: Sendable>(_ task: Task<T, any Error>, within limit: Duration = .seconds(10))
  async -> Result<T, any Error>?
{
  let box = Mutex<Result<T, any Error>?>(nil)
  Task {
    let result = await task.result
    box.withLock { $0 = result }
  }
  _ = await poll(within: limit) { box.withLock { $0 != nil } }
  return box.withLock { $0 }
}
