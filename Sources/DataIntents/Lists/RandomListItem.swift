public import IntentKit

/// `list.random`: one item picked at random.
public struct RandomListItem: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "list.random"
  public static let title = "Get Random Item from List"
  public static let description = "Returns one item of the list, picked at random."
  public static let parameterSummary: String? = "Random item of {input}"

  @Parameter(title: "List", isInput: true)
  public var input: [Value]

  @Dependency({ $0.randomSource }) var random: RandomSource

  public init() {}

  public func perform() async throws -> IntentResult<Value> {
    guard !input.isEmpty else {
      throw IntentError("the list is empty, so there is no item to pick")
    }
    return .result(value: input[random.integer(0...input.count - 1)])
  }
}
