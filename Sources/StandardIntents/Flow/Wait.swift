public import IntentKit

/// `flow.wait`: pauses the workflow, then passes its input on unchanged.
///
/// It is an ordinary step: the step timeout (30 s unless the step sets one) applies, and
/// Ctrl-C or SIGTERM interrupts the wait.
public struct Wait: AppIntent, CancellableIntent {
  public static let identifier: IntentIdentifier = "flow.wait"
  public static let title = "Wait"
  /// Waiting again has no effect outside the run.
  public static let isIdempotent = true
  public static let description =
    "Waits for a duration, then passes the previous step's output on unchanged."
  public static let parameterSummary: String? = "Wait {duration}"

  @Parameter(title: "Duration", description: "How long to wait: 500ms, 2s, 1m.")
  public var duration: Duration

  @Parameter(title: "Input", description: "The value passed on.", isInput: true)
  public var input: Value?

  @Dependency({ $0.runEnvironment }) var environment: RunEnvironment

  public init() {}

  public func perform() async throws -> IntentResult<Value> {
    guard duration >= .zero else { throw IntentError("the duration must not be negative") }
    try await environment.clock.sleep(duration)
    return .result(value: input ?? .null)
  }

  public func onCancel(reason: CancellationReason) async {}
}
