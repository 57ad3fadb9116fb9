import CivilTime
import ICUSupport
import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A problem evaluating an expression at run time: an index out of range, a property that
/// a value of unknown type turned out not to have, values that cannot be compared.
struct EvaluationError: Error {
  var message: String
  var location: SourceLocation?
}

/// Evaluates compiled expressions and values against a run's slots.
///
/// The static checks in ``Planner`` already rule out everything knowable; what is left here
/// are the data-dependent cases, reported with the expression's location.
enum Evaluator {
  /// The value of a compiled value; `environment` supplies `now`, `env.NAME` and the like.
  static func value(
    _ value: CompiledValue, _ slots: [Value],
    _ environment: EvaluationEnvironment = EvaluationEnvironment()
  ) throws(EvaluationError) -> Value {
    switch value {
    case .literal(let literal): return literal
    case .expression(let expression): return try evaluate(expression, slots, environment)
    case .interpolation(let segments):
      var text = ""
      for segment in segments {
        switch segment {
        case .text(let piece): text += piece
        case .expression(let expression):
          text += try evaluate(expression, slots, environment).textDescription
        }
      }
      return .text(text)
    case .list(let items):
      var result: [Value] = []
      result.reserveCapacity(items.count)
      for item in items { result.append(try self.value(item, slots, environment)) }
      return .list(result)
    case .dictionary(let members):
      var result: [String: Value] = [:]
      for (key, member) in members { result[key] = try self.value(member, slots, environment) }
      return .dictionary(result)
    }
  }

  /// The value of a compiled expression.
  static func evaluate(
    _ expression: CompiledExpression, _ slots: [Value],
    _ environment: EvaluationEnvironment = EvaluationEnvironment()
  ) throws(EvaluationError) -> Value {
    switch expression {
    case .literal(let value): return value
    case .slot(let slot, let path, let text, let location):
      var value = slots[slot]
      for component in path {
        do {
          value = try member(of: value, component)
        } catch {
          throw EvaluationError(message: "'\(text)': \(error.message)", location: location)
        }
      }
      return value
    case .inputs(let inputs):
      var entries: [String: Value] = [:]
      for (name, slot) in inputs { entries[name] = slots[slot] }
      return .dictionary(entries)
    case .not(let operand):
      return .boolean(!isTrue(try evaluate(operand, slots, environment)))
    case .and(let lhs, let rhs):
      guard isTrue(try evaluate(lhs, slots, environment)) else { return .boolean(false) }
      return .boolean(isTrue(try evaluate(rhs, slots, environment)))
    case .or(let lhs, let rhs):
      if isTrue(try evaluate(lhs, slots, environment)) { return .boolean(true) }
      return .boolean(isTrue(try evaluate(rhs, slots, environment)))
    case .compare(let lhs, let op, let rhs):
      return .boolean(
        try compare(
          try evaluate(lhs, slots, environment), op, try evaluate(rhs, slots, environment)))
    case .contains(let lhs, let rhs):
      return .boolean(
        contains(try evaluate(lhs, slots, environment), try evaluate(rhs, slots, environment)))
    case .arithmetic(let lhs, let op, let rhs, let location):
      let left = try evaluate(lhs, slots, environment)
      let right = try evaluate(rhs, slots, environment)
      do {
        return try arithmetic(left, op, right)
      } catch {
        throw EvaluationError(message: error.message, location: location)
      }
    case .negate(let operand, let location):
      do {
        return try negate(try evaluate(operand, slots, environment))
      } catch {
        throw EvaluationError(message: error.message, location: error.location ?? location)
      }
    case .coalesce(let lhs, let rhs):
      let left = try evaluate(lhs, slots, environment)
      if case .null = left { return try evaluate(rhs, slots, environment) }
      return left
    case .subscripted(let base, let index, let text, let location):
      let container = try evaluate(base, slots, environment)
      let key = try evaluate(index, slots, environment)
      do {
        return try subscripted(container, key)
      } catch {
        throw EvaluationError(message: "'\(text)': \(error.message)", location: location)
      }
    case .member(let base, let path, let text, let location):
      var value = try evaluate(base, slots, environment)
      for component in path {
        do {
          value = try member(of: value, component)
        } catch {
          throw EvaluationError(message: "'\(text)': \(error.message)", location: location)
        }
      }
      return value
    case .runValue(let name):
      return environment.value(of: name)
    }
  }

  /// Reads one path component from a value. `null` stays `null` (a skipped step's output).
  static func member(of value: Value, _ component: PathComponent) throws(EvaluationError) -> Value {
    switch (value, component) {
    case (.null, _):
      return .null
    case (.list(let items), .index(let index)):
      let position = index < 0 ? items.count + index : index
      guard items.indices.contains(position) else {
        throw EvaluationError(
          message: "index \(index) is out of range; the list has \(items.count) "
            + (items.count == 1 ? "item" : "items"))
      }
      return items[position]
    case (.dictionary(let entries), .property(let name)):
      if let entry = entries[name] { return entry }
      return name == "count" ? .integer(entries.count) : .null
    case (.list(let items), .property("count")):
      return .integer(items.count)
    case (.text(let text), .property("count")):
      return .integer(text.count)
    case (.list(let items), .property):
      var result: [Value] = []
      result.reserveCapacity(items.count)
      for item in items { result.append(try member(of: item, component)) }
      return .list(result)
    case (.entity(let entity), .property(let name)):
      guard let property = entity.property(name) else {
        throw EvaluationError(message: "\(entity.typeName) has no property '\(name)'")
      }
      return property
    case (_, .index):
      throw EvaluationError(message: "\(value.valueType.keyword) cannot be indexed; only lists can")
    case (_, .property(let name)):
      throw EvaluationError(message: "\(value.valueType.keyword) has no property '\(name)'")
    }
  }

