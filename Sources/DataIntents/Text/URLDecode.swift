public import IntentKit

/// `text.urlDecode`: percent-encoded text back to plain text.
public struct URLDecode: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.urlDecode"
  public static let title = "URL Decode"
  public static let description =
    "Decodes %XX escapes to the UTF-8 text they encode; with plusAsSpace, + becomes a space "
    + "(form data)."
  public static let parameterSummary: String? = "URL-decode {input}"

  @Parameter(title: "Text", isInput: true)
  public var input: String

  @Parameter(
    title: "Plus as space", description: "Whether + means a space, as in form data.",
    default: false)
  public var plusAsSpace: Bool

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    .result(value: try PercentEncoding.decode(input, plusAsSpace: plusAsSpace))
  }
}
