public import IntentKit

/// `text.hash`: a checksum of text, as `sha256sum` prints it.
public struct HashText: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.hash"
  public static let title = "Generate Hash"
  public static let description =
    "Returns the hash of the text's UTF-8 bytes as lowercase hexadecimal: SHA-256 by "
    + "default, or SHA-1 or MD5 to match older checksums."
  public static let parameterSummary: String? = "Hash {input} with {algorithm}"

  static let algorithms = OptionList(
    "algorithm", ["sha256", "sha1", "md5"],
    aliases: ["sha-256": "sha256", "sha-1": "sha1", "md-5": "md5"])

  @Parameter(title: "Text", isInput: true)
  public var input: String

  @Parameter(
    title: "Algorithm", description: "One of sha256, sha1, md5.", default: "sha256",
    allowedValues: HashText.algorithms.options,
    resolve: { HashText.algorithms.resolve($0) })
  public var algorithm: String

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    let bytes = Array(input.utf8)
    let digest: [UInt8]
    switch algorithm {
    case "sha1": digest = Digest.sha1(bytes)
    case "md5": digest = Digest.md5(bytes)
    default: digest = Digest.sha256(bytes)
    }
    return .result(value: Digest.hex(digest))
  }
}
