import IntentKit
import WorkflowEngine

/// A workflow file's steps and names as its outline shows them: which steps enclose a place,
/// which names a `${…}` there can read, and of what types.
///
/// Types come from the last plan of the file (``stepTypes``), then from the intents a step
/// names, so that completion goes on while the file is broken.
struct WorkflowOutline: Sendable {
  var outline: Outline
  var registry: IntentRegistry
  /// The output types the last plan of the file gave its steps, by id.
  var stepTypes: [String: ValueType]

  /// The keys under which a step keeps its steps; the root keeps its own under `steps`.
  static let blockKeys: Set<String> = ["steps", "then", "else", "onError"]

  /// A step that a path goes through.
  struct EnclosingStep: Sendable {
    /// The step's object.
    var node: Outline.Node
    /// The path to the step's object.
    var path: [Outline.Component]
    /// The steps of the block that holds it.
    var siblings: [Outline.Node]
    /// Its position in that block.
    var index: Int
    /// The key the path takes inside the step, if it goes on.
    var into: String?
  }

  /// Every step that `path` goes through, outermost first; the last may be the value at the
  /// end of the path itself.
  func steps(along path: [Outline.Component]) -> [EnclosingStep] {
    var result: [EnclosingStep] = []
    guard var node = outline.root else { return result }
    var position = 0
    while position + 1 < path.count {
      guard case .key(let key) = path[position], case .index(let index) = path[position + 1],
        result.isEmpty ? key == "steps" : Self.blockKeys.contains(key),
        let block = node[key], block.kind == .array, block.elements.indices.contains(index),
        block.elements[index].kind == .object
      else { break }
      if !result.isEmpty { result[result.count - 1].into = key }
      node = block.elements[index]
      position += 2
      var into: String?
      if position < path.count, case .key(let next) = path[position] { into = next }
      result.append(
        EnclosingStep(
          node: node, path: Array(path[..<position]), siblings: block.elements, index: index,
          into: into))
    }
    return result
  }

  /// Whether `path` ends at a step's object.
  func isStep(_ path: [Outline.Component]) -> Bool {
    guard let last = steps(along: path).last else { return false }
    return last.path.count == path.count
  }

  // MARK: - Names

  /// A name that a `${…}` can start with.
  struct Binding: Sendable {
    enum Kind: Sendable { case step, loopVariable, inputs, run }
    var name: String
    var type: ValueType
    var kind: Kind
    /// What declares it: a step's object, a loop's `as` value; `nil` for the run's names.
    var declaration: Outline.Node?
  }

  /// The run's names: `now`, `today`, `env`, `run`, `workflow`.
  static let runNames: [(name: String, type: ValueType)] = [
    ("now", .date), ("today", .date), ("env", .dictionary), ("run", .dictionary),
    ("workflow", .dictionary),
  ]

  /// The names a `${…}` at the end of `path` can read: `inputs`, the earlier steps of each
  /// enclosing block, the loop variables and `error` of the enclosing steps, the run's.
  func bindings(at path: [Outline.Component]) -> [Binding] {
    var result = [
      Binding(
        name: "inputs", type: .dictionary, kind: .inputs, declaration: outline.root?["inputs"])
    ]
    let enclosing = steps(along: path)
    for (level, step) in enclosing.enumerated() {
      for sibling in step.siblings[..<step.index] {
        guard let id = sibling.string("id") else { continue }
        result.append(
          Binding(name: id, type: outputType(of: sibling), kind: .step, declaration: sibling))
      }
      // The names a step gives the blocks inside it (not its own values).
      let inner = level + 1 < enclosing.count ? enclosing[level + 1] : nil
      let key = step.into
      if key == "onError", inner != nil || path.count > step.path.count + 1 {
        result.append(
          Binding(name: "error", type: .dictionary, kind: .loopVariable, declaration: nil))
      }
      guard key == "steps" || key == "where" else { continue }
      if step.node["forEach"] != nil {
        let variable = step.node["as"]
        result.append(
          Binding(
            name: variable?.text ?? "item", type: itemType(of: step, at: path),
            kind: .loopVariable, declaration: variable))
        if let index = step.node["index"], index.kind == .string {
          result.append(
            Binding(name: index.text, type: .integer, kind: .loopVariable, declaration: index))
        }
      } else if step.node["repeat"] != nil, let variable = step.node["as"],
        variable.kind == .string
      {
        result.append(
          Binding(name: variable.text, type: .integer, kind: .loopVariable, declaration: variable))
      }
    }
    result += Self.runNames.map {
      Binding(name: $0.name, type: $0.type, kind: .run, declaration: nil)
    }
    return result
  }

