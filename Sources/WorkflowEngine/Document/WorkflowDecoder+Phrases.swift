// Hot code: decoding phrases, once per file. It keeps the rules of the paragraph at the top of
// `WorkflowDecoder.swift` (no copy or allocation per step that a plain reading would not make; see
// Docs/Performance.md).

import StrictJSON
import Suggestions

/// `phrases`: the words that run a workflow with `intentflow say`.
extension WorkflowDecoder {
  /// `"phrases": ["Add ${item} to my shopping list"]`: each phrase is text, not empty and
  /// not said twice (ignoring case and spacing, as matching does), and each `${NAME}` in it
  /// names an input, once.
  mutating func decodePhrases(_ node: JSONNode, inputs: [WorkflowInput]) -> [String] {
    guard case .array(let items) = node.kind else {
      error(
        "'phrases' must be a list of text such as [\"Add ${item} to my list\"], not "
          + "\(describe(node))", at: node)
      return []
    }
    let names = inputs.map(\.name)
    var phrases: [String] = []
    var seen: Set<String> = []
    for item in items {
      guard let phrase = text(item, what: "a phrase") else { continue }
      let words = phrase.split(whereSeparator: \.isWhitespace).joined(separator: " ")
      guard !words.isEmpty else {
        error("a phrase must not be empty; write the words that run the workflow", at: item)
        continue
      }
      guard seen.insert(words.lowercased()).inserted else {
        error("the phrase '\(phrase)' is already declared; remove one of them", at: item)
        continue
      }
      var placed: Set<String> = []
      var valid = true
      for (offset, name) in WorkflowPhrase.placeholders(in: phrase) {
        let at = source.location(in: span(item), scalarOffset: offset)
        guard let name else {
          error("'${' in a phrase has no closing '}'; write ${NAME} for an input", at: at)
          valid = false
          continue
        }
        if !names.contains(name) {
          var message = "'${\(name)}' in a phrase is not an input of the workflow"
          if let suggestion = Spelling.closest(to: name, among: names) {
            message += "; did you mean '\(suggestion)'?"
          } else {
            message += "; declare it in 'inputs'"
          }
          error(message, at: at)
          valid = false
        } else if !placed.insert(name).inserted {
          error("'${\(name)}' appears twice in the phrase; an input takes one value", at: at)
          valid = false
        }
      }
      if valid { phrases.append(phrase) }
    }
    return phrases
  }
}
