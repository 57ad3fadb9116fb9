public import IntentKit

/// `list.combine`: one list after another.
public struct CombineLists: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "list.combine"
  public static let title = "Combine Lists"
  public static let description =
    "Returns the items of the list followed by the items of 'with' (a single value counts "
    + "as a list of one)."
  public static let parameterSummary: String? = "Combine {input} with {with}"

  @Parameter(title: "List", isInput: true)
  public var input: [Value]

  @Parameter(title: "With", description: "The items added at the end.")
  public var with: [Value]

  public init() {}

  public func perform() async throws -> IntentResult<[Value]> {
    .result(value: input + with)
  }
}
