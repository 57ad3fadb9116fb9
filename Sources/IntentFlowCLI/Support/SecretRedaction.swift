import IntentKit
import Synchronization
import WorkflowEngine

/// The run's ``Redactor``, shared by the observer (called from the run's tasks) and the
/// command: it learns the secrets as they become known (given values and the environment
/// first, answers typed at a prompt once the inputs are bound) and, during the run, each value
/// the workflow builds from them (``Executor/Configuration/onSecretText``).
final class SecretRedaction: Sendable {
  private let current: Mutex<Redactor>

  init(_ redactor: Redactor) {
    current = Mutex(redactor)
  }

  /// What hides the secrets known so far.
  var redactor: Redactor {
    current.withLock { $0 }
  }

  /// The event as it may be shown, redacted under the lock (no copy of the redactor).
  func redact(_ event: RunEvent) -> RunEvent {
    current.withLock { $0.redact(event) }
  }

  /// The step-history entry as it may be kept, redacted under the lock.
  func redact(_ entry: StepEntry) -> StepEntry {
    current.withLock { $0.redact(entry) }
  }

  /// Hides what `redactor` hides too, from now on.
  func learn(_ redactor: Redactor) {
    current.withLock { $0.formUnion(redactor) }
  }

  /// Hides `text` at its secret spans from now on.
  func insert(_ text: SecretText) {
    current.withLock { $0.insert(text) }
  }
}
