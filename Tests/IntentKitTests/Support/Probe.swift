import Synchronization
import TestSupport

@testable import IntentKit

/// What the test intents report back: events in order, cancellation reasons, progress, and
/// gates that hold an intent until the test opens them (ignoring cancellation on purpose).
///
/// Tests wait on it for events (``eventually(_:within:)``), never on the wall clock.
final class Probe: Sendable {
  private struct State {
    var events: [String] = []
    var reasons: [CancellationReason] = []
    var updates: [ProgressReporter.Update] = []
    var openGates: Set<String> = []
    var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]
  }
  private let state = Observed(State())

  /// Everything recorded so far, in order.
  var events: [String] { state.value.events }
  /// Every reason passed to `onCancel`, in order.
  var reasons: [CancellationReason] { state.value.reasons }
  /// Every progress update that reached the reporter the test installed.
  var updates: [ProgressReporter.Update] { state.value.updates }

  func record(_ event: String) { state.update { $0.events.append(event) } }

  /// Records "started", suspends until the task is cancelled, then records "saw cancellation"
  /// and throws: the body of the test intents that wait for a timeout or a stop.
  func waitUntilCancelled() async throws {
    record("started")
    do {
      try await untilCancelled()
    } catch {
      record("saw cancellation")
      throw error
    }
  }
  func cancelled(_ reason: CancellationReason) { state.update { $0.reasons.append(reason) } }

  /// A reporter that keeps every update here.
  var reporter: ProgressReporter {
    ProgressReporter { update in self.state.update { $0.updates.append(update) } }
  }

  /// Waits until the test opens `gate`; cancellation does not end the wait.
  func wait(at gate: String) async {
    await withCheckedContinuation { continuation in
      let isOpen = state.update { state -> Bool in
        if state.openGates.contains(gate) { return true }
        state.waiters[gate, default: []].append(continuation)
        return false
      }
      if isOpen { continuation.resume() }
    }
  }

  /// Lets every intent waiting at `gate` (now or later) go on.
  func open(_ gate: String) {
    let waiting = state.update { state in
      state.openGates.insert(gate)
      return state.waiters.removeValue(forKey: gate) ?? []
    }
    for continuation in waiting { continuation.resume() }
  }

  /// Opens every gate anyone waits at, so that abandoned intents end.
  func openAll() {
    let names = state.update { Array($0.waiters.keys) }
    for name in names { open(name) }
  }

  /// Whether `event` gets recorded; ends as soon as it is (or, as a last resort, at `limit`
  /// after one more look).
  func eventually(_ event: String, within limit: Duration = .seconds(30)) async -> Bool {
    await state.wait(deadline: limit) { $0.events.contains(event) }
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

/// The result of `task` once it ends, or `nil` if it has not ended at the last-resort
/// `limit` (the task is then left behind, so that a hanging invocation fails the test instead
/// of hanging the run). The wait ends when the task does, not on a poll.
func settle<T: Sendable>(_ task: Task<T, any Error>, within limit: Duration = .seconds(30))
  async -> Result<T, any Error>?
{
  let outcome = Observed<Result<T, any Error>?>(nil)
  // Unstructured on purpose: awaiting a hung task in a child would hang this test too.
  Task {
    let result = await task.result
    outcome.update { $0 = result }
  }
  _ = await outcome.wait(deadline: limit) { $0 != nil }
  return outcome.value
}
