import ICUSupport
public import IntentKit

/// `text.match`: the parts of a text that match a regular expression.
// Not a `NonSuspendingIntent`: a search may take long (a pattern that backtracks), and only
// an intent that suspends is held to its step's timeout.
public struct MatchText: AppIntent {
  public static let identifier: IntentIdentifier = "text.match"
  public static let title = "Match Text"
  public static let description =
    "Returns every part of the text that matches a regular expression, in order (an empty "
    + "list when nothing matches)."
  public static let parameterSummary: String? = "Match {pattern} in {input}"

  @Parameter(title: "Text", isInput: true)
  public var input: String

  @Parameter(
    title: "Pattern", description: "A regular expression, such as [0-9]+ or ^ERROR.*$.",
    requestValueDialog: "Which pattern?", resolve: { TextPattern.resolve($0) })
  public var pattern: String

  @Parameter(
    title: "Case sensitive", description: "Whether capital and small letters differ.",
    default: true)
  public var caseSensitive: Bool

  public init() {}

  public func perform() async throws -> IntentResult<[String]> {
    let expression = try TextPattern.compile(
      pattern, caseSensitive: caseSensitive, parameter: "pattern")
    // A match that starts or ends inside a character (a combining mark, an emoji's skin
    // tone) is left out, as it was with NSRegularExpression.
    let found = try await TextPattern.search { () throws(RegularExpression.MatchFailure) in
      try expression.matches(in: input)
    }
    let matches = found.compactMap { match -> String? in
      guard let start = String.Index(match.range.lowerBound, within: input),
        let end = String.Index(match.range.upperBound, within: input)
      else { return nil }
      return String(input[start..<end])
    }
    return .result(value: matches)
  }
}
