import IntentKit
import Synchronization

/// What the test intents and queries did, in order: performs, lookups, cancellations.
///
/// Each test makes its own and passes it to the run through ``DependencyValues/recorder``,
/// so tests running in parallel never see each other's entries.
final class Recorder: Sendable {
  private let entries = Mutex<[String]>([])

  /// Appends an entry.
  func record(_ entry: String) {
    entries.withLock { $0.append(entry) }
  }

  /// Every entry, in order.
  var log: [String] { entries.withLock { $0 } }

  /// How many entries start with `prefix`.
  func count(startingWith prefix: String) -> Int {
    entries.withLock { $0.filter { $0.hasPrefix(prefix) }.count }
  }

  /// Waits until an entry equal to `entry` is recorded, or fails after `limit`.
  func waitFor(_ entry: String, limit: Duration = .seconds(20)) async throws {
    try await eventually("'\(entry)' to be recorded", limit: limit) { self.log.contains(entry) }
  }
}

private enum RecorderKey: DependencyKey {
  static var defaultValue: Recorder { Recorder() }
}

extension DependencyValues {
  /// Where the test intents record what they do.
  var recorder: Recorder {
    get { self[RecorderKey.self] }
    set { self[RecorderKey.self] = newValue }
  }
}

/// A test waited too long for something to happen.
struct WaitTimedOut: Error, CustomStringConvertible {
  var what: String
  var description: String { "gave up waiting for \(what)" }
}

/// Polls `condition` every millisecond until it holds, or throws after `limit`.
func eventually(
  _ what: String, limit: Duration = .seconds(20), _ condition: @Sendable () -> Bool
) async throws {
  let clock = ContinuousClock()
  let deadline = clock.now + limit
  while !condition() {
    guard clock.now < deadline else { throw WaitTimedOut(what: what) }
    try await Task.sleep(for: .milliseconds(1))
  }
}
