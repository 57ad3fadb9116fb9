// Hot code: typing every expression of a file. It keeps the rules of the paragraph at the top of
// `PlanBuilder.swift` (no copy or allocation per step that a plain reading would not make; see
// Docs/Performance.md).

import IntentKit
import Suggestions

/// Typing the operators of the language for unattended jobs: arithmetic, `??`, computed
/// indexes, and the names the run provides (`now`, `today`, `env.NAME`, `run.id`,
/// `workflow.name`, `workflow.directory`). A combination that can never work is reported
/// before the run, at the operator, like every other type error.
extension PlanBuilder {
  /// The names the run provides, after the names of steps, inputs and loop variables (which
  /// take precedence, so that existing workflows keep their meaning).
  static let runNames = ["now", "today", "env", "run", "workflow"]

  mutating func compileOperation(_ expression: Expression, span: ValueSource.Span, base: Int)
    -> Typed<CompiledExpression>
  {
    switch expression {
    case .arithmetic(let lhs, let op, let rhs, let offset):
      let left = compile(lhs, span: span, base: base)
      let right = compile(rhs, span: span, base: base)
      let location = self.location(in: span, at: base + offset)
      guard let type = Self.arithmeticType(left.type, op, right.type) else {
        error(
          "'\(op.rawValue)' cannot combine \(Self.phrase(left.type)) and "
            + "\(Self.phrase(right.type)) (in '\(Self.bare(expression))'); "
            + Self.arithmeticHint(left.type, op, right.type), at: location)
        return Self.unresolved
      }
      return Typed(
        compiled: .arithmetic(left.compiled, op, right.compiled, location: location), type: type)
    case .negate(let operand, let offset):
      let typed = compile(operand, span: span, base: base)
      let location = self.location(in: span, at: base + offset)
      guard let type = Self.negatedType(typed.type) else {
        error(
          "'-' cannot negate \(Self.phrase(typed.type)) (in '\(expression)'); only "
            + "numbers and durations can be negated", at: location)
        return Self.unresolved
      }
      return Typed(compiled: .negate(typed.compiled, location: location), type: type)
    case .coalesce(let lhs, let rhs):
      let left = compile(lhs, span: span, base: base)
      let right = compile(rhs, span: span, base: base)
      return Typed(
        compiled: .coalesce(left.compiled, right.compiled),
        type: Self.coalescedType(left.type, right.type))
    case .subscripted(let container, let index, let offset):
      let typedContainer = compile(container, span: span, base: base)
      let typedIndex = compile(index, span: span, base: base)
      let location = self.location(in: span, at: base + offset)
      let text = expression.description
      let type: ValueType
      switch typedContainer.type {
      case .any, .dictionary:
        type = .any
      case .list(let element):
        switch typedIndex.type {
        case .integer, .number, .text, .any:
          type = element
        default:
          error(
            "'\(text)': a list is indexed by a whole number, not \(typedIndex.type.article) "
              + "\(typedIndex.type)", at: location)
          return Self.unresolved
        }
      default:
        error(
          "'\(text)': \(typedContainer.type.article) \(typedContainer.type) cannot be indexed; "
            + "only lists and dictionaries can", at: location)
        return Self.unresolved
      }
      return Typed(
        compiled: .subscripted(
          typedContainer.compiled, index: typedIndex.compiled, text: text, location: location),
        type: type)
    case .member(let container, let component, let offset):
      let typed = compile(container, span: span, base: base)
      let location = self.location(in: span, at: base + offset)
      let reference = Reference(root: container.description, path: [component], offset: offset)
      guard let type = pathType(typed.type, [component], reference: reference, at: location)
      else { return Self.unresolved }
      return Typed(
        compiled: .member(
          typed.compiled, [component], text: expression.description, location: location),
        type: type)
    default:
      return compile(expression, span: span, base: base)
    }
  }

