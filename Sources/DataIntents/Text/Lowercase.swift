public import IntentKit

/// `text.lowercase`: small letters.
public struct Lowercase: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.lowercase"
  public static let title = "Change Case to Lowercase"
  public static let description = "Changes text to small letters."
  public static let parameterSummary: String? = "Lowercase {input}"

  @Parameter(title: "Text", isInput: true)
  public var input: String

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    .result(value: input.lowercased())
  }
}
