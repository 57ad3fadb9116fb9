import IntentKit
import Testing
import WorkflowEngine

private func ref(_ root: String, _ path: PathComponent..., at offset: Int) -> Expression {
  .reference(Reference(root: root, path: path, offset: offset))
}

/// The message and offset of the syntax error in `text`, or `nil` when it parses.
private func syntaxError(_ text: String) -> ExpressionSyntaxError? {
  do {
    _ = try Template.parse(text)
    return nil
  } catch {
    return error
  }
}

@Suite("Parsing templates: text with ${…}")
struct TemplateTests {
  @Test(
    "text without expressions is plain", arguments: ["", "hello", "$", "$a", "{}", "a $ {b}", "$$"])
  func plainText(text: String) throws {
    let template = try Template.parse(text)
    #expect(template.isPlainText)
    #expect(template.plainText == text)
    #expect(template.singleExpression == nil)
  }

  @Test("a template that is exactly one ${…} is a single expression")
  func singleExpression() throws {
    let template = try Template.parse("${found[0]}")
    #expect(template.singleExpression == ref("found", .index(0), at: 0))
    #expect(template.segments == [.expression(ref("found", .index(0), at: 0), offset: 0)])
    #expect(!template.isPlainText)
  }

  @Test("spaces around a single ${…} make it text")
  func spacesMakeText() throws {
    let template = try Template.parse(" ${a}")
    #expect(template.singleExpression == nil)
    #expect(template.segments == [.text(" "), .expression(ref("a", at: 0), offset: 1)])
  }

  @Test("text and expressions alternate, each expression with the offset of its ${")
  func segments() throws {
    let template = try Template.parse("Hello ${who}, you owe ${total} €!")
    #expect(
      template.segments == [
        .text("Hello "), .expression(ref("who", at: 0), offset: 6), .text(", you owe "),
        .expression(ref("total", at: 0), offset: 22), .text(" €!"),
      ])
    #expect(template.plainText == "Hello , you owe  €!")
  }

  @Test("offsets count scalars, not bytes, after text in any script")
  func offsetsInScalars() throws {
    let template = try Template.parse("€ ${a} 日本 ${ é == b.ü }")
    #expect(
      template.segments == [
        .text("€ "), .expression(ref("a", at: 0), offset: 2), .text(" 日本 "),
        .expression(.compare(ref("é", at: 1), .equal, ref("b", .property("ü"), at: 6)), offset: 10),
      ])
    let error = try #require(syntaxError("日本 ${ü ==}"))
    #expect(error.offset == 9)
    #expect(error.message == "expected a value at the end of the expression")
  }

  @Test("adjacent expressions have no text between them")
  func adjacent() throws {
    #expect(
      try Template.parse("${a}${b}").segments == [
        .expression(ref("a", at: 0), offset: 0), .expression(ref("b", at: 0), offset: 4),
      ])
  }

  @Test("$${ is a literal ${, also right before a real expression")
  func escapedDollar() throws {
    #expect(try Template.parse("$${a}").plainText == "${a}")
    #expect(
      try Template.parse("cost: $${price} and ${a}").segments == [
        .text("cost: ${price} and "), .expression(ref("a", at: 0), offset: 20),
      ])
    #expect(try Template.parse("$$${a}").plainText == "$${a}")
  }

  @Test("a } inside quotes does not close the expression")
  func quotedBrace() throws {
    #expect(try Template.parse("${'}'}").singleExpression == .literal(.text("}")))
    #expect(
      try Template.parse(#"${x == "a}\"b"}"#).singleExpression
        == .compare(ref("x", at: 0), .equal, .literal(.text(#"a}"b"#))))
  }

  @Test(
    "errors are at the offset in the template's text",
    arguments: [
      ("${a", "'${' is not closed; add '}' (or write '$${' for a literal '${')", 0),
      ("Hello ${who", "'${' is not closed; add '}' (or write '$${' for a literal '${')", 6),
      ("${'}", "'${' is not closed; add '}' (or write '$${' for a literal '${')", 0),
      ("x ${}", "expected an expression", 4),
      ("x ${ }", "expected an expression", 4),
      ("${a b}", "unexpected 'b' after the expression", 4),
      ("ok ${a} then ${b c}", "unexpected 'c' after the expression", 17),
      ("čau ${a b}", "unexpected 'b' after the expression", 8),
    ])
  func errors(text: String, message: String, offset: Int) {
    let error = syntaxError(text)
    #expect(error?.message == message)
    #expect(error?.offset == offset)
  }

  @Test("10,000 nested ${ or ( are refused without exhausting the stack")
  func deepNesting() {
    let parentheses = "${" + String(repeating: "(", count: 10_000) + "}"
    #expect(syntaxError(parentheses)?.message == "the expression nests deeper than 64 levels")
    let unclosed = String(repeating: "${", count: 10_000)
    #expect(syntaxError(unclosed)?.offset == 0)
  }
}
