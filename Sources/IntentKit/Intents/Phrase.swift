import Foundation

/// An intent that people can run by saying a phrase, as the seed's `AppShortcutsProvider`:
/// `"Add ${title} to my todos"` runs `todos.add` with the words in place of `${title}`.
public protocol PhraseProvidingIntent: AppIntent {
  /// The phrases; `${name}` marks where a parameter's value goes.
  static var phrases: [String] { get }
}

/// Matches said text against a phrase template and takes the parameters out of it.
public enum Phrase {
  /// The parameters `text` fills in `template`, or `nil` when it does not match. Words match
  /// ignoring case and spacing; a placeholder takes at least one character.
  ///
  /// - Complexity: O(n) in the text for templates with few placeholders.
  public static func match(_ text: String, template: String) -> [String: Value]? {
    var pattern = "^\\s*"
    var names: [String] = []
    var rest = Substring(template)
    while let open = rest.range(of: "${") {
      pattern += literal(rest[..<open.lowerBound])
      guard let close = rest[open.upperBound...].firstIndex(of: "}") else { return nil }
      names.append(String(rest[open.upperBound..<close]))
      pattern += "(.+?)"
      rest = rest[rest.index(after: close)...]
    }
    pattern += literal(rest) + "\\s*[.!?]?\\s*$"
    guard
      let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]),
      let found = regex.firstMatch(
        in: text, range: NSRange(text.startIndex..., in: text))
    else { return nil }
    var values: [String: Value] = [:]
    for (index, name) in names.enumerated() {
      guard let range = Range(found.range(at: index + 1), in: text) else { return nil }
      values[name] = .text(text[range].trimmingCharacters(in: .whitespaces))
    }
    return values
  }

  /// A literal part of a template as a pattern: spacing matches any spacing.
  private static func literal(_ text: Substring) -> String {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isWhitespace)
      .map { NSRegularExpression.escapedPattern(for: String($0)) }
      .joined(separator: "\\s+")
  }
}

extension IntentRegistry {
  /// The intents whose phrases match `text`, each with the parameters the text fills (the
  /// first phrase of an intent that matches).
  public func intents(saying text: String) -> [(
    intent: IntentDescriptor, arguments: [String: Value]
  )] {
    intents.compactMap { intent in
      for phrase in intent.phrases {
        if let arguments = Phrase.match(text, template: phrase) { return (intent, arguments) }
      }
      return nil
    }
  }
}