  /// A step's output type: the plan's, else its intent's, else any value.
  func outputType(of step: Outline.Node) -> ValueType {
    if let id = step.string("id"), let type = stepTypes[id] { return type }
    if let intent = step.string("intent"),
      let descriptor = registry.intent(IntentIdentifier(intent))
    {
      return descriptor.outputType
    }
    return .any
  }

  /// The type of a `forEach`'s items, one item of them: known when the items are one
  /// reference whose type is known.
  private func itemType(of loop: EnclosingStep, at path: [Outline.Component]) -> ValueType {
    guard let items = loop.node["forEach"], items.kind == .string,
      let reference = Self.singleReference(items.text)
    else { return .any }
    let scope = bindings(at: loop.path + [.key("forEach")])
    guard let type = self.type(of: reference, in: scope) else { return .any }
    return type.elementType ?? type
  }

  /// The text of `${…}` when `text` is exactly one reference to a name and its path.
  static func singleReference(_ text: String) -> String? {
    guard text.hasPrefix("${"), text.hasSuffix("}"), text.count > 3 else { return nil }
    let inner = String(text.dropFirst(2).dropLast())
    guard inner.allSatisfy({ isReferenceCharacter($0) }) else { return nil }
    return inner
  }

  /// Whether a character may be part of a reference's name or path: `add.title`, `x[0]`.
  static func isReferenceCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || "_-.[]".contains(character)
  }

  // MARK: - Types of references

  /// A reference split into its name and path: `found[0].title` is `found`, `[0]`, `title`.
  static func split(_ reference: String) -> (root: String, path: [PathComponent])? {
    var root = ""
    var path: [PathComponent] = []
    var current = ""
    var inIndex = false
    var seenRoot = false
    func finish() {
      if !seenRoot {
        root = current
        seenRoot = true
      } else if !current.isEmpty {
        path.append(.property(current))
      }
      current = ""
    }
    for character in reference {
      switch character {
      case "." where !inIndex: finish()
      case "[" where !inIndex:
        finish()
        inIndex = true
      case "]" where inIndex:
        inIndex = false
        path.append(.index(Int(current) ?? 0))
        current = ""
      default: current.append(character)
      }
    }
    if !inIndex { finish() }
    return root.isEmpty ? nil : (root, path)
  }

  /// The type of a reference's value, when it can be known.
  func type(of reference: String, in scope: [Binding]) -> ValueType? {
    guard let (root, path) = Self.split(reference) else { return nil }
    guard let binding = scope.last(where: { $0.name == root }) else { return nil }
    switch binding.kind {
    case .inputs:
      guard case .property(let name)? = path.first else { return .dictionary }
      return WorkflowAnalysis.type(of: inputType(name) ?? .any, reading: Array(path.dropFirst()))
    case .run:
      switch (root, path.first) {
      case ("env", .property?), ("run", .property("id")?), ("workflow", .property("name")?),
        ("workflow", .property("directory")?):
        return path.count == 1
          ? .text : WorkflowAnalysis.type(of: .text, reading: Array(path.dropFirst()))
      case (_, nil): return binding.type
      default: return nil
      }
    case .step, .loopVariable:
      return WorkflowAnalysis.type(of: binding.type, reading: path)
    }
  }

  /// The declared inputs, in file order, with their types.
  var inputs: [(name: String, type: ValueType, node: Outline.Node)] {
    guard let inputs = outline.root?["inputs"], inputs.kind == .object else { return [] }
    return inputs.members.map { member in
      let type = member.value?.string("type").flatMap(ValueType.named) ?? .any
      return (member.key, type, member.keyNode)
    }
  }

  private func inputType(_ name: String) -> ValueType? {
    inputs.first { $0.name == name }?.type
  }

  /// The names that can be read after a `.` from a value of `type`, with their types.
  static func members(of type: ValueType) -> [(name: String, type: ValueType)] {
    switch type {
    case .entity(let entity):
      return [("id", .text)] + entity.properties.map { ($0.name, $0.type) }
    case .list(let element):
      let count: [(name: String, type: ValueType)] = [("count", .integer)]
      return count
        + members(of: element).filter { $0.name != "count" }.map { ($0.name, .list($0.type)) }
    case .text, .dictionary: return [("count", .integer)]
    default: return []
    }
  }
}
