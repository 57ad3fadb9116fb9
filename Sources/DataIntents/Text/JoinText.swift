public import IntentKit

/// `text.join`: a list's items as one text.
public struct JoinText: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.join"
  public static let title = "Combine Text"
  public static let description =
    "Joins a list's items (each as text) into one text, with a separator between them."
  public static let parameterSummary: String? = "Join {input} with {separator}"

  @Parameter(title: "List", isInput: true)
  public var input: [Value]

  @Parameter(
    title: "Separator", description: "The text between items; a line break by default.",
    default: .text("\n"), resolve: { LiteralText.resolve($0) })
  public var separator: Value

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    .result(
      value: input.map(\.textDescription).joined(separator: separator.textDescription))
  }
}
