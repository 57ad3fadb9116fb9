import IntentKit

/// A syntax error in an expression, at a scalar offset within the expression's text.
public struct ExpressionSyntaxError: Error, Sendable, Hashable {
  public var message: String
  /// Offset in Unicode scalars from the start of the parsed text.
  public var offset: Int
}

/// Parses the expression language by recursive descent over Unicode scalars.
///
/// Grammar, lowest precedence first:
/// ```
/// or         := and ('||' and)*
/// and        := unary ('&&' unary)*
/// unary      := '!' unary | comparison
/// comparison := primary (('=='|'!='|'<'|'<='|'>'|'>='|'contains') primary)?
/// primary    := literal | reference | '(' or ')' | '${' or '}'
/// reference  := name ('.' name | '[' integer ']')*
/// ```
/// Nesting is limited, and chains of `&&` and `||` are built as balanced trees, so that
/// hostile input cannot exhaust the stack.
struct ExpressionParser {
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var depth = 0
  private static let maximumDepth = 64

  private init(_ text: some StringProtocol) {
    scalars = Array(text.unicodeScalars)
  }

  /// Parses a whole expression.
  static func parse(_ text: some StringProtocol) throws(ExpressionSyntaxError) -> Expression {
    var parser = ExpressionParser(text)
    parser.skipSpace()
    guard !parser.atEnd else { throw parser.error("expected an expression", at: 0) }
    let expression = try parser.parseOr()
    parser.skipSpace()
    guard parser.atEnd else {
      throw parser.error("unexpected '\(parser.rest(10))' after the expression")
    }
    return expression
  }

  private var atEnd: Bool { index >= scalars.count }
  private var current: Unicode.Scalar? { atEnd ? nil : scalars[index] }

