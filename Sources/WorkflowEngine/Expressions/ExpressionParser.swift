import IntentKit

/// A syntax error in an expression, at a scalar offset within the expression's text.
public struct ExpressionSyntaxError: Error, Sendable, Hashable {
  public var message: String
  /// Offset in Unicode scalars from the start of the parsed text.
  public var offset: Int
}

/// Parses the expression language by recursive descent over the UTF-8 bytes of its text.
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
///
/// Every token of the language is ASCII, so the parser reads bytes and decodes a scalar only
/// where a name or whitespace may be non-ASCII. Offsets in errors and references are counted
/// in Unicode scalars, converted from byte positions only when one is reported.
struct ExpressionParser {
  /// The text's bytes, borrowed from the string being parsed (no copy).
  private let bytes: UnsafeBufferPointer<UInt8>
  /// Where the expression's text starts and ends in `bytes`.
  private let start: Int
  private let end: Int
  private var index: Int
  private var depth = 0
  private static let maximumDepth = 64
  /// Arithmetic and `??` chains are not balanced (`-` is not associative), so their length
  /// bounds how deep the tree is: at most this many such operators in one expression.
  private var operatorCount = 0
  private static let maximumOperators = 256
  /// Whether the text is ASCII, so that byte offsets are scalar offsets.
  private let isASCII: Bool
  /// How many scalars come before `countedTo`: references are found in order, so counting
  /// goes on from the previous one instead of from the start.
  private var countedTo: Int
  private var countedScalars = 0

