// Hot code: decoding inputs, once per file. It keeps the rules of the paragraph at the top of
// `WorkflowDecoder.swift` (no copy or allocation per step that a plain reading would not make; see
// Docs/Performance.md).

import IntentKit
import StrictJSON

/// `inputs`: the declarations of a workflow's inputs.
extension WorkflowDecoder {
  mutating func decodeInputs(_ node: JSONNode) -> [WorkflowInput] {
    guard case .object(let object) = node.kind else {
      error(
        "'inputs' must be an object from input names to declarations, not \(describe(node))",
        at: node)
      return []
    }
    var inputs: [WorkflowInput] = []
    for member in object.members {
      guard ExpressionParser.isValidName(member.key) else {
        error(
          "'\(member.key)' is not a valid input name; use letters, digits, '_' and '-', "
            + "starting with a letter", at: member.keyPosition)
        continue
      }
      guard case .object(let declaration) = member.value.kind else {
        error(
          "input '\(member.key)' must be an object such as {\"type\": \"text\", \"default\": …}, "
            + "not \(describe(member.value))", at: member.value)
        continue
      }
      checkKeys(declaration, allowed: Self.inputKeys, in: "input '\(member.key)'")
      var typeName = "text"
      var typeLocation = location(member.value)
      if let typeNode = declaration["type"] {
        typeName = text(typeNode, what: "'type'") ?? "text"
        typeLocation = location(typeNode)
      } else if let defaultNode = declaration["default"], defaultNode.kind != .null {
        typeName = Value(json: defaultNode).valueType.keyword
      }
      var input = WorkflowInput(
        name: member.key, location: location(member.keyPosition), typeName: typeName,
        typeLocation: typeLocation,
        defaultValue: declaration["default"].map { Value(json: $0) },
        defaultLocation: declaration["default"].map(location),
        description: declaration["description"].flatMap { text($0, what: "'description'") })
      if let node = declaration["secret"] {
        if case .bool(let secret) = node.kind {
          input.isSecret = secret
          if secret, let value = declaration["default"] {
            source.hideValue(at: value.position.offset)
          }
        } else {
          error("'secret' must be true or false, not \(describe(node))", at: node)
        }
      }
      if let node = declaration["env"], let name = text(node, what: "'env'") {
        if name.isEmpty || name.contains("=") || name.contains("\0") {
          error("'\(name)' is not an environment variable name", at: node)
        } else {
          input.environmentName = name
        }
      }
      inputs.append(input)
    }
    return inputs
  }
}
