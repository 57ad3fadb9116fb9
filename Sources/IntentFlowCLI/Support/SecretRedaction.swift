import Synchronization
import WorkflowEngine

/// The run's ``Redactor``, shared by the observer (called from the run's tasks) and the
/// command, and replaced once the inputs are bound.
final class SecretRedaction: Sendable {
  private let current: Mutex<Redactor>

  init(_ redactor: Redactor) {
    current = Mutex(redactor)
  }

  /// What hides the secrets known so far.
  var redactor: Redactor {
    get { current.withLock { $0 } }
    set { current.withLock { $0 = newValue } }
  }
}
