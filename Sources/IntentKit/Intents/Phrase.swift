import ICUSupport
import Suggestions

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
    while let open = placeholderStart(in: rest) {
      pattern += literal(rest[..<open.lowerBound])
      guard let close = rest[open.upperBound...].firstIndex(of: "}") else { return nil }
      names.append(String(rest[open.upperBound..<close]))
      pattern += "(.+?)"
      rest = rest[rest.index(after: close)...]
    }
    pattern += literal(rest) + "\\s*[.!?]?\\s*$"
    guard
      let regex = try? RegularExpression(pattern, options: [.caseInsensitive]),
      let found = try? regex.firstMatch(in: text)
    else { return nil }
    var values: [String: Value] = [:]
    for (index, name) in names.enumerated() {
      // A part that starts or ends inside a character (a combining mark) is no match.
      guard let range = found[group: index + 1],
        let start = String.Index(range.lowerBound, within: text),
        let end = String.Index(range.upperBound, within: text)
      else { return nil }
      values[name] = .text(text[start..<end].trimming(.whitespaces))
    }
    return values
  }

  /// Where the first `${` in `text` is.
  private static func placeholderStart(in text: Substring) -> Range<Substring.Index>? {
    var search = text
    while let dollar = search.firstIndex(of: "$") {
      let next = text.index(after: dollar)
      if next < text.endIndex, text[next] == "{" { return dollar..<text.index(after: next) }
      search = text[next...]
    }
    return nil
  }

  /// A literal part of a template as a pattern: spacing matches any spacing.
  private static func literal(_ text: Substring) -> String {
    text.split(omittingEmptySubsequences: false, whereSeparator: \.isWhitespace)
      .map { RegularExpression.escapedPattern(for: String($0)) }
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