  private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
    index + offset < scalars.count ? scalars[index + offset] : nil
  }

  private func rest(_ limit: Int) -> String {
    var text = String(String.UnicodeScalarView(scalars[index..<min(scalars.count, index + limit)]))
    if index + limit < scalars.count { text += "…" }
    return text
  }

  private func error(_ message: String, at offset: Int? = nil) -> ExpressionSyntaxError {
    ExpressionSyntaxError(message: message, offset: offset ?? index)
  }

  private mutating func skipSpace() {
    while let scalar = current, scalar.properties.isWhitespace { index += 1 }
  }

  private mutating func take(_ text: String) -> Bool {
    skipSpace()
    let wanted = Array(text.unicodeScalars)
    guard index + wanted.count <= scalars.count,
      Array(scalars[index..<index + wanted.count]) == wanted
    else { return false }
    index += wanted.count
    return true
  }

  private mutating func nested<T>(
    _ body: (inout ExpressionParser) throws(ExpressionSyntaxError) -> T
  )
    throws(ExpressionSyntaxError) -> T
  {
    depth += 1
    defer { depth -= 1 }
    guard depth <= Self.maximumDepth else {
      throw error("the expression nests deeper than \(Self.maximumDepth) levels")
    }
    return try body(&self)
  }

  private mutating func parseOr() throws(ExpressionSyntaxError) -> Expression {
    var operands = [try parseAnd()]
    while take("||") { operands.append(try parseAnd()) }
    return Self.balanced(operands[...], Expression.or)
  }

  private mutating func parseAnd() throws(ExpressionSyntaxError) -> Expression {
    var operands = [try parseUnary()]
    while take("&&") { operands.append(try parseUnary()) }
    return Self.balanced(operands[...], Expression.and)
  }

  /// Joins a chain of `&&` or `||` operands as a balanced tree rather than a left-leaning one,
  /// so that a chain of thousands of operands is a dozen levels deep, not thousands: planning
  /// and evaluating recurse once per level and would exhaust the stack. Both operators are
  /// associative, and evaluation still goes left to right. Up to three operands the tree is
  /// the same as grouping from the left.
  private static func balanced(
    _ operands: ArraySlice<Expression>, _ join: (Expression, Expression) -> Expression
  ) -> Expression {
    guard operands.count > 1 else { return operands[operands.startIndex] }
    let middle = operands.startIndex + (operands.count + 1) / 2
    return join(balanced(operands[..<middle], join), balanced(operands[middle...], join))
  }

  private mutating func parseUnary() throws(ExpressionSyntaxError) -> Expression {
    skipSpace()
    if current == "!", peek(1) != "=" {
      index += 1
      return .not(try nested { (parser) throws(ExpressionSyntaxError) in try parser.parseUnary() })
    }
    return try parseComparison()
  }

  private mutating func parseComparison() throws(ExpressionSyntaxError) -> Expression {
    let lhs = try parsePrimary()
    skipSpace()
    for op in [ComparisonOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
    where take(op.rawValue) {
      return .compare(lhs, op, try parsePrimary())
    }
    if takeWord("contains") { return .contains(lhs, try parsePrimary()) }
    if current == "=" {
      throw error("'=' is not an operator; use '==' to compare")
    }
    return lhs
  }

  private mutating func takeWord(_ word: String) -> Bool {
    skipSpace()
    let start = index
    guard take(word) else { return false }
    if let next = current, Self.isNameScalar(next) {
      index = start
      return false
    }
    return true
  }

  private mutating func parsePrimary() throws(ExpressionSyntaxError) -> Expression {
    skipSpace()
    guard let scalar = current else { throw error("expected a value at the end of the expression") }
    switch scalar {
    case "(":
      index += 1
      let inner = try nested { (parser) throws(ExpressionSyntaxError) in try parser.parseOr() }
      guard take(")") else { throw error("expected ')'") }
      return inner
    case "$" where peek(1) == "{":
      index += 2
      let inner = try nested { (parser) throws(ExpressionSyntaxError) in try parser.parseOr() }
      guard take("}") else { throw error("expected '}' to close '${'") }
      return inner
    case "'", "\"":
      return .literal(.text(try parseString(quote: scalar)))
    case "-", "0"..."9":
      return .literal(try parseNumber())
    default:
      guard Self.isNameStart(scalar) else {
        throw error("unexpected '\(rest(1))'; expected a value, a reference or '('")
      }
      return try parseReference()
    }
  }

  private mutating func parseString(quote: Unicode.Scalar) throws(ExpressionSyntaxError) -> String {
    let start = index
    index += 1
    var text = String.UnicodeScalarView()
    while let scalar = current {
      index += 1
      if scalar == quote { return String(text) }
      if scalar == "\\", let next = current {
        index += 1
        switch next {
        case "n": text.append("\n")
        case "t": text.append("\t")
        default: text.append(next)
        }
      } else {
        text.append(scalar)
      }
    }
    throw error("unterminated text literal", at: start)
  }

  private mutating func parseNumber() throws(ExpressionSyntaxError) -> Value {
    let start = index
    if current == "-" { index += 1 }
    while let scalar = current, ("0"..."9").contains(scalar) || scalar == "." { index += 1 }
    let text = String(String.UnicodeScalarView(scalars[start..<index]))
    if let integer = Int(text) { return .integer(integer) }
    if let number = Double(text), number.isFinite { return .number(number) }
    throw error("'\(text)' is not a number", at: start)
  }

  private mutating func parseReference() throws(ExpressionSyntaxError) -> Expression {
    let start = index
    let name = parseName()
    switch name {
    case "true": return .literal(.boolean(true))
    case "false": return .literal(.boolean(false))
    case "null": return .literal(.null)
    default: break
    }
    var path: [PathComponent] = []
    while let scalar = current {
      if scalar == ".", let next = peek(1), Self.isNameStart(next) {
        index += 1
        path.append(.property(parseName()))
      } else if scalar == "[" {
        index += 1
        skipSpace()
        let numberStart = index
        if current == "-" { index += 1 }
        while let digit = current, ("0"..."9").contains(digit) { index += 1 }
        let digits = String(String.UnicodeScalarView(scalars[numberStart..<index]))
        guard let position = Int(digits) else {
          throw error("expected a whole number inside '[ ]'", at: numberStart)
        }
        guard take("]") else { throw error("expected ']'") }
        path.append(.index(position))
      } else {
        break
      }
    }
    return .reference(Reference(root: name, path: path, offset: start))
  }

  private mutating func parseName() -> String {
    let start = index
    while let scalar = current, Self.isNameScalar(scalar) { index += 1 }
    return String(String.UnicodeScalarView(scalars[start..<index]))
  }

  static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar.properties.isAlphabetic
  }

  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    isNameStart(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
  }

  /// Whether `name` can be a step id or a loop variable: a letter or `_`, then letters,
  /// digits, `_` or `-`.
  static func isValidName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, isNameStart(first) else { return false }
    return name.unicodeScalars.allSatisfy(isNameScalar)
  }
}
