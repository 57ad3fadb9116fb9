import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("text.replace and text.match")
struct ReplaceMatchTextTests {
  let harness = DataHarness()

  func replace(_ text: String, _ extra: [String: Value]) async throws -> Value {
    try await harness.output("text.replace", extra.merging(["input": .text(text)]) { a, _ in a })
  }

  @Test("plain text is replaced everywhere, case-sensitively by default")
  func plain() async throws {
    #expect(
      try await replace("a cat, a Cat", ["find": .text("cat"), "replacement": .text("dog")])
        == .text("a dog, a Cat"))
    #expect(
      try await replace(
        "a cat, a Cat",
        ["find": .text("cat"), "replacement": .text("dog"), "caseSensitive": .boolean(false)])
        == .text("a dog, a dog"))
  }

  @Test("the replacement is empty by default, and spaces are real values")
  func spaces() async throws {
    #expect(try await replace("a-b-c", ["find": .text("-")]) == .text("abc"))
    #expect(
      try await replace("a b c", ["find": .text(" "), "replacement": .text("_")]) == .text("a_b_c"))
    #expect(
      try await replace("a_b", ["find": .text("_"), "replacement": .text(" ")]) == .text("a b"))
  }

  @Test("with regex, find is a pattern and the replacement may use groups")
  func regex() async throws {
    let output = try await replace(
      "2026-03-29 and 2025-12-01",
      [
        "find": .text(#"(\d{4})-(\d{2})-(\d{2})"#), "replacement": .text("$3.$2.$1"),
        "regex": .boolean(true),
      ])
    #expect(output == .text("29.03.2026 and 01.12.2025"))
    // Without regex, the same text is taken literally.
    #expect(
      try await replace("1+1", ["find": .text("1+1"), "replacement": .text("2")]) == .text("2"))
  }

  @Test("a bad pattern fails naming it and what to check")
  func badRegex() async throws {
    let error = try #require(
      await harness.error(
        "text.replace", ["input": .text("x"), "find": .text("(a"), "regex": .boolean(true)]))
    #expect(error.code == .failed)
    #expect(error.message.contains("'(a' is not a valid regular expression; check 'find'"))
  }

  @Test("empty text to find is asked for")
  func emptyFind() async throws {
    let error = try #require(
      await harness.error("text.replace", ["input": .text("x"), "find": .text("")]))
    #expect(error.code == .needsValue)
    #expect(
      error.message == "step 'text.replace' needs a value for 'find': What should be replaced?")
  }

  @Test("match returns every match in order, lines anchored like grep")
  func match() async throws {
    let log = "INFO start\nERROR disk full\nINFO retry\nERROR disk still full\n"
    let errors = try await harness.output(
      "text.match", ["input": .text(log), "pattern": .text("^ERROR.*$")])
    #expect(errors == .texts("ERROR disk full", "ERROR disk still full"))
    let numbers = try await harness.output(
      "text.match", ["input": .text("a1 b22 c333"), "pattern": .text("[0-9]+")])
    #expect(numbers == .texts("1", "22", "333"))
    let none = try await harness.output(
      "text.match", ["input": .text("abc"), "pattern": .text("x")])
    #expect(none == .list([]))
    let folded = try await harness.output(
      "text.match",
      ["input": .text("Error error"), "pattern": .text("error"), "caseSensitive": .boolean(false)])
    #expect(folded == .texts("Error", "error"))
  }

  @Test("a pattern that does not compile is unsupported before anything runs")
  func badPattern() async throws {
    let error = try #require(
      await harness.error("text.match", ["input": .text("x"), "pattern": .text("[a-")]))
    #expect(error.code == .unsupported)
    #expect(error.parameter == "pattern")
    #expect(error.message.hasPrefix("step 'text.match': 'pattern' is unsupported: '[a-' is not"))
  }
}
