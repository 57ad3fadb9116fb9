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
      return .list(items.map { decodeValue($0) }, span)
    case .object(let object):
      return .dictionary(object.members.map { ($0.key, decodeValue($0.value)) }, span)
    default:
      return .literal(Value(json: node), span)
    }
  }
}
