import IntentKit
import TestSupport

/// A one-way gate a test opens one passage at a time.
final class Turnstile: Sendable {
  private let permits = Observed(0)

  /// Lets one waiter through (now or later).
  func open() {
    permits.update { $0 += 1 }
  }

  /// Waits for a passage, which ends as soon as the test opens the gate; throws
  /// `CancellationError` when cancelled first.
  func pass() async throws {
    let passed = await permits.wait(deadline: .seconds(3600)) { permits in
      guard permits > 0 else { return false }
      permits -= 1
      return true
    }
    guard passed else { throw CancellationError() }
  }
}

private enum TurnstileKey: DependencyKey {
  static var defaultValue: Turnstile { Turnstile() }
}

extension DependencyValues {
  /// The gate the test's long-running intents wait at between parts.
  var turnstile: Turnstile {
    get { self[TurnstileKey.self] }
    set { self[TurnstileKey.self] = newValue }
  }
}
