import IntentKit
import StrictJSON
import Suggestions
import WorkflowEngine

/// `textDocument/codeAction`: quick fixes that write what a "did you mean" proposes.
///
/// - Each diagnostic of the validator in the range that ends with `did you mean 'S'?` (an
///   unknown intent, parameter, key, input, step or property) becomes a fix that replaces
///   the misspelt text, the quoted name of the message found in the diagnostic's token,
///   with `S`; the fix names the diagnostic it fixes.
/// - A parameter's fixed word that is not one of its words (`"unit": "dya"` of
///   `date.adjust`), which only a run would refuse, becomes a fix to the closest word.
///
/// Edits are ranges in UTF-16 code units, as every position the server sends.
struct CodeActions {
  var document: TextDocument
  var workflow: WorkflowOutline
  var uri: String

  /// The fixes for the byte range `range` (a cursor is an empty range): those of the
  /// diagnostics that touch it, then a fixed word's there.
  func actions(for diagnostics: [Diagnostics.Located], in range: Range<Int>) -> [JSONValue] {
    var actions: [JSONValue] = []
    for located in diagnostics
    where located.bytes.lowerBound <= range.upperBound
      && range.lowerBound <= located.bytes.upperBound
    {
      guard let (replaced, suggestion) = Self.fix(located, in: document.bytes) else { continue }
      actions.append(
        action(
          title: "Change '\(String(decoding: document.bytes[replaced], as: UTF8.self))' to "
            + "'\(suggestion)'",
          replacing: replaced, with: suggestion, diagnostic: located.json))
    }
    if let (replaced, word) = fixedWord(at: range.lowerBound) {
      actions.append(
        action(
          title: "Change '\(String(decoding: document.bytes[replaced], as: UTF8.self))' to "
            + "'\(word)'",
          replacing: replaced, with: word, diagnostic: nil))
    }
    return actions
  }

  private func action(
    title: String, replacing bytes: Range<Int>, with text: String, diagnostic: JSONValue?
  ) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("title", .string(title)), ("kind", "quickfix"),
    ]
    if let diagnostic { members.append(("diagnostics", .array([diagnostic]))) }
    members.append(("isPreferred", true))
    let edit = JSONValue.object([
      ("range", LSP.range(document.range(bytes))), ("newText", .string(text)),
    ])
    members.append(("edit", .object([("changes", .object([(uri, .array([edit]))]))])))
    return .object(members)
  }

  /// What a "did you mean" diagnostic proposes: the bytes to replace and the text to write.
  ///
  /// The misspelt text is the last name the message quotes before `did you mean` that its
  /// token holds (`'todos.add' has no parameter 'titel'` is about `titel`), at its last place
  /// in the token (a property comes after its step: `add.titel`). A suggestion with a prefix
  /// the name lacks (`inputs.title` for `tilte`) replaces the prefixed name when the token
  /// has it.
  static func fix(_ located: Diagnostics.Located, in bytes: [UInt8])
    -> (Range<Int>, String)?
  {
    let message = located.diagnostic.message
    guard let mean = message.firstRange(of: "did you mean '"),
      let close = message[mean.upperBound...].firstRange(of: "'?")
    else { return nil }
    let suggestion = String(message[mean.upperBound..<close.lowerBound])
    let token = Array(bytes[located.bytes])
    let named = quoted(in: message[..<mean.lowerBound]).filter {
      !$0.isEmpty && lastRange(of: Array($0.utf8), in: token) != nil
    }
    guard let misspelt = named.last, misspelt != suggestion else { return nil }
    var target = Array(misspelt.utf8)
    if let dot = suggestion.lastIndex(of: "."), !misspelt.contains(".") {
      let prefixed = Array(suggestion[...dot].utf8) + target
      if lastRange(of: prefixed, in: token) != nil { target = prefixed }
    }
    guard let found = lastRange(of: target, in: token) else { return nil }
    let start = located.bytes.lowerBound
    return ((start + found.lowerBound)..<(start + found.upperBound), suggestion)
  }

  /// The texts between single quotes, in order.
  static func quoted(in text: Substring) -> [String] {
    var result: [String] = []
    var rest = text[...]
    while let open = rest.firstIndex(of: "'") {
      let after = rest.index(after: open)
      guard let end = rest[after...].firstIndex(of: "'") else { break }
      result.append(String(rest[after..<end]))
      rest = rest[rest.index(after: end)...]
    }
    return result
  }

  /// Where `needle` last occurs in `haystack`.
  static func lastRange(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
    guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
    for start in stride(from: haystack.count - needle.count, through: 0, by: -1)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return start..<(start + needle.count)
    }
    return nil
  }

  /// A parameter's literal word at `offset` that is not one of the parameter's words, with
  /// the closest of them; `nil` when it is one, or none is close.
  func fixedWord(at offset: Int) -> (Range<Int>, String)? {
    guard case .value(let path, let node?)? = workflow.outline.place(at: offset),
      node.kind == .string, !node.text.contains("${"),
      case .key(let key)? = path.last, path.count >= 2,
      path[path.count - 2] == .key("parameters")
    else { return nil }
    let step = Array(path.dropLast(2))
    guard workflow.isStep(step),
      let name = workflow.outline.node(at: step)?.string("intent"),
      let parameter = workflow.registry.intent(IntentIdentifier(name))?.parameter(named: key),
      let words = parameter.allowedValues,
      !words.contains(where: { $0.lowercased() == node.text.lowercased() }),
      let closest = Spelling.closest(to: node.text, among: words)
    else { return nil }
    return (node.contentRange, closest)
  }
}
