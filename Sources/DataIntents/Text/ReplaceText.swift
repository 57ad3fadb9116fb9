import ICUSupport
public import IntentKit

/// `text.replace`: replaces every occurrence of some text, or of a regular expression.
// Not a `NonSuspendingIntent`: a regular expression search may take long, and only an intent
// that suspends is held to its step's timeout.
public struct ReplaceText: AppIntent {
  public static let identifier: IntentIdentifier = "text.replace"
  public static let title = "Replace Text"
  public static let description =
    "Replaces every occurrence of the text to find. With regex, 'find' is a regular "
    + "expression and the replacement may use $1, $2 … for its groups."
  public static let parameterSummary: String? = "Replace {find} with {replacement} in {input}"

  @Parameter(title: "Text", isInput: true)
  public var input: String

  @Parameter(
    title: "Find", description: "The text (or, with regex, the pattern) to look for.",
    requestValueDialog: "What should be replaced?", resolve: { LiteralText.resolveNonEmpty($0) })
  public var find: Value

  @Parameter(
    title: "Replacement", description: "The text put in its place; empty by default.",
    default: .text(""), resolve: { LiteralText.resolve($0) })
  public var replacement: Value

  @Parameter(
    title: "Regular expression", description: "Whether 'find' is a regular expression.",
    default: false)
  public var regex: Bool

  @Parameter(
    title: "Case sensitive", description: "Whether capital and small letters differ.",
    default: true)
  public var caseSensitive: Bool

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    let find = find.textDescription
    let replacement = replacement.textDescription
    guard regex else {
      return .result(
        value: input.replacing(literal: find, with: replacement, caseSensitive: caseSensitive))
    }
    let expression = try TextPattern.compile(find, caseSensitive: caseSensitive, parameter: "find")
    let replaced = try await TextPattern.search { () throws(RegularExpression.MatchFailure) in
      try expression.replacingMatches(in: input, withTemplate: replacement)
    }
    return .result(value: replaced)
  }
}
