import IntentKit
import Testing
import WorkflowEngine

/// A one-line workflow with input `title` and the given `phrases` value, which starts at
/// column 13: `{"phrases": …`.
private func withPhrases(_ phrases: String) -> String {
  #"{"phrases": \#(phrases), "name": "p", "inputs": {"title": {"type": "text"}}, "#
    + #""steps": [{"intent": "test.echo", "parameters": {"text": "${inputs.title}"}}]}"#
}

@Suite("Decoding a workflow's phrases")
struct WorkflowDecoderPhrasesTests {
  @Test("phrases decode in order; a workflow without them has none")
  func decodes() throws {
    let workflow = try Harness.decode(withPhrases(#"["Add ${title} to my list", "Note ${title}"]"#))
    #expect(workflow.phrases == ["Add ${title} to my list", "Note ${title}"])
    let none = try Harness.decode(#"{"name": "p", "steps": [{"intent": "test.echo"}]}"#)
    #expect(none.phrases.isEmpty)
  }

  @Test("a placeholder that is not an input is reported at its column, with did you mean")
  func unknownPlaceholder() {
    #expect(
      Harness.diagnostics(withPhrases(#"["Add ${titel} now"]"#)) == [
        "test.json:1:19: error: '${titel}' in a phrase is not an input of the workflow; "
          + "did you mean 'title'?"
      ])
    #expect(
      Harness.diagnostics(withPhrases(#"["Go to ${place}"]"#)) == [
        "test.json:1:21: error: '${place}' in a phrase is not an input of the workflow; "
          + "declare it in 'inputs'"
      ])
  }

  @Test("an escape before a placeholder counts as the character it stands for")
  func columnAfterEscape() {
    #expect(
      Harness.diagnostics(withPhrases(#"["\u00e9 ${x}"]"#)) == [
        "test.json:1:22: error: '${x}' in a phrase is not an input of the workflow; "
          + "declare it in 'inputs'"
      ])
  }

  @Test("empty, repeated, unclosed and non-text phrases are each reported")
  func problems() {
    #expect(
      Harness.diagnostics(
        withPhrases(#"["", "Add ${title}", "add   ${title}", 3, "${title} and ${title}", "x ${y"]"#)
      )
        == [
          "test.json:1:14: error: a phrase must not be empty; write the words that run the "
            + "workflow",
          "test.json:1:34: error: the phrase 'add   ${title}' is already declared; remove one of "
            + "them",
          "test.json:1:52: error: a phrase must be text, not a number",
          "test.json:1:69: error: '${title}' appears twice in the phrase; an input takes one "
            + "value",
          "test.json:1:83: error: '${' in a phrase has no closing '}'; write ${NAME} for an input",
        ])
  }

  @Test("phrases must be a list")
  func notAList() {
    #expect(
      Harness.diagnostics(withPhrases(#""Add ${title}""#)) == [
        #"test.json:1:13: error: 'phrases' must be a list of text such as ["Add ${item} to my "#
          + #"list"], not text 'Add ${title}'"#
      ])
  }

  @Test("the placeholders of a phrase, with the offsets of their '$'")
  func placeholders() {
    let found = WorkflowPhrase.placeholders(in: "Buy ${count} ${item}, $5 ${open")
    #expect(found.map(\.offset) == [4, 13, 25])
    #expect(found.map(\.name) == ["count", "item", nil])
  }
}