  /// Truth in conditions: `false`, `null`, zero, empty text or lists, and the texts
  /// `false`, `no` and `0` are false; everything else is true.
  static func isTrue(_ value: Value) -> Bool {
    switch value {
    case .null: return false
    case .boolean(let value): return value
    case .integer(let value): return value != 0
    case .number(let value): return value != 0
    case .text(let text):
      return !["", "false", "no", "0"].contains(
        text.trimming(.whitespaces).lowercased())
    case .list(let items): return !items.isEmpty
    case .dictionary(let entries): return !entries.isEmpty
    case .duration(let duration): return duration != .zero
    case .date, .url, .entity: return true
    }
  }

  static func compare(_ lhs: Value, _ op: ComparisonOperator, _ rhs: Value) throws(EvaluationError)
    -> Bool
  {
    // A record (ShellResult, HTTPResponse) compares as its text form, as wherever text is wanted.
    let lhs = lhs.entity?.isRecord == true ? .text(lhs.textDescription) : lhs
    let rhs = rhs.entity?.isRecord == true ? .text(rhs.textDescription) : rhs
    switch op {
    case .equal: return equal(lhs, rhs)
    case .notEqual: return !equal(lhs, rhs)
    default: break
    }
    guard let order = ordering(lhs, rhs) else {
      throw EvaluationError(
        message: "cannot order \(lhs.valueType.keyword) '\(lhs.textDescription)' and "
          + "\(rhs.valueType.keyword) '\(rhs.textDescription)'")
    }
    switch op {
    case .less: return order < 0
    case .lessOrEqual: return order <= 0
    case .greater: return order > 0
    default: return order >= 0
    }
  }

  /// Equality as people expect it: `3 == 3.0`, `'3' == 3`, entities by id, text exactly.
  static func equal(_ lhs: Value, _ rhs: Value) -> Bool {
    if let a = number(lhs), let b = number(rhs), isNumeric(lhs) || isNumeric(rhs) {
      return a == b
    }
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.null, _), (_, .null): return false
    case (.boolean(let a), .boolean(let b)): return a == b
    case (.boolean(let a), .text), (.text, .boolean(let a)):
      let text = (lhs.isBoolean ? rhs : lhs).textDescription.lowercased()
      return text == (a ? "true" : "false")
    case (.entity(let a), .entity(let b)): return a == b
    case (.list(let a), .list(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { equal($0, $1) }
    case (.date(let a), .date(let b)): return a == b
    case (.duration(let a), .duration(let b)): return a == b
    default: return lhs.textDescription == rhs.textDescription
    }
  }

  private static func ordering(_ lhs: Value, _ rhs: Value) -> Int? {
    if let a = number(lhs), let b = number(rhs) { return a < b ? -1 : a > b ? 1 : 0 }
    switch (lhs, rhs) {
    case (.date(let a), .date(let b)): return a < b ? -1 : a > b ? 1 : 0
    case (.duration(let a), .duration(let b)): return a < b ? -1 : a > b ? 1 : 0
    case (.date(let a), .text(let text)), (.text(let text), .date(let a)):
      guard let b = Timestamp.parse(text, defaultTimeZone: .current) else { return nil }
      let order = a < b ? -1 : a > b ? 1 : 0
      return lhs.isDate ? order : -order
    case (.text(let a), .text(let b)): return a < b ? -1 : a > b ? 1 : 0
    default: return nil
    }
  }

  private static func isNumeric(_ value: Value) -> Bool {
    switch value {
    case .integer, .number: return true
    default: return false
    }
  }

  static func number(_ value: Value) -> Double? {
    switch value {
    case .integer(let value): return Double(value)
    case .number(let value): return value
    case .text(let text):
      // Decimal only: Swift's parser would also read "0x10" and "nan".
      let trimmed = text.trimming(.whitespaces)
      guard !trimmed.isEmpty, trimmed.allSatisfy({ "0123456789+-.eE".contains($0) }) else {
        return nil
      }
      return Double(trimmed)
    default: return nil
    }
  }

  /// `contains`: an item of a list, a key of a dictionary, or text inside text (ignoring case).
  static func contains(_ container: Value, _ element: Value) -> Bool {
    switch container {
    case .null: return false
    case .list(let items): return items.contains { equal($0, element) }
    case .dictionary(let entries): return entries[element.textDescription] != nil
    default:
      let needle = element.textDescription
      guard !needle.isEmpty else { return true }
      return TextComparison.containsIgnoringCase(container.textDescription, needle)
    }
  }
}

extension Value {
  fileprivate var isBoolean: Bool {
    if case .boolean = self { return true }
    return false
  }

  fileprivate var isDate: Bool {
    if case .date = self { return true }
    return false
  }
}
