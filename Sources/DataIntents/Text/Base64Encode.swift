public import IntentKit

/// `text.base64Encode`: text as Base64.
public struct Base64Encode: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.base64Encode"
  public static let title = "Base64 Encode"
  public static let description =
    "Encodes the text's UTF-8 bytes as Base64 (RFC 4648, with padding, on one line)."
  public static let parameterSummary: String? = "Base64-encode {input}"

  @Parameter(title: "Text", isInput: true)
  public var input: String

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    .result(value: Base64.encode(Array(input.utf8)))
  }
}
