import Suggestions

extension CronParser {
  /// The name the user most likely meant, for a "did you mean": IntentFlow's one spelling
  /// rule, except that equally close names suggest nothing rather than a guess, and the
  /// suggestion is spelt in lowercase when the input is (`fru` → `fri`).
  static func suggestion(for input: String, among names: [String]) -> String? {
    guard let name = Spelling.closest(to: input, among: names, ties: .noSuggestion) else {
      return nil
    }
    return input == input.lowercased() ? name.lowercased() : name
  }
}