  private init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
    self.bytes = bytes
    self.start = start
    self.end = end
    index = start
    countedTo = start
    isASCII = bytes[start..<end].allSatisfy { $0 < 0x80 }
  }

  /// Parses a whole expression.
  ///
  /// - Parameter plainReferences: Whether a plain reference is read in one scan (see
  ///   ``plainReference(_:from:to:)``); tests turn it off to compare the two ways.
  static func parse(_ text: some StringProtocol, plainReferences: Bool = true)
    throws(ExpressionSyntaxError) -> Expression
  {
    var text = String(text)
    // A native string's bytes are contiguous already: read them in place.
    let result = text.withUTF8 { bytes in
      Result { () throws(ExpressionSyntaxError) in
        try parse(bytes, from: 0, to: bytes.count, plainReferences: plainReferences)
      }
    }
    return try result.get()
  }

  /// Parses the expression in `bytes[start..<end]`; offsets count from `start`.
  static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    plainReferences: Bool = true
  ) throws(ExpressionSyntaxError) -> Expression {
    if plainReferences, let reference = plainReference(bytes, from: start, to: end) {
      return reference
    }
    var parser = ExpressionParser(bytes, from: start, to: end)
    parser.skipSpace()
    guard !parser.atEnd else { throw parser.error("expected an expression", at: start) }
    let expression = try parser.parseOr()
    parser.skipSpace()
    guard parser.atEnd else {
      throw parser.error("unexpected '\(parser.rest(10))' after the expression")
    }
    return expression
  }

  /// The expression when its text is a plain ASCII reference such as `found` or
  /// `inputs.title` (most expressions are): a name, then `.name` parts, nothing else, and not
  /// a literal word. It is what the full parser would make of the text, made in one scan.
  /// `nil` for any other text, which the full parser reads.
  private static func plainReference(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Expression? {
    guard start < end, isASCIINameStart(bytes[start]) else { return nil }
    let dot = UInt8(ascii: ".")
    // One scan to check the text and find where the root ends; names hold no `.`.
    var index = start
    var rootEnd = end
    var parts = 0
    while true {
      index += 1
      while index < end, isASCIINameByte(bytes[index]) { index += 1 }
      if index == end { break }
      guard bytes[index] == dot, index + 1 < end, isASCIINameStart(bytes[index + 1]) else {
        return nil
      }
      if parts == 0 { rootEnd = index }
      parts += 1
      index += 1
    }
    func text(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    if isLiteralWord(UnsafeBufferPointer(rebasing: bytes[start..<rootEnd])) { return nil }
    let root = text(start..<rootEnd)
    var path: [PathComponent] = []
    if parts > 0 {
      path.reserveCapacity(parts)
      var nameStart = rootEnd + 1
      for position in nameStart...end where position == end || bytes[position] == dot {
        path.append(.property(text(nameStart..<position)))
        nameStart = position + 1
      }
    }
    return .reference(Reference(root: root, path: path, offset: 0))
  }

  /// Whether `word` is `true`, `false` or `null`, which read as literals, not names. Compared
  /// byte by byte: a list of the words was made, and freed, for each reference of 4 or 5
  /// letters.
  private static func isLiteralWord(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
    func spells(_ letters: StaticString) -> Bool {
      guard word.count == letters.utf8CodeUnitCount else { return false }
      let expected = letters.utf8Start
      for index in 0..<word.count where word[index] != expected[index] { return false }
      return true
    }
    return spells("true") || spells("false") || spells("null")
  }

  private static func isASCIINameByte(_ byte: UInt8) -> Bool {
    isASCIINameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "-")
  }

  private var atEnd: Bool { index >= end }
  private var current: UInt8? { atEnd ? nil : bytes[index] }

  private func peek(_ offset: Int = 0) -> UInt8? {
    index + offset < end ? bytes[index + offset] : nil
  }

  /// The scalar that starts at `position`, and the bytes it takes.
  private func scalar(at position: Int) -> (Unicode.Scalar, Int)? {
    guard position < end else { return nil }
    var iterator = bytes[position..<end].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
    return (scalar, UTF8.width(scalar))
  }

  /// The number of scalars in `bytes[start..<position]`.
  private func scalarOffset(_ position: Int) -> Int {
    let position = min(position, end)
    if isASCII { return position - start }
    var count = 0
    for byte in bytes[start..<position] where byte & 0xC0 != 0x80 { count += 1 }
    return count
  }

  /// ``scalarOffset(_:)`` for positions met in increasing order, counting each byte once.
  private mutating func scalarOffsetGoingOn(_ position: Int) -> Int {
    if isASCII || position < countedTo { return scalarOffset(position) }
    for byte in bytes[countedTo..<min(position, end)] where byte & 0xC0 != 0x80 {
      countedScalars += 1
    }
    countedTo = min(position, end)
    return countedScalars
  }

  private func rest(_ limit: Int) -> String {
    var stop = index
    var taken = 0
    while stop < end, taken < limit {
      stop += 1
      while stop < end, bytes[stop] & 0xC0 == 0x80 { stop += 1 }
      taken += 1
    }
    var text = String(decoding: bytes[index..<stop], as: UTF8.self)
    if stop < end { text += "…" }
    return text
  }

  private func error(_ message: String, at position: Int? = nil) -> ExpressionSyntaxError {
    ExpressionSyntaxError(message: message, offset: scalarOffset(position ?? index))
  }

  private mutating func skipSpace() {
    while let byte = current {
      switch byte {
      case 0x09...0x0D, 0x20: index += 1
      case ..<0x80: return
      default:
        guard let (scalar, width) = scalar(at: index), scalar.properties.isWhitespace else {
          return
        }
        index += width
      }
    }
  }

  /// Takes an ASCII token, after any space.
  private mutating func take(_ token: StaticString) -> Bool {
    skipSpace()
    let count = token.utf8CodeUnitCount
    guard index + count <= end else { return false }
    let matches = token.withUTF8Buffer { wanted in
      for offset in 0..<count where bytes[index + offset] != wanted[offset] { return false }
      return true
    }
    if matches { index += count }
    return matches
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

  // Each level returns its one operand at once when no operator follows (most expressions
  // are one reference): a list of operands is made only for a chain.

  private mutating func parseOr() throws(ExpressionSyntaxError) -> Expression {
    let first = try parseAnd()
    guard take("||") else { return first }
    var operands = [first]
    repeat { operands.append(try parseAnd()) } while take("||")
    return Self.balanced(operands[...], Expression.or)
  }

  private mutating func parseAnd() throws(ExpressionSyntaxError) -> Expression {
    let first = try parseUnary()
    guard take("&&") else { return first }
    var operands = [first]
    repeat { operands.append(try parseUnary()) } while take("&&")
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
    if current == UInt8(ascii: "!"), peek(1) != UInt8(ascii: "=") {
      index += 1
      return .not(try nested { (parser) throws(ExpressionSyntaxError) in try parser.parseUnary() })
    }
    return try parseComparison()
  }

  private mutating func parseComparison() throws(ExpressionSyntaxError) -> Expression {
    let lhs = try parseCoalesce()
    skipSpace()
    if let op = takeComparison() { return .compare(lhs, op, try parseCoalesce()) }
    if takeWord("contains") { return .contains(lhs, try parseCoalesce()) }
    if current == UInt8(ascii: "=") {
      throw error("'=' is not an operator; use '==' to compare")
    }
    return lhs
  }

  /// `a ?? b ?? c` groups from the right, as in Swift: the first of them that is not null.
  private mutating func parseCoalesce() throws(ExpressionSyntaxError) -> Expression {
    let first = try parseAdditive()
    guard take("??") else { return first }
    var operands = [first]
    repeat {
      try countOperator()
      operands.append(try parseAdditive())
    } while take("??")
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
      case UInt8(ascii: "+"): op = .add
      case UInt8(ascii: "-"): op = .subtract
      default: return lhs
      }
      index += 1
      try countOperator()
      let rhs = try parseMultiplicative()
      lhs = .arithmetic(lhs, op, rhs, offset: scalarOffset(offset))
    }
  }

  private mutating func parseMultiplicative() throws(ExpressionSyntaxError) -> Expression {
    var lhs = try parsePrefix()
    while true {
      skipSpace()
      let offset = index
      let op: ArithmeticOperator
      switch current {
      case UInt8(ascii: "*"): op = .multiply
      case UInt8(ascii: "/"): op = .divide
      case UInt8(ascii: "%"): op = .remainder
      default: return lhs
      }
      index += 1
      try countOperator()
      let rhs = try parsePrefix()
      lhs = .arithmetic(lhs, op, rhs, offset: scalarOffset(offset))
    }
  }

  /// A minus sign before a digit is part of a number literal; before anything else it
  /// negates.
  private mutating func parsePrefix() throws(ExpressionSyntaxError) -> Expression {
    skipSpace()
    guard current == UInt8(ascii: "-"), let next = peek(1),
      !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next)
    else {
      return try parsePrimary()
    }
    let offset = index
    index += 1
    try countOperator()
    let operand = try nested { (parser) throws(ExpressionSyntaxError) in try parser.parsePrefix() }
    return .negate(operand, offset: scalarOffset(offset))
  }

  private mutating func countOperator() throws(ExpressionSyntaxError) {
    operatorCount += 1
    guard operatorCount <= Self.maximumOperators else {
      throw error(
        "the expression has more than \(Self.maximumOperators) operators; split it into steps")
    }
  }

  /// Takes a comparison operator, the longest that matches.
  private mutating func takeComparison() -> ComparisonOperator? {
    guard let first = current else { return nil }
    let second = peek(1)
    let op: ComparisonOperator
    switch (first, second) {
    case (UInt8(ascii: "="), UInt8(ascii: "=")): op = .equal
    case (UInt8(ascii: "!"), UInt8(ascii: "=")): op = .notEqual
    case (UInt8(ascii: "<"), UInt8(ascii: "=")): op = .lessOrEqual
    case (UInt8(ascii: ">"), UInt8(ascii: "=")): op = .greaterOrEqual
    case (UInt8(ascii: "<"), _): op = .less
    case (UInt8(ascii: ">"), _): op = .greater
    default: return nil
    }
    index += op.rawValue.utf8.count
    return op
  }

  private mutating func takeWord(_ word: StaticString) -> Bool {
    skipSpace()
    let start = index
    guard take(word) else { return false }
    if isNameScalar(at: index) {
      index = start
      return false
    }
    return true
  }

  private mutating func parsePrimary() throws(ExpressionSyntaxError) -> Expression {
    skipSpace()
    guard let byte = current else { throw error("expected a value at the end of the expression") }
    switch byte {
    case UInt8(ascii: "("):
      index += 1
      let inner = try nested { (parser) throws(ExpressionSyntaxError) in try parser.parseOr() }
      guard take(")") else { throw error("expected ')'") }
      return inner
    case UInt8(ascii: "$") where peek(1) == UInt8(ascii: "{"):
      index += 2
      let inner = try nested { (parser) throws(ExpressionSyntaxError) in try parser.parseOr() }
      guard take("}") else { throw error("expected '}' to close '${'") }
      return inner
    case UInt8(ascii: "'"), UInt8(ascii: "\""):
      return .literal(.text(try parseString(quote: byte)))
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .literal(try parseNumber())
    default:
      guard isNameStart(at: index) else {
        throw error("unexpected '\(rest(1))'; expected a value, a reference or '('")
      }
      return try parseReference()
    }
  }

  private mutating func parseString(quote: UInt8) throws(ExpressionSyntaxError) -> String {
    let opening = index
    index += 1
    var text: [UInt8] = []
    while let byte = current {
      index += 1
      if byte == quote { return String(decoding: text, as: UTF8.self) }
      if byte == UInt8(ascii: "\\"), let next = current {
        switch next {
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "t"): text.append(0x09)
        default: text.append(next)
        }
        index += 1
        // An escaped non-ASCII scalar keeps its continuation bytes.
        while let byte = current, byte & 0xC0 == 0x80 {
          text.append(byte)
          index += 1
        }
      } else {
        text.append(byte)
      }
    }
    throw error("unterminated text literal", at: opening)
  }

  private mutating func parseNumber() throws(ExpressionSyntaxError) -> Value {
    let opening = index
    if current == UInt8(ascii: "-") { index += 1 }
    while let byte = current,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
    {
      index += 1
    }
    let text = String(decoding: bytes[opening..<index], as: UTF8.self)
    if let integer = Int(text) { return .integer(integer) }
    if let number = Double(text), number.isFinite { return .number(number) }
    throw error("'\(text)' is not a number", at: opening)
  }

  private mutating func parseReference() throws(ExpressionSyntaxError) -> Expression {
    let opening = index
    let name = parseName()
    switch name {
    case "true": return .literal(.boolean(true))
    case "false": return .literal(.boolean(false))
    case "null": return .literal(.null)
    default: break
    }
    let root = scalarOffsetGoingOn(opening)
    var path: [PathComponent] = []
    // Once an index is an expression, what follows reads from that expression's value.
    var indexed: Expression?
    while let byte = current {
      let offset = index
      let component: PathComponent
      if byte == UInt8(ascii: "."), isNameStart(at: index + 1) {
        index += 1
        component = .property(parseName())
      } else if byte == UInt8(ascii: "[") {
        index += 1
        if let position = takeWholeNumberIndex() {
          component = .index(position)
        } else {
          skipSpace()
          if current == UInt8(ascii: "]") { throw error("expected an index inside '[ ]'") }
          let inner = try nested { (parser) throws(ExpressionSyntaxError) in try parser.parseOr() }
          guard take("]") else { throw error("expected ']'") }
          let base = indexed ?? .reference(Reference(root: name, path: path, offset: root))
          indexed = .subscripted(base, index: inner, offset: scalarOffset(offset))
          continue
        }
      } else {
        break
      }
      if let base = indexed {
        indexed = .member(base, component, offset: scalarOffset(offset))
      } else {
        path.append(component)
      }
    }
    return indexed ?? .reference(Reference(root: name, path: path, offset: root))
  }

  /// Reads `0]`, `-1 ]`: a whole-number literal and the closing bracket; leaves the position
  /// unchanged and returns `nil` for any other index.
  private mutating func takeWholeNumberIndex() -> Int? {
    let start = index
    skipSpace()
    let numberStart = index
    if current == UInt8(ascii: "-") { index += 1 }
    while let digit = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) {
      index += 1
    }
    if let position = Int(String(decoding: bytes[numberStart..<index], as: UTF8.self)),
      take("]")
    {
      return position
    }
    index = start
    return nil
  }

  private mutating func parseName() -> String {
    let opening = index
    while isNameScalar(at: index) {
      index += bytes[index] < 0x80 ? 1 : scalar(at: index)?.1 ?? 1
    }
    return String(decoding: bytes[opening..<index], as: UTF8.self)
  }

  private func isNameStart(at position: Int) -> Bool {
    guard position < end else { return false }
    let byte = bytes[position]
    if byte < 0x80 { return Self.isASCIINameStart(byte) }
    return scalar(at: position).map { Self.isNameStart($0.0) } ?? false
  }

  private func isNameScalar(at position: Int) -> Bool {
    guard position < end else { return false }
    let byte = bytes[position]
    if byte < 0x80 {
      return Self.isASCIINameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "-")
    }
    return scalar(at: position).map { Self.isNameScalar($0.0) } ?? false
  }

  private static func isASCIINameStart(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || byte == UInt8(ascii: "_")
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
    // Over the bytes in place: walking a string's UTF-8 view costs several times as much.
    var name = name
    // One pass: any byte past ASCII sends the name to the scalar check below.
    let ascii = name.withUTF8 { bytes -> Bool? in
      guard let first = bytes.first, first < 0x80 else { return nil }
      var valid = isASCIINameStart(first)
      for index in 1..<bytes.count {
        guard bytes[index] < 0x80 else { return nil }
        if !isASCIINameByte(bytes[index]) { valid = false }
      }
      return valid
    }
    if let ascii { return ascii }
    guard let first = name.unicodeScalars.first, isNameStart(first) else { return false }
    return name.unicodeScalars.allSatisfy(isNameScalar)
  }
}
