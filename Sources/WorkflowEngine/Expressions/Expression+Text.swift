import IntentKit

/// Expressions written back as text, for messages that quote part of an expression.
extension Expression: CustomStringConvertible {
  /// The expression as it could be written, with parentheses around every operation.
  public var description: String {
    switch self {
    case .literal(let value):
      if case .text(let text) = value { return "'\(text)'" }
      return value == .null ? "null" : value.textDescription
    case .reference(let reference): return reference.description
    case .not(let operand): return "!\(operand)"
    case .and(let lhs, let rhs): return "(\(lhs) && \(rhs))"
    case .or(let lhs, let rhs): return "(\(lhs) || \(rhs))"
    case .compare(let lhs, let op, let rhs): return "(\(lhs) \(op.rawValue) \(rhs))"
    case .contains(let lhs, let rhs): return "(\(lhs) contains \(rhs))"
    case .arithmetic(let lhs, let op, let rhs, _): return "(\(lhs) \(op.rawValue) \(rhs))"
    case .negate(let operand, _): return "-\(operand)"
    case .coalesce(let lhs, let rhs): return "(\(lhs) ?? \(rhs))"
    case .subscripted(let base, let index, _): return "\(base)[\(Self.bare(index))]"
    case .member(let base, .property(let name), _): return "\(base).\(name)"
    case .member(let base, .index(let index), _): return "\(base)[\(index)]"
    }
  }

  /// The text of an expression inside brackets, where its outer parentheses are not needed.
  private static func bare(_ expression: Expression) -> String {
    let text = expression.description
    guard text.hasPrefix("("), text.hasSuffix(")") else { return text }
    return String(text.dropFirst().dropLast())
  }
}
