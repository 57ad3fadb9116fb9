public import IntentKit

/// `text.compose`: the "Text" action of Shortcuts — a template whose `${…}` references the
/// engine fills in before the step runs.
public struct ComposeText: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.compose"
  public static let title = "Text"
  public static let description =
    "Returns the text as written, with every ${…} reference replaced by its value."
  public static let parameterSummary: String? = "{text}"

  @Parameter(
    title: "Text", description: "The text; references such as ${step.title} are filled in.",
    isInput: true)
  public var text: String

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    .result(value: text)
  }
}
