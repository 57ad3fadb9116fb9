public import IntentKit

/// `text.urlEncode`: text made safe for a URL's query or path.
public struct URLEncode: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.urlEncode"
  public static let title = "URL Encode"
  public static let description =
    "Percent-encodes every byte of the UTF-8 text except the RFC 3986 unreserved characters "
    + "A–Z a–z 0–9 - . _ ~ (a space becomes %20)."
  public static let parameterSummary: String? = "URL-encode {input}"

  @Parameter(title: "Text", isInput: true)
  public var input: String

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    .result(value: PercentEncoding.encode(input))
  }
}
