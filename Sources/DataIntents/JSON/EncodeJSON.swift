public import IntentKit
import StrictJSON

/// `json.encode`: a value as JSON text.
public struct EncodeJSON: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "json.encode"
  public static let title = "Get JSON from Value"
  public static let description =
    "Writes any value as JSON text, as --json prints it: keys sorted, dates as ISO 8601 "
    + "text, entities as {type, id, display, properties}."
  public static let parameterSummary: String? = "Encode {input} as JSON"

  @Parameter(title: "Value", isInput: true)
  public var input: Value

  @Parameter(
    title: "Pretty", description: "Whether to indent by two spaces, one member a line.",
    default: false)
  public var pretty: Bool

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    .result(value: input.jsonValue.serialized(pretty: pretty))
  }
}
