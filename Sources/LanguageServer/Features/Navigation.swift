import IntentKit
import StrictJSON
import WorkflowEngine

/// `textDocument/hover`, `textDocument/definition` and `textDocument/documentSymbol`: what a
/// place of a workflow file names, where that is declared, and the file's steps.
struct Navigation {
  var document: TextDocument
  var workflow: WorkflowOutline
  /// The file's path, for the workflow files its steps run (relative to its folder).
  var filePath: String?

  /// A `${…}` around a place: its text up to the end of the component under the place, and
  /// where its name starts.
  struct ReferenceAt {
    var text: String
    var range: Range<Int>
  }

  /// The reference in a string that `offset` is on, if any.
  func reference(in node: Outline.Node, at offset: Int) -> ReferenceAt? {
    let content = node.contentRange
    let bytes = document.bytes
    guard content.contains(offset) || offset == content.upperBound else { return nil }
    // The `${` before the place, with no `}` between.
    var start = offset
    while start > content.lowerBound + 1 {
      if bytes[start - 1] == UInt8(ascii: "}") && start - 1 < offset { return nil }
      if bytes[start - 2] == UInt8(ascii: "$"), bytes[start - 1] == UInt8(ascii: "{") { break }
      start -= 1
    }
    guard start > content.lowerBound + 1, bytes[start - 2] == UInt8(ascii: "$") else { return nil }
    var nameStart = start
    while nameStart < content.upperBound, bytes[nameStart] == UInt8(ascii: " ") { nameStart += 1 }
    // The name and path characters from the name to the end of the component under the place.
    var end = nameStart
    while end < content.upperBound {
      let byte = bytes[end]
      let isName =
        byte >= 0x80
        || (byte < 0x80 && WorkflowOutline.isReferenceCharacter(Character(Unicode.Scalar(byte))))
      guard isName else { break }
      if end >= offset, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") { break }
      end += 1
    }
    guard end > nameStart, offset >= nameStart, offset <= end else { return nil }
    return ReferenceAt(
      text: String(decoding: bytes[nameStart..<end], as: UTF8.self), range: nameStart..<end)
  }

  // MARK: - Hover

  func hover(at offset: Int) -> JSONValue {
    guard let place = workflow.outline.place(at: offset) else { return .null }
    switch place {
    case .key(let path, let key?):
      if path.last == .key("parameters"), let intent = intent(at: Array(path.dropLast())),
        let parameter = intent.parameter(named: key.text)
      {
        return result(Self.describe(parameter), range: key.range)
      }
      return .null
    case .value(let path, let node?) where node.kind == .string:
      if let reference = reference(in: node, at: offset) {
        let scope = workflow.bindings(at: path)
        guard let type = workflow.type(of: reference.text, in: scope) else { return .null }
        return result("`\(reference.text)`: \(type)", range: reference.range)
      }
      if path.last == .key("intent"), let intent = intent(at: Array(path.dropLast())) {
        return result(Self.describe(intent), range: node.range)
      }
      if path.last == .key("id"), workflow.isStep(Array(path.dropLast())),
        let step = workflow.outline.node(at: path.dropLast())
      {
        return result("step `\(node.text)`: \(workflow.outputType(of: step))", range: node.range)
      }
      return .null
    default:
      return .null
    }
  }

  private func intent(at path: [Outline.Component]) -> IntentDescriptor? {
    guard workflow.isStep(path), let name = workflow.outline.node(at: path)?.string("intent")
    else { return nil }
    return workflow.registry.intent(IntentIdentifier(name))
  }

  private func result(_ markdown: String, range: Range<Int>) -> JSONValue {
    .object([
      ("contents", .object([("kind", "markdown"), ("value", .string(markdown))])),
      ("range", LSP.range(document.range(range))),
    ])
  }

  /// An intent in Markdown: identifier and title, description, parameters, output.
  static func describe(_ intent: IntentDescriptor) -> String {
    var lines = ["**\(intent.identifier)** — \(intent.title)", "", intent.description]
    if !intent.parameters.isEmpty {
      lines.append("")
      for parameter in intent.parameters {
        var line = "- `\(parameter.name)` (\(parameter.typeDescription)"
        line += parameter.isRequired ? ", required)" : ")"
        if let description = parameter.description { line += ": " + description }
        lines.append(line)
      }
    }
    lines += ["", "Returns \(intent.outputType)."]
    return lines.joined(separator: "\n")
  }

