public import IntentKit

/// `text.uppercase`: capital letters.
public struct Uppercase: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.uppercase"
  public static let title = "Change Case to Uppercase"
  public static let description = "Changes text to capital letters."
  public static let parameterSummary: String? = "Uppercase {input}"

  @Parameter(title: "Text", isInput: true)
  public var input: String

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    .result(value: input.uppercased())
  }
}
