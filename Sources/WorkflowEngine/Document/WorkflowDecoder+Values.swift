// Hot code: decoding every value of every step. It keeps the rules of the paragraph at the top of
// `WorkflowDecoder.swift` (no copy or allocation per step that a plain reading would not make; see
// Docs/Performance.md).

import IntentKit
import StrictJSON

/// Values: JSON values with `${…}` expressions in their strings.
extension WorkflowDecoder {
  mutating func decodeValue(_ node: JSONNode) -> ValueSource {
    let span = self.span(node)
    switch node.kind {
    case .string(let text):
      do {
        switch try Template.parseValue(text) {
        case .text(let plain): return .literal(.text(plain), span)
        case .template(let template): return .template(template, span)
        }
      } catch {
        self.error(
          "invalid expression: \(error.message)",
          at: source.location(in: span, scalarOffset: error.offset))
        return .literal(.text(text), span)
      }
    case .array(let items):
      return decodeList(items, span: span)
    case .object(let object):
      return .dictionary(object.members.map { ($0.key, decodeValue($0.value)) }, span)
    default:
      return .literal(Value(json: node), span)
    }
  }

  /// A list written out: one literal value when every item is one (nearly always), so that a
  /// long list of numbers or words costs a value per item and not a value source (with its
  /// location) as well; the items' locations are made only for a list that holds expressions.
  private mutating func decodeList(_ items: [JSONNode], span: ValueSource.Span) -> ValueSource {
    guard !items.isEmpty else { return .list([], span) }
    var literals: [Value] = []
    literals.reserveCapacity(items.count)
    for index in items.indices {
      let decoded = decodeValue(items[index])
      if case .literal(let value, _) = decoded {
        literals.append(value)
        continue
      }
      var sources = literals.indices.map { ValueSource.literal(literals[$0], self.span(items[$0])) }
      sources.reserveCapacity(items.count)
      sources.append(decoded)
      for rest in items[(index + 1)...] { sources.append(decodeValue(rest)) }
      return .list(sources, span)
    }
    return .literal(.list(literals), span)
  }
}
