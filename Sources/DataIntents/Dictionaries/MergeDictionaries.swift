public import IntentKit

/// `dict.merge`: two dictionaries as one.
public struct MergeDictionaries: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "dict.merge"
  public static let title = "Merge Dictionaries"
  public static let description =
    "Returns the keys of both dictionaries; where both have a key, the value of 'with' wins. "
    + "Nested dictionaries are replaced, not merged."
  public static let parameterSummary: String? = "Merge {with} into {input}"

  @Parameter(title: "Dictionary", isInput: true)
  public var input: [String: Value]

  @Parameter(title: "With", description: "The dictionary whose values win.")
  public var with: [String: Value]

  public init() {}

  public func perform() async throws -> IntentResult<[String: Value]> {
    .result(value: input.merging(with) { _, new in new })
  }
}
