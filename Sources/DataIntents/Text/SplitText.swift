public import IntentKit

/// `text.split`: text into a list of pieces.
public struct SplitText: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.split"
  public static let title = "Split Text"
  public static let description =
    "Splits text into a list at every separator; by default into lines (a final empty line "
    + "is dropped)."
  public static let parameterSummary: String? = "Split {input} at {separator}"

  @Parameter(title: "Text", isInput: true)
  public var input: String

  @Parameter(
    title: "Separator",
    description: "The text between pieces, such as \", \" or \" \"; line breaks when unset.",
    resolve: { LiteralText.resolve($0) })
  public var separator: Value?

  public init() {}

  public func perform() async throws -> IntentResult<[String]> {
    let separator = separator?.textDescription ?? ""
    // A line break written out splits into lines too, with the same final-line rule.
    guard !["", "\n", "\r\n"].contains(separator) else {
      return .result(value: Self.lines(input))
    }
    let pieces = input.split(separator: separator, omittingEmptySubsequences: false)
    return .result(value: pieces.map(String.init))
  }

  /// The lines of `text`, ended by `\n`, `\r\n` or `\r`; text after the last line break is
  /// the last line, so a final line break adds no empty line.
  static func lines(_ text: String) -> [String] {
    var lines: [String] = []
    var current = ""
    for character in text {
      // `\r\n` is one Character in Swift, so it ends one line.
      if character.isNewline {
        lines.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
