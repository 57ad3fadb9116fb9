public import IntentKit

/// `dict.keys`: a dictionary's keys.
public struct DictionaryKeys: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "dict.keys"
  public static let title = "Get Dictionary Keys"
  public static let description =
    "Returns the keys of a dictionary, sorted (the order JSON output uses)."
  public static let parameterSummary: String? = "Keys of {input}"

  @Parameter(title: "Dictionary", isInput: true)
  public var input: [String: Value]

  public init() {}

  public func perform() async throws -> IntentResult<[String]> {
    .result(value: input.keys.sorted())
  }
}
