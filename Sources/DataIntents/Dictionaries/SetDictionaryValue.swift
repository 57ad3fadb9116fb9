public import IntentKit

/// `dict.set`: a dictionary with one key set.
public struct SetDictionaryValue: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "dict.set"
  public static let title = "Set Dictionary Value"
  public static let description =
    "Returns a new dictionary: the input with the key set to the value (added or replaced)."
  public static let parameterSummary: String? = "Set {key} to {value} in {input}"

  @Parameter(
    title: "Dictionary", description: "Write {} to start from an empty one.", isInput: true)
  public var input: [String: Value]

  @Parameter(
    title: "Key", description: "The key to add or replace.", requestValueDialog: "Which key?")
  public var key: String

  @Parameter(title: "Value", description: "Any value: text, a number, a list, a dictionary …")
  public var value: Value

  public init() {}

  public func perform() async throws -> IntentResult<[String: Value]> {
    var result = input
    result[key] = value
    return .result(value: result)
  }
}
