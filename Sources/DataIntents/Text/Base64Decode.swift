public import IntentKit

/// `text.base64Decode`: Base64 back to text.
public struct Base64Decode: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.base64Decode"
  public static let title = "Base64 Decode"
  public static let description =
    "Decodes Base64 (standard or URL-safe alphabet; padding and line breaks optional) to "
    + "UTF-8 text."
  public static let parameterSummary: String? = "Base64-decode {input}"

  @Parameter(
    title: "Base64 text", isInput: true,
    resolve: { text in
      Base64.decode(text) == nil
        ? .unsupported(
          reason: "'\(Base64.excerpt(text))' is not Base64; it may use only A–Z, a–z, 0–9, "
            + "+ and / (or - and _), with = padding at the end")
        : .success(text)
    })
  public var input: String

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    guard let bytes = Base64.decode(input) else {
      throw IntentError("'\(Base64.excerpt(input))' is not Base64")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw IntentError(
        "the decoded \(bytes.count) bytes are not UTF-8 text; text.base64Decode returns text "
          + "only")
    }
    return .result(value: text)
  }
}
