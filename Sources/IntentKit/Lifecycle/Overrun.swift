/// A stopped step's `perform()` that was still running when its grace period ended.
///
/// The step has already reported (timed out or cancelled) and its ``StepLease`` is revoked,
/// so the intent can change nothing; it is left to end on its own rather than hang the run.
/// This value is how its owner accounts for it: ``IntentInvocation/Options/onOverrun`` (and
/// the executor's) is told of each one, and whoever can wait — a test, a long-lived process
/// that must not pile up stuck work — awaits ``ended()``. The CLI does not wait: its process
/// exits after the run, which ends such work.
public struct Overrun: Sendable {
  /// The step's label: its id, or the intent's identifier.
  public var step: String
  /// Why it was stopped.
  public var reason: CancellationReason
  /// How long it was given to wind down.
  public var grace: Duration
  /// The work's task.
  let work: Task<Void, Never>

  /// Waits until the intent's `perform()` has ended.
  public func ended() async { await work.value }
}
