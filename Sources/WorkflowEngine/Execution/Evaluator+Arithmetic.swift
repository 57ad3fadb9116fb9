import IntentKit
import Suggestions

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Arithmetic, negation and computed indexes. The planner has already rejected operands whose
/// types can never work; what is left is data: text that is not a number, a division by zero,
/// an index out of range.
extension Evaluator {
  /// `lhs op rhs`: numbers (whole numbers stay whole, except a division that leaves a
  /// remainder), a date plus or minus a duration, the duration between two dates, and
  /// durations added, subtracted, multiplied or divided by a number.
  static func arithmetic(_ lhs: Value, _ op: ArithmeticOperator, _ rhs: Value)
    throws(EvaluationError) -> Value
  {
    switch (lhs, op, rhs) {
    case (.null, _, _), (_, _, .null):
      let side = lhs == .null ? "left" : "right"
      throw EvaluationError(
        message: "'\(op.rawValue)' needs a value on the \(side), but it is null; write "
          + "'(VALUE ?? 0)' to use a default")
    case (.date(let date), .add, .duration(let duration)),
      (.duration(let duration), .add, .date(let date)):
      return .date(
        try checked {
          try CheckedArithmetic.date(
            date, adding: duration.inSeconds, from: "the result of \(describe(lhs, op, rhs))")
        })
    case (.date(let date), .subtract, .duration(let duration)):
      return .date(
        try checked {
          try CheckedArithmetic.date(
            date, adding: -duration.inSeconds, from: "the result of \(describe(lhs, op, rhs))")
        })
    case (.date(let a), .subtract, .date(let b)):
      return .duration(try seconds(a.timeIntervalSince(b), lhs, op, rhs))
    case (.duration(let a), .add, .duration(let b)):
      return .duration(try seconds(a.inSeconds + b.inSeconds, lhs, op, rhs))
    case (.duration(let a), .subtract, .duration(let b)):
      return .duration(try seconds(a.inSeconds - b.inSeconds, lhs, op, rhs))
    case (.duration(let duration), .multiply, _), (_, .multiply, .duration(let duration)):
      let factor = try operand(lhs.isDuration ? rhs : lhs, op)
      return .duration(try seconds(duration.inSeconds * factor, lhs, op, rhs))
    case (.duration(let duration), .divide, _):
      let divisor = try operand(rhs, op)
      guard divisor != 0 else { throw EvaluationError(message: "division by zero") }
      return .duration(try seconds(duration.inSeconds / divisor, lhs, op, rhs))
    default:
      break
    }
    if let a = wholeNumber(lhs), let b = wholeNumber(rhs) {
      return try wholeArithmetic(a, op, b)
    }
    let a = try operand(lhs, op)
    let b = try operand(rhs, op)
    let result: Double
    switch op {
    case .add: result = a + b
    case .subtract: result = a - b
    case .multiply: result = a * b
    case .divide, .remainder:
      guard b != 0 else { throw EvaluationError(message: "division by zero") }
      result = op == .divide ? a / b : a.truncatingRemainder(dividingBy: b)
    }
    guard result.isFinite else {
      throw EvaluationError(message: "the result of '\(op.rawValue)' is too large")
    }
    return .number(result)
  }

  private static func wholeArithmetic(_ a: Int, _ op: ArithmeticOperator, _ b: Int)
    throws(EvaluationError) -> Value
  {
    let symbol: Character
    switch op {
    case .add: symbol = "+"
    case .subtract: symbol = "-"
    case .multiply: symbol = "*"
    case .divide, .remainder:
      guard b != 0 else { throw EvaluationError(message: "division by zero") }
      // The remainder first, through the checked path: `Int.min % -1` traps in Swift.
      let remainder = try checked { try CheckedArithmetic.whole(a, "%", b) }
      if op == .remainder { return .integer(remainder) }
      if remainder != 0 { return .number(Double(a) / Double(b)) }
      symbol = "/"
    }
    return .integer(try checked { try CheckedArithmetic.whole(a, symbol, b) })
  }

  /// Runs a checked computation, its overflow becoming the step's evaluation error.
  private static func checked<T>(_ body: () throws -> T) throws(EvaluationError) -> T {
    do {
      return try body()
    } catch {
      // Only `CheckedArithmetic` throws in these bodies.
      throw EvaluationError(message: "\(error)")
    }
  }

  /// A duration of `seconds`, the result of `lhs op rhs`.
  private static func seconds(
    _ seconds: Double, _ lhs: Value, _ op: ArithmeticOperator, _ rhs: Value
  )
    throws(EvaluationError) -> Duration
  {
    try checked {
      try CheckedArithmetic.duration(
        seconds: seconds, from: "the result of \(describe(lhs, op, rhs))")
    }
  }

  /// `'a op b'` with the values as text, for messages.
  private static func describe(_ lhs: Value, _ op: ArithmeticOperator, _ rhs: Value) -> String {
    "'\(lhs.textDescription) \(op.rawValue) \(rhs.textDescription)'"
  }

  /// `-operand`: a number or a duration.
  static func negate(_ operand: Value) throws(EvaluationError) -> Value {
    switch operand {
    case .null:
      throw EvaluationError(
        message: "'-' needs a value, but it is null; write '(VALUE ?? 0)' to use a default")
    case .duration(let duration): return .duration(.zero - duration)
    default:
      if let whole = wholeNumber(operand) {
        return .integer(try checked { try CheckedArithmetic.negated(whole) })
      }
      return .number(-(try self.operand(operand, .subtract)))
    }
  }

  /// `container[key]`: a list by a whole number (negative from the end), a dictionary by a
  /// key (as text; a missing key gives null). Null gives null, as paths do.
  static func subscripted(_ container: Value, _ key: Value) throws(EvaluationError) -> Value {
    switch container {
    case .null:
      return .null
    case .list:
      guard let position = wholeNumber(key) else {
        throw EvaluationError(
          message: "a list is indexed by a whole number, not \(key.valueType.keyword) "
            + "'\(key.textDescription)'")
      }
      return try member(of: container, .index(position))
    case .dictionary(let entries):
      return entries[key.textDescription] ?? .null
    default:
      throw EvaluationError(
        message: "\(container.valueType.keyword) cannot be indexed; only lists and "
          + "dictionaries can")
    }
  }

  /// A whole number, from an integer, a number without a fraction, or text that is one.
  static func wholeNumber(_ value: Value) -> Int? {
    switch value {
    case .integer(let integer): return integer
    case .number(let number):
      guard number.rounded() == number, let whole = Int(exactly: number) else { return nil }
      return whole
    case .text(let text):
      return Int(text.trimming(.whitespaces))
    default: return nil
    }
  }

  private static func operand(_ value: Value, _ op: ArithmeticOperator) throws(EvaluationError)
    -> Double
  {
    guard let number = number(value) else {
      throw EvaluationError(
        message: "'\(op.rawValue)' needs numbers, but \(value.valueType.keyword) "
          + "'\(value.textDescription)' is not one")
    }
    return number
  }
}

extension Value {
  fileprivate var isDuration: Bool {
    if case .duration = self { return true }
    return false
  }
}
