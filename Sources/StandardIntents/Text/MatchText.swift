import Foundation
public import IntentKit

/// `text.match`: the parts of a text that match a regular expression.
public struct MatchText: NonSuspendingIntent {
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
    let range = NSRange(input.startIndex..., in: input)
    let matches = expression.matches(in: input, range: range).compactMap { match in
      Range(match.range, in: input).map { String(input[$0]) }
    }
    return .result(value: matches)
  }
}
