public import IntentKit

/// `dict.values`: a dictionary's values.
public struct DictionaryValues: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "dict.values"
  public static let title = "Get Dictionary Values"
  public static let description =
    "Returns the values of a dictionary, in the order of their sorted keys."
  public static let parameterSummary: String? = "Values of {input}"

  @Parameter(title: "Dictionary", isInput: true)
  public var input: [String: Value]

  public init() {}

  public func perform() async throws -> IntentResult<[Value]> {
    .result(value: input.sorted { $0.key < $1.key }.map(\.value))
  }
}
