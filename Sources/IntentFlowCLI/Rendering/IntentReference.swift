import IntentKit
import StrictJSON
import Suggestions

/// The reference of every intent as Markdown: what `intentflow intents --markdown` prints and
/// `Docs/Intents.md` holds, generated from the registry so that it cannot drift from the code.
enum IntentReference {
  /// The command that regenerates `Docs/Intents.md`.
  static let regenerate = "swift run intentflow intents --markdown > Docs/Intents.md"

  /// The whole page, ending in one line break.
  static func markdown(_ intents: [IntentDescriptor]) -> String {
    let groups = IntentDomain.group(intents)
    var lines = [
      "# Intents",
      "",
      "<!-- Generated from the intent registry by `intentflow intents --markdown`; do not edit.",
      "     Regenerate with: \(regenerate) -->",
      "",
      "Every intent the `intentflow` binary knows, by domain: what it does, its parameters and "
        + "what it returns. The **input** parameter receives the previous step's output when a "
        + "step leaves it unset. `intentflow describe INTENT` prints the same for one intent, "
        + "and `intentflow intents --json` as JSON.",
      "",
    ]
    for (domain, members) in groups {
      let links = members.map { "[`\($0.identifier)`](#\(anchor($0)))" }
      lines.append(
        "- **[\(domain.name)](#\(anchor(domain.name)))**: " + links.joined(separator: ", "))
    }
    for (domain, members) in groups {
      lines += ["", "## \(domain.name)", "", "Identifiers: `\(domain.patterns)`."]
      for intent in members { lines += section(intent) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One intent: heading, description, summary, parameters, output.
  static func section(_ intent: IntentDescriptor) -> [String] {
    var lines = [
      "", "### `\(intent.identifier)`", "", "**\(intent.title)**. \(intent.description)",
    ]
    let names = Dictionary(
      uniqueKeysWithValues: intent.parameters.map { ($0.name, "`\($0.name)`") })
    let output = cell(DescribeCommand.describe(intent.outputType))
    lines += ["", "Summary: \(intent.summary(with: names)). Returns: \(output).", ""]
    if intent.isLongRunning {
      lines += ["Long-running: the step timeout restarts with each progress report.", ""]
    }
    guard !intent.parameters.isEmpty else {
      lines.append("No parameters.")
      return lines
    }
    lines += ["| parameter | type | value | description |", "| --- | --- | --- | --- |"]
    for parameter in intent.parameters {
      var name = "`\(parameter.name)`"
      if parameter.isInput { name += " (input)" }
      let value: String
      if parameter.isRequired {
        value = "required"
      } else if let fallback = parameter.defaultValue {
        value = "default `\(fallback.jsonValue.serialized())`"
      } else {
        value = "optional"
      }
      var about = parameter.title
      if let description = parameter.description { about += ": " + description }
      lines.append(
        "| \(name) | \(cell(parameter.typeDescription)) | \(cell(value)) | \(cell(about)) |")
    }
    return lines
  }

  /// Text made safe for a table cell: no pipes, no line breaks.
  private static func cell(_ text: String) -> String {
    text.replacingEvery("|", with: "\\|").replacingEvery("\n", with: " ")
  }

  /// The anchor GitHub gives a heading: lowercase, punctuation but `-` dropped, spaces as `-`.
  static func anchor(_ heading: String) -> String {
    String(
      heading.lowercased().compactMap { character -> Character? in
        if character == " " { return "-" }
        return character.isLetter || character.isNumber || character == "-" || character == "_"
          ? character : nil
      })
  }

  private static func anchor(_ intent: IntentDescriptor) -> String {
    anchor(intent.identifier.rawValue)
  }
}
