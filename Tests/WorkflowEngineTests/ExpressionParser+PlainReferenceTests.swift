import IntentKit
import Testing

@testable import WorkflowEngine

/// The result of parsing `text` as an expression: the expression, or the syntax error.
private func outcome(_ text: String, plainReferences: Bool) -> Result<
  Expression, ExpressionSyntaxError
> {
  Result { () throws(ExpressionSyntaxError) in
    try ExpressionParser.parse(text, plainReferences: plainReferences)
  }
}

@Suite("Reading plain references in one scan")
struct ExpressionParserPlainReferenceTests {
  @Test(
    "a plain reference, or text that only looks like one, parses as the full parser reads it",
    arguments: [
      "s4", "found", "inputs.title", "a.b.c", "a-b", "a-1", "a--b.c-d", "_x", "x_1.y2",
      "contains", "inputs", "true", "false", "null", "true.x", "null.y", "truex", "nullish.x",
      "nul", "fals", "trues", "nulL", "True",
      "a.", "a..b", ".a", "a.1", "1a", "-a", "a b", " a", "a ", "a.b ", "a[0]", "a.b[0].c",
      "a == b", "a+b", "a-b-c", "é", "aé", "a.é", "",
    ])
  func sameAsFullParser(text: String) {
    let shortcut = outcome(text, plainReferences: true)
    let full = outcome(text, plainReferences: false)
    switch (shortcut, full) {
    case (.success(let fast), .success(let slow)): #expect(fast == slow)
    case (.failure(let fast), .failure(let slow)): #expect(fast == slow)
    default: Issue.record("'\(text)': \(shortcut) in one scan, \(full) by the full parser")
    }
  }

  @Test("a reference with properties keeps each property in order")
  func properties() throws {
    #expect(
      try ExpressionParser.parse("inputs.title.count")
        == .reference(
          Reference(root: "inputs", path: [.property("title"), .property("count")], offset: 0)))
  }

  @Test("in a template, a plain reference keeps the offset of its ${")
  func templateOffsets() throws {
    let template = try Template.parse("ab ${s4.x} cd ${t}")
    #expect(
      template.segments == [
        .text("ab "),
        .expression(
          .reference(Reference(root: "s4", path: [.property("x")], offset: 0)), offset: 3),
        .text(" cd "),
        .expression(.reference(Reference(root: "t", path: [], offset: 0)), offset: 14),
      ])
  }
}
