public import IntentKit

/// `flow.fail`: fails the run with a message (exit code 1).
public struct Fail: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "flow.fail"
  public static let title = "Fail"
  public static let description =
    "Fails the run with a message (exit code 1), as a failing step does: onError and retry "
    + "apply."
  public static let parameterSummary: String? = "Fail with {message}"

  @Parameter(title: "Message", description: "What went wrong and what to do.", isInput: true)
  public var message: String = "the workflow failed (flow.fail)"

  public init() {}

  public func perform() async throws -> IntentResult<NoValue> {
    let step = IntentContext.current.stepLabel(Self.identifier)
    throw IntentFlowError(.failed, message, step: step)
  }
}
