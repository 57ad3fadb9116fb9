public import IntentKit
import Suggestions

/// The fixed words a parameter accepts (`+`, `nearest`, `days`), and the check that turns any
/// other word into an `unsupported` resolution that lists them.
///
/// Matching ignores case and surrounding spaces; an alias (`day` for `days`) resolves to the
/// word it stands for, so that `perform()` only ever sees the listed words.
public struct OptionList: Sendable {
  /// What one option is called in messages: `operation`, `unit`.
  public let noun: String
  /// The accepted words, in the order messages list them.
  public let options: [String]
  /// Other spellings accepted for an option: `["day": "days"]`.
  public let aliases: [String: String]

  /// Declares the options of a parameter.
  public init(_ noun: String, _ options: [String], aliases: [String: String] = [:]) {
    self.noun = noun
    self.options = options
    self.aliases = aliases
  }

  /// The options as a sentence fragment: `+, -, *, /`.
  public var listing: String { options.joined(separator: ", ") }

  /// The listed word that `text` names, if any.
  public func option(_ text: String) -> String? {
    let key = text.trimming(.whitespaces).lowercased()
    if let match = options.first(where: { $0.lowercased() == key }) { return match }
    return aliases.first { $0.key.lowercased() == key }?.value
  }

  /// Accepts a listed word (in its listed spelling); anything else is unsupported, with the
  /// list and, when one is close, a suggestion.
  public func resolve(_ text: String) -> ParameterResolution<String> {
    if let match = option(text) { return .success(match) }
    var reason = "'\(text)' is not \(article) \(noun); use one of \(listing)"
    if let suggestion = Spelling.closest(to: text, among: options + aliases.keys.sorted()) {
      reason += " (did you mean '\(option(suggestion) ?? suggestion)'?)"
    }
    return .unsupported(reason: reason)
  }

  /// "an operation", "an algorithm", but "a unit".
  private var article: String { "aeio".contains(noun.first ?? "x") ? "an" : "a" }
}
