public import IntentKit

/// `list.reverse`: a list back to front.
public struct ReverseList: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "list.reverse"
  public static let title = "Reverse List"
  public static let description = "Returns the items in the opposite order."
  public static let parameterSummary: String? = "Reverse {input}"

  @Parameter(title: "List", isInput: true)
  public var input: [Value]

  public init() {}

  public func perform() async throws -> IntentResult<[Value]> {
    .result(value: input.reversed())
  }
}
