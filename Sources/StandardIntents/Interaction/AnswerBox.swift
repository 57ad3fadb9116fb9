import IntentKit
import Synchronization

/// Holds what a person answered in an intent's confirm phase until its `perform()`: each run
/// makes a fresh intent, and so a fresh box.
final class AnswerBox: Sendable {
  private let answer = Mutex<Value?>(nil)
  var value: Value? {
    get { answer.withLock { $0 } }
    set { answer.withLock { $0 = newValue } }
  }
}

extension IntentContext {
  /// The label of the running step in messages: its id, or the intent's identifier.
  func stepLabel(_ identifier: IntentIdentifier) -> String { stepID ?? identifier.rawValue }
}
