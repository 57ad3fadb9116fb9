/// Thrown by an intent's `perform()` to end the whole run, succeeded, with this output
/// (`flow.stop`). The executor catches it once, at the top of the run: no retry, no
/// `onError`, and the steps after it do not run. In a workflow run as a step, it ends that
/// workflow, whose output it becomes.
public struct WorkflowStop: Error, Sendable {
  /// The run's output.
  public var output: Value

  /// Stops the run with `output`.
  public init(output: Value) {
    self.output = output
  }
}
