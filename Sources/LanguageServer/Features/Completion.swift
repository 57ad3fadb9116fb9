import IntentKit
import StrictJSON
import WorkflowEngine

/// `textDocument/completion`: what can be written at a place of a workflow file.
///
/// Keys where a key goes (the top level's, a step's, an input's, the schedule's, an intent's
/// parameters), values where a value goes (intent identifiers after `"intent":`, a
/// parameter's fixed words, an input's type), and inside `${` the names in scope, then after
/// a `.` the members of the value's type, each with its type in `detail`.
struct Completion {
  var document: TextDocument
  var workflow: WorkflowOutline

  /// LSP's `CompletionItemKind`s used here.
  enum Kind: Int {
    case function = 3, field = 5, variable = 6, module = 9, property = 10, value = 12,
      keyword = 14, enumMember = 20
  }

  /// The items at byte `offset`, in the order they are offered.
  func items(at offset: Int) -> [JSONValue] {
    guard let place = workflow.outline.place(at: offset) else { return [] }
    switch place {
    case .key(let path, let key):
      let existing = Set(workflow.outline.node(at: path)?.members.map(\.key) ?? [])
      let candidates = keys(at: path).filter {
        $0.label == key?.text || !existing.contains($0.label)
      }
      return candidates.map { candidate in
        if let key {
          return item(
            candidate, replacing: key.contentRange.lowerBound..<offset, with: candidate.label)
        }
        return item(candidate, replacing: offset..<offset, with: "\"\(candidate.label)\": ")
      }
    case .value(let path, let node):
      if let node, node.kind == .string {
        let content = node.contentRange
        let before = Array(document.bytes[content.lowerBound..<min(offset, content.upperBound)])
        if let typed = Self.openReference(before) {
          return references(typed, at: path, endingAt: offset)
        }
        return values(at: path).map {
          item($0, replacing: content.lowerBound..<offset, with: $0.label)
        }
      }
      let range = node.map { $0.range.lowerBound..<offset } ?? offset..<offset
      return values(at: path).map { item($0, replacing: range, with: "\"\($0.label)\"") }
    }
  }

  /// One thing that can be written.
  struct Candidate {
    var label: String
    var kind: Kind
    var detail: String?
    var documentation: String?
  }

  private func item(_ candidate: Candidate, replacing range: Range<Int>, with text: String)
    -> JSONValue
  {
    var members: [(key: String, value: JSONValue)] = [
      ("label", .string(candidate.label)), ("kind", .integer(candidate.kind.rawValue)),
    ]
    if let detail = candidate.detail { members.append(("detail", .string(detail))) }
    if let documentation = candidate.documentation {
      members.append(
        ("documentation", .object([("kind", "markdown"), ("value", .string(documentation))])))
    }
    members.append(
      (
        "textEdit",
        .object([("range", LSP.range(document.range(range))), ("newText", .string(text))])
      ))
    return .object(members)
  }

  // MARK: - Keys

  private func keys(at path: [Outline.Component]) -> [Candidate] {
    func keywords(_ list: [WorkflowKeywords.Keyword]) -> [Candidate] {
      list.map { Candidate(label: $0.name, kind: .property, detail: $0.detail) }
    }
    if path.isEmpty { return keywords(WorkflowKeywords.topLevel) }
    if path == [.key("schedule")] { return keywords(WorkflowKeywords.schedule) }
    if path.count == 2, path[0] == .key("inputs") { return keywords(WorkflowKeywords.input) }
    if workflow.isStep(path) { return keywords(WorkflowKeywords.step) }
    if path.last == .key("parameters"), workflow.isStep(Array(path.dropLast())),
      let descriptor = intent(at: Array(path.dropLast()))
    {
      return descriptor.parameters.map { parameter in
        Candidate(
          label: parameter.name, kind: .field,
          detail: parameter.typeDescription + (parameter.isRequired ? "" : "?"),
          documentation: parameter.description)
      }
    }
    return []
  }

  /// The intent the step at `path` names, if it is known.
  private func intent(at path: [Outline.Component]) -> IntentDescriptor? {
    guard let name = workflow.outline.node(at: path)?.string("intent") else { return nil }
    return workflow.registry.intent(IntentIdentifier(name))
  }

  // MARK: - Values

