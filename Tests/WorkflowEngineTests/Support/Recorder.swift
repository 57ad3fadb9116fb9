import IntentKit
import TestSupport

/// What the test intents and queries did, in order: performs, lookups, cancellations.
///
/// Each test makes its own and passes it to the run through ``DependencyValues/recorder``,
/// so tests running in parallel never see each other's entries.
final class Recorder: Sendable {
  private let entries = Observed<[String]>([])

  /// Appends an entry.
  func record(_ entry: String) {
    entries.update { $0.append(entry) }
  }

  /// Every entry, in order.
  var log: [String] { entries.value }

  /// How many entries start with `prefix`.
  func count(startingWith prefix: String) -> Int {
    entries.value.filter { $0.hasPrefix(prefix) }.count
  }

  /// Waits until an entry equal to `entry` is recorded; the wait ends on the recording. At
  /// the last-resort `limit` it looks once more, then throws.
  func waitFor(_ entry: String, limit: Duration = .seconds(30)) async throws {
    guard await entries.wait(deadline: limit, until: { $0.contains(entry) }) else {
      throw WaitTimedOut(what: "'\(entry)' to be recorded")
    }
  }

  /// Waits until at least `count` entries start with `prefix`; the wait ends on the
  /// recording. At the last-resort `limit` it looks once more, then throws.
  func waitFor(
    _ count: Int, startingWith prefix: String, limit: Duration = .seconds(30)
  ) async throws {
    let enough = await entries.wait(deadline: limit) {
      $0.filter { $0.hasPrefix(prefix) }.count >= count
    }
    guard enough else { throw WaitTimedOut(what: "\(count) entries starting '\(prefix)'") }
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
