public import IntentKit

/// `list.unique`: a list without repeats.
public struct UniqueList: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "list.unique"
  public static let title = "Remove Duplicates"
  public static let description =
    "Removes repeated items, keeping each one's first occurrence, in order. Text compares "
    + "exactly (case matters); entities by type and id."
  public static let parameterSummary: String? = "Remove duplicates from {input}"

  @Parameter(title: "List", isInput: true)
  public var input: [Value]

  public init() {}

  public func perform() async throws -> IntentResult<[Value]> {
    var seen: Set<Value> = []
    return .result(value: input.filter { seen.insert($0).inserted })
  }
}
