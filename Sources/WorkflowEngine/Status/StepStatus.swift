/// How one step ended (for a step inside a loop: its latest pass). See ``RunStatus`` for the
/// mapping from errors.
public enum StepStatus: String, Sendable, Hashable {
  case succeeded, failed, skipped, needsValue, disambiguation, confirmationRequired, timedOut
  case cancelled
}