  /// Binds `now`, `today`, `env.NAME`, `run.id`, `workflow.name` and `workflow.directory`;
  /// `nil` when the reference names none of them.
  mutating func resolveRunName(_ reference: Reference, at location: SourceLocation)
    -> Typed<CompiledExpression>?
  {
    let compiled: CompiledExpression
    let type: ValueType
    var rest = reference.path
    switch reference.root {
    case "now":
      (compiled, type) = (.runValue(.now), .date)
    case "today":
      (compiled, type) = (.runValue(.today), .date)
    case "env":
      guard case .property(let name)? = rest.first else {
        error("write env.NAME to read the environment variable NAME", at: location)
        return Self.unresolved
      }
      rest.removeFirst()
      (compiled, type) = (.runValue(.environment(name)), .text)
    case "run":
      if let (slot, _) = failureHandler {
        return resolveFailedRun(reference, slot: slot, at: location)
      }
      guard case .property("id")? = rest.first else {
        var message = "'\(reference)': the run has only 'id'; write run.id"
        if case .property(let name)? = rest.first, FailedRunFields.run[name] != nil {
          message += " (run.\(name) is for the workflow's 'onFailure' steps)"
        }
        error(message, at: location)
        return Self.unresolved
      }
      rest.removeFirst()
      (compiled, type) = (.runValue(.runID), .text)
    case "workflow":
      switch rest.first {
      case .property("name")?:
        (compiled, type) = (.literal(.text(workflowName)), .text)
      case .property("directory")?:
        (compiled, type) = (.runValue(.workflowDirectory(path: source.path)), .text)
      default:
        var message = "'\(reference)': the workflow has 'name' and 'directory'"
        if case .property(let name)? = rest.first,
          let suggestion = Spelling.closest(to: name, among: ["name", "directory"])
        {
          message = "'\(reference)': did you mean 'workflow.\(suggestion)'?"
        }
        error(message, at: location)
        return Self.unresolved
      }
      rest.removeFirst()
    default:
      return nil
    }
    guard !rest.isEmpty else { return Typed(compiled: compiled, type: type) }
    guard let pathType = pathType(type, rest, reference: reference, at: location) else {
      return Self.unresolved
    }
    return Typed(
      compiled: .member(compiled, rest, text: reference.description, location: location),
      type: pathType)
  }

  /// For `i-1`, read as one name: a hint that subtraction needs spaces.
  mutating func subtractionHint(_ name: String) -> String? {
    guard let dash = name.firstIndex(of: "-") else { return nil }
    let head = String(name[..<dash])
    let tail = String(name[name.index(after: dash)...])
    var known = Self.runNames.contains(head)
    for index in scopes.indices where !known {
      known = scopes[index].binding(named: head) != nil
    }
    guard known, !tail.isEmpty else { return nil }
    return "; to subtract, put spaces around '-': '\(head) - \(tail)'"
  }

  private mutating func location(in span: ValueSource.Span, at offset: Int) -> SourceLocation {
    let location: SourceLocation
    (location, stringCursor) = source.location(
      in: span, scalarOffset: offset, from: stringCursor)
    return location
  }

  // MARK: Types

  /// The type of `lhs op rhs`, or `nil` when no values of these types can be combined so.
  static func arithmeticType(_ lhs: ValueType, _ op: ArithmeticOperator, _ rhs: ValueType)
    -> ValueType?
  {
    func numeric(_ type: ValueType) -> Bool { type == .integer || type == .number }
    func operand(_ type: ValueType) -> Bool {
      numeric(type) || [.text, .date, .duration, .any].contains(type)
    }
    guard operand(lhs), operand(rhs) else { return nil }
    if lhs == .any || rhs == .any { return .any }
    switch (lhs, op, rhs) {
    case (.date, .add, .duration), (.duration, .add, .date), (.date, .subtract, .duration):
      return .date
    case (.date, .subtract, .date), (.duration, .add, .duration),
      (.duration, .subtract, .duration):
      return .duration
    case (.duration, .multiply, let other), (let other, .multiply, .duration),
      (.duration, .divide, let other):
      return numeric(other) || other == .text ? .duration : nil
    default:
      break
    }
    if numeric(lhs), numeric(rhs) {
      return lhs == .integer && rhs == .integer && op != .divide ? .integer : .number
    }
    // Text (an environment variable, a parsed field) is read as a number at run time.
    if (numeric(lhs) && rhs == .text) || (lhs == .text && numeric(rhs)) { return .number }
    return nil
  }

  private static func arithmeticHint(_ lhs: ValueType, _ op: ArithmeticOperator, _ rhs: ValueType)
    -> String
  {
    if lhs == .text, rhs == .text, op == .add {
      return "to join text, write both in one string: \"${a}${b}\""
    }
    if lhs == .text || rhs == .text {
      return "text is read as a number only next to a number"
    }
    return "arithmetic works on numbers, dates with durations, and durations"
  }

  static func negatedType(_ type: ValueType) -> ValueType? {
    switch type {
    case .integer, .number, .duration, .any: return type
    case .text: return .number
    default: return nil
    }
  }

  static func coalescedType(_ lhs: ValueType, _ rhs: ValueType) -> ValueType {
    if lhs == rhs || rhs == .nothing { return lhs }
    if lhs == .nothing { return rhs }
    if [lhs, rhs].allSatisfy({ $0 == .integer || $0 == .number }) { return .number }
    return .any
  }

  /// A type in a sentence: `text`, `an integer`, `a list of Item`.
  private static func phrase(_ type: ValueType) -> String {
    type == .text ? "text" : "\(type.article) \(type)"
  }

  /// An operation's text without its outer parentheses.
  private static func bare(_ expression: Expression) -> String {
    let text = expression.description
    guard text.hasPrefix("("), text.hasSuffix(")") else { return text }
    return String(text.dropFirst().dropLast())
  }
}
