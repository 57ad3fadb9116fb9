public import IntentKit

/// An expression of the workflow language, as written inside `${…}` and in conditions.
///
/// The language is small on purpose: references (`inputs.title`, `add`, `found[0].title`,
/// `found.count`), literals (`3`, `2.5`, `'text'`, `"text"`, `true`, `false`, `null`),
/// comparisons (`==`, `!=`, `<`, `<=`, `>`, `>=`), `contains`, `!`, `&&`, `||` and parentheses,
/// arithmetic (`+ - * / %`, unary `-`), `??`, and indexes that are expressions
/// (`lines[i]`, `dict[key]`).
///
/// Only the cases that hold expressions are `indirect`: a literal or a reference (most
/// expressions are one reference) is stored inline, without a box of its own.
public enum Expression: Sendable, Hashable {
  case literal(Value)
  case reference(Reference)
  indirect case not(Expression)
  indirect case and(Expression, Expression)
  indirect case or(Expression, Expression)
  indirect case compare(Expression, ComparisonOperator, Expression)
  indirect case contains(Expression, Expression)
  /// `lhs + rhs` and the other arithmetic operators; `offset` is the operator's.
  indirect case arithmetic(Expression, ArithmeticOperator, Expression, offset: Int)
  /// `-operand`; `offset` is the minus sign's.
  indirect case negate(Expression, offset: Int)
  /// `lhs ?? rhs`: the left side unless it is null.
  indirect case coalesce(Expression, Expression)
  /// `base[index]` with an index that is not a whole-number literal; `offset` is the `[`'s.
  indirect case subscripted(Expression, index: Expression, offset: Int)
  /// `.name` or `[0]` read from the value of an expression (after an expression index).
  indirect case member(Expression, PathComponent, offset: Int)

  /// Every reference in the expression, in source order.
  public var references: [Reference] {
    switch self {
    case .literal: return []
    case .reference(let reference): return [reference]
    case .not(let operand): return operand.references
    case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs),
      .contains(let lhs, let rhs), .arithmetic(let lhs, _, let rhs, _), .coalesce(let lhs, let rhs),
      .subscripted(let lhs, let rhs, _):
      return lhs.references + rhs.references
    case .negate(let operand, _), .member(let operand, _, _):
      return operand.references
    }
  }
}

/// A comparison operator.
public enum ComparisonOperator: String, Sendable, Hashable {
  case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<="
  case greater = ">", greaterOrEqual = ">="
}

/// An arithmetic operator.
public enum ArithmeticOperator: String, Sendable, Hashable {
  case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
}

/// A reference to a value: a root name and a path into it.
public struct Reference: Sendable, Hashable, CustomStringConvertible {
  /// `inputs`, a step id, or a loop variable.
  public var root: String
  /// Properties and indexes after the root.
  public var path: [PathComponent]
  /// Where the reference starts, in Unicode scalars from the start of the expression text.
  public var offset: Int

  public init(root: String, path: [PathComponent], offset: Int) {
    self.root = root
    self.path = path
    self.offset = offset
  }

  /// The reference as written: `found[0].title`.
  public var description: String {
    path.reduce(root) { text, component in
      switch component {
      case .property(let name): return text + "." + name
      case .index(let index): return text + "[\(index)]"
      }
    }
  }
}

/// One step of a path: `.title` or `[0]`.
public enum PathComponent: Sendable, Hashable {
  case property(String)
  case index(Int)
}
