public import IntentKit

/// `text.trim`: removes white space and line breaks at both ends.
public struct TrimText: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.trim"
  public static let title = "Trim Whitespace"
  public static let description = "Removes spaces, tabs and line breaks from both ends of text."
  public static let parameterSummary: String? = "Trim {input}"

  @Parameter(title: "Text", isInput: true)
  public var input: String

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    let start = input.firstIndex { !$0.isWhitespace } ?? input.endIndex
    let end = input.lastIndex { !$0.isWhitespace }.map(input.index(after:)) ?? start
    return .result(value: String(input[start..<max(start, end)]))
  }
}
