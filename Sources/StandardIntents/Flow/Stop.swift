public import IntentKit

/// `flow.stop`: ends the run here, succeeded, with an output.
public struct Stop: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "flow.stop"
  public static let title = "Stop This Shortcut"
  public static let description =
    "Ends the run, succeeded, with the given output (the previous step's if unset); the steps "
    + "after it do not run. In a workflow run as a step, it ends that workflow."
  public static let parameterSummary: String? = "Stop with {output}"

  @Parameter(title: "Output", description: "The run's output.", isInput: true)
  public var output: Value?

  public init() {}

  public func perform() async throws -> IntentResult<Value> {
    throw WorkflowStop(output: output ?? .null)
  }
}
