import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("text.lowercase, text.titlecase, text.trim and text.compose")
struct TextCaseTests {
  let harness = DataHarness()

  @Test(
    "lowercase changes every letter, beyond ASCII too",
    arguments: [("HELLO World", "hello world"), ("ČAJ", "čaj"), ("ÀÉÎ Õ", "àéî õ")])
  func lowercase(text: String, expected: String) async throws {
    #expect(try await harness.output("text.lowercase", ["input": .text(text)]) == .text(expected))
  }

  @Test(
    "titlecase capitalizes each word and lowercases the rest",
    arguments: [
      ("hello wORLD", "Hello World"), ("it's a well-known fact", "It's A Well-Known Fact"),
      ("  two  spaces ", "  Two  Spaces "), ("ǆungla čaj", "ǅungla Čaj"), ("3rd time", "3rd Time"),
    ])
  func titlecase(text: String, expected: String) async throws {
    #expect(try await harness.output("text.titlecase", ["input": .text(text)]) == .text(expected))
  }

  @Test("trim removes spaces, tabs and line breaks at both ends only")
  func trim() async throws {
    let output = try await harness.output("text.trim", ["input": .text(" \t a  b \r\n\n")])
    #expect(output == .text("a  b"))
  }

  @Test("compose returns its text, and takes the previous output when unset")
  func compose() async throws {
    #expect(
      try await harness.output("text.compose", ["text": .text("Hi, Ada")]) == .text("Hi, Ada"))
    let intent = try #require(StandardIntents.registry.intent("text.compose"))
    #expect(intent.inputParameter?.name == "text")
  }

  @Test("blank text is asked for, as for every text parameter")
  func blank() async throws {
    let error = try #require(await harness.error("text.trim", ["input": .text("   ")]))
    #expect(error.code == .needsValue)
    #expect(error.message == "step 'text.trim' needs a value for 'input': Value for 'Text'?")
  }
}
