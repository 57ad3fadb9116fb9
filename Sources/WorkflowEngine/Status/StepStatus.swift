/// How one step ended (for a step inside a loop: its latest pass). See ``RunStatus`` for the
/// mapping from errors.
public enum StepStatus: String, Sendable, Hashable {
  case succeeded, failed, skipped, needsValue, disambiguation, confirmationRequired, timedOut
  case cancelled
  /// Performing now: the step history's record of a step that may wait, written as it starts
  /// and replaced when it ends; a run that died keeps it (DESIGN §12).
  case running
}