  /// A parameter in Markdown: name, type, description, fixed words.
  static func describe(_ parameter: ParameterDescriptor) -> String {
    var text = "`\(parameter.name)`: \(parameter.typeDescription)"
    text += parameter.isRequired ? " (required)" : ""
    if let description = parameter.description { text += "\n\n" + description }
    if let allowed = parameter.allowedValues {
      text += "\n\nOne of: " + allowed.map { "`\($0)`" }.joined(separator: ", ")
    }
    return text
  }

  // MARK: - Definition

  func definition(at offset: Int, uri: String) -> JSONValue {
    guard case .value(let path, let node?)? = workflow.outline.place(at: offset),
      node.kind == .string
    else { return .null }
    if let reference = reference(in: node, at: offset),
      let (root, _) = WorkflowOutline.split(reference.text)
    {
      let scope = workflow.bindings(at: path)
      guard let binding = scope.last(where: { $0.name == root }) else { return .null }
      if binding.kind == .inputs, let name = reference.text.split(separator: ".").dropFirst().first,
        let input = workflow.inputs.first(where: { $0.name == name })
      {
        return location(uri, input.node.range)
      }
      guard let declaration = binding.declaration else { return .null }
      return location(uri, declaration.range)
    }
    if path.last == .key("workflow"), workflow.isStep(Array(path.dropLast())) {
      let target = Self.resolve(node.text, relativeTo: filePath ?? "")
      return .object([
        ("uri", .string(DocumentURI.fileURI(target))),
        (
          "range",
          LSP.range(
            TextRange(start: .init(line: 0, character: 0), end: .init(line: 0, character: 0)))
        ),
      ])
    }
    return .null
  }

  private func location(_ uri: String, _ range: Range<Int>) -> JSONValue {
    .object([("uri", .string(uri)), ("range", LSP.range(document.range(range)))])
  }

  /// `target` as a workflow step names it, relative to the folder of the file at `path`.
  static func resolve(_ target: String, relativeTo path: String) -> String {
    if target.hasPrefix("/") { return target }
    guard let slash = path.lastIndex(of: "/") else { return target }
    return String(path[...slash]) + target
  }

  // MARK: - Symbols

  /// The file's steps as `DocumentSymbol`s, nested as the steps are.
  func symbols() -> JSONValue {
    guard let steps = workflow.outline.root?["steps"], steps.kind == .array else {
      return .array([])
    }
    return .array(steps.elements.filter { $0.kind == .object }.map(symbol))
  }

  private func symbol(_ step: Outline.Node) -> JSONValue {
    let markers = ["intent", "forEach", "then", "repeat", "workflow"]
    let marker = markers.first { step[$0] != nil } ?? "step"
    let kindName = marker == "then" ? "if" : marker
    let detail =
      marker == "intent" || marker == "workflow" ? step.string(marker) ?? kindName : kindName
    let name = step.string("id") ?? (marker == "intent" ? detail : kindName)
    let selection = step["id"]?.range ?? step[marker]?.range ?? step.range
    // LSP's SymbolKind: Function for an intent, Module for a workflow, Namespace for a block.
    let kind = marker == "intent" ? 12 : marker == "workflow" ? 2 : 3
    var children: [JSONValue] = []
    for key in ["steps", "then", "else", "onError"] {
      guard let block = step[key], block.kind == .array else { continue }
      children += block.elements.filter { $0.kind == .object }.map(symbol)
    }
    var members: [(key: String, value: JSONValue)] = [
      ("name", .string(name)), ("detail", .string(detail)), ("kind", .integer(kind)),
      ("range", LSP.range(document.range(step.range))),
      ("selectionRange", LSP.range(document.range(selection))),
    ]
    if !children.isEmpty { members.append(("children", .array(children))) }
    return .object(members)
  }
}
