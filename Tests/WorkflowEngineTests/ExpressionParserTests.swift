import IntentKit
import Testing

@testable import WorkflowEngine

private func ref(_ root: String, _ path: PathComponent..., at offset: Int) -> Expression {
  .reference(Reference(root: root, path: path, offset: offset))
}

private func parse(_ text: String) throws -> Expression {
  try ExpressionParser.parse(text)
}

/// The message and offset of the syntax error in `text`, or `nil` when it parses.
private func syntaxError(_ text: String) -> ExpressionSyntaxError? {
  do {
    _ = try ExpressionParser.parse(text)
    return nil
  } catch {
    return error
  }
}

@Suite("Parsing expressions")
struct ExpressionParserTests {
  // MARK: Grammar

  @Test("&& binds tighter than ||")
  func andBeforeOr() throws {
    #expect(
      try parse("a || b && c") == .or(ref("a", at: 0), .and(ref("b", at: 5), ref("c", at: 10))))
    #expect(
      try parse("a && b || c") == .or(.and(ref("a", at: 0), ref("b", at: 5)), ref("c", at: 10)))
  }

  @Test("&& and || group from the left")
  func leftAssociative() throws {
    #expect(
      try parse("a || b || c") == .or(.or(ref("a", at: 0), ref("b", at: 5)), ref("c", at: 10)))
    #expect(try parse("a&&b&&c") == .and(.and(ref("a", at: 0), ref("b", at: 3)), ref("c", at: 6)))
  }

  @Test("! binds tighter than && and applies to a whole comparison")
  func notPrecedence() throws {
    #expect(try parse("!a && b") == .and(.not(ref("a", at: 1)), ref("b", at: 6)))
    #expect(try parse("!a == 1") == .not(.compare(ref("a", at: 1), .equal, .literal(.integer(1)))))
    #expect(try parse("!!a") == .not(.not(ref("a", at: 2))))
  }

  @Test("comparisons bind tighter than && and ||")
  func comparisonPrecedence() throws {
    #expect(
      try parse("a == 1 && b != 'x'")
        == .and(
          .compare(ref("a", at: 0), .equal, .literal(.integer(1))),
          .compare(ref("b", at: 10), .notEqual, .literal(.text("x")))))
  }

  @Test(
    "every comparison operator",
    arguments: [
      ("==", ComparisonOperator.equal), ("!=", .notEqual), ("<", .less), ("<=", .lessOrEqual),
      (">", .greater), (">=", .greaterOrEqual),
    ])
  func comparisonOperators(text: String, op: ComparisonOperator) throws {
    #expect(try parse("n \(text) 3") == .compare(ref("n", at: 0), op, .literal(.integer(3))))
    #expect(try parse("n\(text)3") == .compare(ref("n", at: 0), op, .literal(.integer(3))))
  }

  @Test("contains is a word operator; names that start with it are references")
  func containsOperator() throws {
    #expect(try parse("tags contains 'x'") == .contains(ref("tags", at: 0), .literal(.text("x"))))
    #expect(try parse("containsX") == ref("containsX", at: 0))
    #expect(syntaxError("a containsb")?.message == "unexpected 'containsb' after the expression")
  }

  @Test("parentheses override precedence")
  func parentheses() throws {
    #expect(
      try parse("(a || b) && c") == .and(.or(ref("a", at: 1), ref("b", at: 6)), ref("c", at: 12)))
    #expect(try parse("!(a || b)") == .not(.or(ref("a", at: 2), ref("b", at: 7))))
    #expect(try parse("((a))") == ref("a", at: 2))
  }

  @Test("${…} is allowed inside conditions, around any sub-expression")
  func interpolationInConditions() throws {
    #expect(try parse("${a} > 3") == .compare(ref("a", at: 2), .greater, .literal(.integer(3))))
    #expect(try parse("${a && b}") == .and(ref("a", at: 2), ref("b", at: 7)))
    #expect(
      try parse("${n.count} >= ${m}")
        == .compare(ref("n", .property("count"), at: 2), .greaterOrEqual, ref("m", at: 16)))
  }

  @Test("references have properties and indexes, negative ones too")
  func references() throws {
    let expression = try parse("found[0].title")
    #expect(expression == ref("found", .index(0), .property("title"), at: 0))
    #expect(try parse("a.b.c") == ref("a", .property("b"), .property("c"), at: 0))
    #expect(try parse("list[-1]") == ref("list", .index(-1), at: 0))
    #expect(try parse("m[ 2 ]") == ref("m", .index(2), at: 0))
    #expect(try parse("add-2.title") == ref("add-2", .property("title"), at: 0))
    #expect(try parse("čaj.název") == ref("čaj", .property("název"), at: 0))
    guard case .reference(let reference) = expression else { return }
    #expect(reference.description == "found[0].title")
  }

  @Test(
    "literals",
    arguments: [
      ("3", Value.integer(3)), ("-3", .integer(-3)), ("2.5", .number(2.5)), ("-0.5", .number(-0.5)),
      ("true", .boolean(true)), ("false", .boolean(false)), ("null", .null), ("'hi'", .text("hi")),
      ("\"hi\"", .text("hi")), ("''", .text("")),
    ])
  func literals(text: String, value: Value) throws {
    #expect(try parse(text) == .literal(value))
  }

  @Test(
    "string escapes",
    arguments: [
      (#"'it\'s'"#, "it's"), (#""say \"hi\"""#, #"say "hi""#), (#"'a\nb'"#, "a\nb"),
      (#"'a\tb'"#, "a\tb"), (#"'back\\slash'"#, #"back\slash"#), (#"'\q'"#, "q"),
      (#"'"'"#, "\""), (#""'""#, "'"),
    ])
  func escapes(text: String, expected: String) throws {
    #expect(try parse(text) == .literal(.text(expected)))
  }

  @Test("spaces around everything are ignored")
  func whitespace() throws {
    #expect(try parse("  a  ==  1  ") == .compare(ref("a", at: 2), .equal, .literal(.integer(1))))
    #expect(try parse("\ta\n&&\nb") == .and(ref("a", at: 1), ref("b", at: 6)))
  }

  @Test("references are listed in source order")
  func referenceList() throws {
    let expression = try parse("a && (b.c || !d[1]) && 'e' contains f")
    #expect(expression.references.map(\.description) == ["a", "b.c", "d[1]", "f"])
    #expect(expression.references.map(\.offset) == [0, 6, 14, 36])
  }

  // MARK: Errors

  @Test(
    "syntax errors say what is wrong, at the offset of the problem",
    arguments: [
      ("", "expected an expression", 0),
      ("   ", "expected an expression", 0),
      ("a b", "unexpected 'b' after the expression", 2),
      ("a bcdefghijklmnop", "unexpected 'bcdefghijk…' after the expression", 2),
      ("a = b", "'=' is not an operator; use '==' to compare", 2),
      ("a == b == c", "unexpected '== c' after the expression", 7),
      ("(a", "expected ')'", 2),
      ("(a b)", "expected ')'", 3),
      ("${a", "expected '}' to close '${'", 3),
      ("'abc", "unterminated text literal", 0),
      ("x == 'abc", "unterminated text literal", 5),
      ("a[0", "expected ']'", 3),
      ("a[]", "expected an index inside '[ ]'", 2),
      ("1.2.3", "'1.2.3' is not a number", 0),
      ("-", "'-' is not a number", 0),
      ("@", "unexpected '@'; expected a value, a reference or '('", 0),
      ("a ==", "expected a value at the end of the expression", 4),
      ("a &&", "expected a value at the end of the expression", 4),
      ("!", "expected a value at the end of the expression", 1),
      ("a.", "unexpected '.' after the expression", 1),
      ("a && )", "unexpected ')'; expected a value, a reference or '('", 5),
    ])
  func syntaxErrors(text: String, message: String, offset: Int) {
    let error = syntaxError(text)
    #expect(error == ExpressionSyntaxError(message: message, offset: offset))
  }

  @Test("offsets count Unicode scalars, not bytes or characters")
  func scalarOffsets() {
    #expect(syntaxError("'é' b")?.offset == 4)
    #expect(syntaxError("'😀' b")?.offset == 4)
    #expect(syntaxError("'e\u{301}' b")?.offset == 5)
  }

  @Test("nesting is limited, so that hostile input cannot exhaust the stack")
  func deepNesting() throws {
    let limit = "the expression nests deeper than 64 levels"
    #expect(syntaxError(String(repeating: "(", count: 10_000))?.message == limit)
    #expect(syntaxError(String(repeating: "!", count: 10_000) + "a")?.message == limit)
    #expect(syntaxError(String(repeating: "${", count: 10_000))?.message == limit)
    let deepest = String(repeating: "(", count: 64) + "a" + String(repeating: ")", count: 64)
    #expect(try parse(deepest) == ref("a", at: 64))
    #expect(syntaxError("(" + deepest + ")")?.offset == 65)
  }

  @Test("long chains of && and || stay shallow and keep their order")
  func longChains() throws {
    func depth(_ expression: Expression) -> Int {
      switch expression {
      case .literal, .reference: return 1
      case .not(let operand): return 1 + depth(operand)
      case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs),
        .contains(let lhs, let rhs), .arithmetic(let lhs, _, let rhs, _),
        .coalesce(let lhs, let rhs), .subscripted(let lhs, let rhs, _):
        return 1 + max(depth(lhs), depth(rhs))
      case .negate(let operand, _), .member(let operand, _, _): return 1 + depth(operand)
      }
    }
    for op in ["&&", "||"] {
      let names = (0..<10_000).map { "n\($0)" }
      let expression = try parse(names.joined(separator: " \(op) "))
      #expect(depth(expression) <= 15)
      #expect(expression.references.map(\.root) == names)
    }
    #expect(
      try parse("a && b && c && d")
        == .and(.and(ref("a", at: 0), ref("b", at: 5)), .and(ref("c", at: 10), ref("d", at: 15))))
  }

  @Test("a valid name starts with a letter or '_' and goes on with letters, digits, '_' or '-'")
  func names() {
    for name in ["a", "_a", "a-b_c9", "Ünï", "日本"] {
      #expect(ExpressionParser.isValidName(name), "\(name)")
    }
    for name in ["", "9a", "-a", "a b", "a.b", "a$"] {
      #expect(!ExpressionParser.isValidName(name), "\(name)")
    }
  }
}
