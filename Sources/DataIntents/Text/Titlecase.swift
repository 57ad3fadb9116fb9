public import IntentKit

/// `text.titlecase`: a capital letter at the start of every word.
public struct Titlecase: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "text.titlecase"
  public static let title = "Change Case to Title Case"
  public static let description =
    "Capitalizes the first letter of every word and lowercases the rest."
  public static let parameterSummary: String? = "Title-case {input}"

  @Parameter(title: "Text", isInput: true)
  public var input: String

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    .result(value: Self.titlecased(input))
  }

  /// A word starts at a letter or digit that follows anything but a letter, a digit or an
  /// apostrophe, so `it's` stays one word and `well-known` is two.
  static func titlecased(_ text: String) -> String {
    var result = ""
    var inWord = false
    for character in text {
      let isWordCharacter = character.isLetter || character.isNumber
      if isWordCharacter && !inWord {
        // The titlecase mapping, not the uppercase one: `ǆ` becomes `ǅ`, not `Ǆ`.
        var scalars = character.unicodeScalars.makeIterator()
        if let first = scalars.next() {
          result += first.properties.titlecaseMapping
          while let next = scalars.next() { result.unicodeScalars.append(next) }
        }
      } else {
        result += character.lowercased()
      }
      inWord = isWordCharacter || (inWord && (character == "'" || character == "’"))
    }
    return result
  }
}
