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
/// comparison := coalesce (('=='|'!='|'<'|'<='|'>'|'>='|'contains') coalesce)?
/// coalesce   := additive ('??' coalesce)?
/// additive   := multiply (('+'|'-') multiply)*
/// multiply   := prefix (('*'|'/'|'%') prefix)*
/// prefix     := '-' prefix | primary
/// primary    := literal | reference | '(' or ')' | '${' or '}'
/// reference  := name ('.' name | '[' integer ']' | '[' or ']')*
/// ```
/// Nesting is limited, chains of `&&` and `||` are built as balanced trees, and an
/// expression has a bounded number of arithmetic operators, so that hostile input cannot
/// exhaust the stack.
struct ExpressionParser {
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var depth = 0
  private static let maximumDepth = 64
  /// Arithmetic and `??` chains are not balanced (`-` is not associative), so their length
  /// bounds how deep the tree is: at most this many such operators in one expression.
  private var operatorCount = 0
  private static let maximumOperators = 256

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
    let lhs = try parseCoalesce()
    skipSpace()
    for op in [ComparisonOperator.equal, .notEqual, .lessOrEqual, .greaterOrEqual, .less, .greater]
    where take(op.rawValue) {
      return .compare(lhs, op, try parseCoalesce())
    }
    if takeWord("contains") { return .contains(lhs, try parseCoalesce()) }
    if current == "=" {
      throw error("'=' is not an operator; use '==' to compare")
    }
    return lhs
  }

  /// `a ?? b ?? c` groups from the right, as in Swift: the first of them that is not null.
  private mutating func parseCoalesce() throws(ExpressionSyntaxError) -> Expression {
    var operands = [try parseAdditive()]
    while take("??") {
      try countOperator()
      operands.append(try parseAdditive())
    }
    var result = operands.removeLast()
    while let lhs = operands.popLast() { result = .coalesce(lhs, result) }
    return result
  }

  private mutating func parseAdditive() throws(ExpressionSyntaxError) -> Expression {
    var lhs = try parseMultiplicative()
    while true {
      skipSpace()
      let offset = index
      let op: ArithmeticOperator
      switch current {
      case "+": op = .add
      case "-": op = .subtract
      default: return lhs
      }
      index += 1
      try countOperator()
      lhs = .arithmetic(lhs, op, try parseMultiplicative(), offset: offset)
    }
  }

  private mutating func parseMultiplicative() throws(ExpressionSyntaxError) -> Expression {
    var lhs = try parsePrefix()
    while true {
      skipSpace()
      let offset = index
      let op: ArithmeticOperator
      switch current {
      case "*": op = .multiply
      case "/": op = .divide
      case "%": op = .remainder
      default: return lhs
      }
      index += 1
      try countOperator()
      lhs = .arithmetic(lhs, op, try parsePrefix(), offset: offset)
    }
  }

  /// A minus sign before a digit is part of a number literal; before anything else it
  /// negates.
  private mutating func parsePrefix() throws(ExpressionSyntaxError) -> Expression {
    skipSpace()
    guard current == "-", let next = peek(1), !("0"..."9").contains(next) else {
      return try parsePrimary()
    }
    let offset = index
    index += 1
    try countOperator()
    return .negate(
      try nested { (parser) throws(ExpressionSyntaxError) in try parser.parsePrefix() },
      offset: offset)
  }

  private mutating func countOperator() throws(ExpressionSyntaxError) {
    operatorCount += 1
    guard operatorCount <= Self.maximumOperators else {
      throw error(
        "the expression has more than \(Self.maximumOperators) operators; split it into steps")
    }
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
    // Once an index is an expression, what follows reads from that expression's value.
    var indexed: Expression?
    while let scalar = current {
      let offset = index
      let component: PathComponent
      if scalar == ".", let next = peek(1), Self.isNameStart(next) {
        index += 1
        component = .property(parseName())
      } else if scalar == "[" {
        index += 1
        if let position = takeWholeNumberIndex() {
          component = .index(position)
        } else {
          skipSpace()
          if current == "]" { throw error("expected an index inside '[ ]'") }
          let inner = try nested { (parser) throws(ExpressionSyntaxError) in try parser.parseOr() }
          guard take("]") else { throw error("expected ']'") }
          let base = indexed ?? .reference(Reference(root: name, path: path, offset: start))
          indexed = .subscripted(base, index: inner, offset: offset)
          continue
        }
      } else {
        break
      }
      if let base = indexed {
        indexed = .member(base, component, offset: offset)
      } else {
        path.append(component)
      }
    }
    return indexed ?? .reference(Reference(root: name, path: path, offset: start))
  }

  /// Reads `0]`, `-1 ]`: a whole-number literal and the closing bracket; leaves the position
  /// unchanged and returns `nil` for any other index.
  private mutating func takeWholeNumberIndex() -> Int? {
    let start = index
    skipSpace()
    let numberStart = index
    if current == "-" { index += 1 }
    while let digit = current, ("0"..."9").contains(digit) { index += 1 }
    let digits = String(String.UnicodeScalarView(scalars[numberStart..<index]))
    if let position = Int(digits), take("]") { return position }
    index = start
    return nil
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