  private func values(at path: [Outline.Component]) -> [Candidate] {
    guard case .key(let key)? = path.last else { return [] }
    let owner = Array(path.dropLast())
    if key == "intent", workflow.isStep(owner) {
      return workflow.registry.intents.map { descriptor in
        Candidate(
          label: descriptor.identifier.rawValue, kind: .function,
          detail: "\(descriptor.title) → \(descriptor.outputType)",
          documentation: descriptor.description)
      }
    }
    if owner.count >= 1, owner.last == .key("parameters"), workflow.isStep(Array(owner.dropLast())),
      let parameter = intent(at: Array(owner.dropLast()))?.parameter(named: key)
    {
      return Self.fixedWords(of: parameter).map {
        Candidate(label: $0, kind: .enumMember, detail: parameter.typeDescription)
      }
    }
    if key == "type", owner.count == 2, owner[0] == .key("inputs") {
      return ValueType.keywords.map { Candidate(label: $0, kind: .keyword, detail: "input type") }
    }
    if workflow.isStep(owner), let keyword = WorkflowKeywords.step.first(where: { $0.name == key })
    {
      return keyword.values.map { Candidate(label: $0, kind: .enumMember, detail: key) }
    }
    if owner == [.key("schedule")],
      let keyword = WorkflowKeywords.schedule.first(where: { $0.name == key })
    {
      return keyword.values.map { Candidate(label: $0, kind: .enumMember, detail: key) }
    }
    return []
  }

  /// The words a parameter takes: its allowed values, or `true` and `false`.
  static func fixedWords(of parameter: ParameterDescriptor) -> [String] {
    if let allowed = parameter.allowedValues { return allowed }
    return parameter.type == .boolean ? ["true", "false"] : []
  }

  // MARK: - References

  /// The text of a `${…}` that is open at the end of `bytes` (a string's text up to the
  /// cursor), from just after its `${`; `nil` when no `${` is open there.
  static func openReference(_ bytes: [UInt8]) -> String? {
    var index = bytes.count - 1
    while index >= 1 {
      if bytes[index] == UInt8(ascii: "}") { return nil }
      if bytes[index] == UInt8(ascii: "{"), bytes[index - 1] == UInt8(ascii: "$") {
        // `$${` is a literal `${`.
        if index >= 2, bytes[index - 2] == UInt8(ascii: "$") { return nil }
        return String(decoding: bytes[(index + 1)...], as: UTF8.self)
      }
      index -= 1
    }
    return nil
  }

  private func references(_ typed: String, at path: [Outline.Component], endingAt offset: Int)
    -> [JSONValue]
  {
    // The reference being written: the name-and-path characters before the cursor.
    let token = String(
      typed.reversed().prefix { WorkflowOutline.isReferenceCharacter($0) }.reversed())
    let scope = workflow.bindings(at: path)
    let candidates: [Candidate]
    let partial: Substring
    if let dot = token.lastIndex(of: ".") {
      partial = token[token.index(after: dot)...]
      candidates = members(after: String(token[..<dot]), in: scope)
    } else {
      partial = Substring(token)
      var seen: Set<String> = []
      candidates = scope.reversed().filter { seen.insert($0.name).inserted }.reversed().map {
        binding in
        switch binding.kind {
        case .inputs:
          return Candidate(label: "inputs", kind: .module, detail: "the workflow's inputs")
        case .run:
          return Candidate(label: binding.name, kind: .keyword, detail: Self.runDetail(binding))
        case .step, .loopVariable:
          return Candidate(label: binding.name, kind: .variable, detail: binding.type.description)
        }
      }
    }
    let start = offset - partial.utf8.count
    return candidates.map { item($0, replacing: start..<offset, with: $0.label) }
  }

  private static func runDetail(_ binding: WorkflowOutline.Binding) -> String {
    switch binding.name {
    case "env": return "environment variables (text)"
    case "run": return "the run (id)"
    case "workflow": return "the workflow (name, directory)"
    default: return binding.type.description
    }
  }

  /// The members of the value that `reference` reads.
  private func members(after reference: String, in scope: [WorkflowOutline.Binding]) -> [Candidate]
  {
    switch reference {
    case "inputs":
      return workflow.inputs.map {
        Candidate(label: $0.name, kind: .field, detail: $0.type.description)
      }
    case "workflow":
      return ["name", "directory"].map { Candidate(label: $0, kind: .field, detail: "text") }
    case "run":
      return [Candidate(label: "id", kind: .field, detail: "text")]
    case "error":
      return ["step", "kind", "message"].map { Candidate(label: $0, kind: .field, detail: "text") }
    default:
      guard let type = workflow.type(of: reference, in: scope) else { return [] }
      return WorkflowOutline.members(of: type).map {
        Candidate(label: $0.name, kind: .field, detail: $0.type.description)
      }
    }
  }
}
