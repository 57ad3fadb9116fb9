extension Deadline {
  /// Runs the `perform()` of a ``NonSuspendingIntent`` inline in the calling task: no task,
  /// no timer, no cancellation handler, since nothing can decide the step while the work
  /// runs without suspending.
  ///
  /// What is observable is what `run` gives an intent that finishes without suspending: a run
  /// cancelled before the work begins never starts it; once begun, the work's value or error
  /// is the outcome, and no timeout applies; the lease is revoked as the work ends. An intent
  /// that suspends anyway is awaited here, in the run's task, whose cancellation it sees.
  nonisolated(nonsending) static func runInline(
    _ instance: IntentInstance, lease: StepLease, reason: () -> CancellationReason
  ) async throws -> ErasedResult {
    if Task.isCancelled {
      let why = reason()
      lease.decide(.cancelled(why))
      throw IntentFlowError(.cancelled, "was cancelled: \(why)", underlying: nil)
    }
    defer { lease.revoke() }
    return try await instance.perform()
  }
}
