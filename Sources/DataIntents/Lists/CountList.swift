public import IntentKit

/// `list.count`: how many items a list has.
public struct CountList: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "list.count"
  public static let title = "Count Items"
  public static let description = "Counts the items of a list (a single value counts as one)."
  public static let parameterSummary: String? = "Count {input}"

  @Parameter(title: "List", isInput: true)
  public var input: [Value]

  public init() {}

  public func perform() async throws -> IntentResult<Int> {
    .result(value: input.count)
  }
}
