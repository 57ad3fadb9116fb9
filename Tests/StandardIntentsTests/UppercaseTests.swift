import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("text.uppercase")
struct UppercaseTests {
  let harness: TodoHarness

  init() throws {
    harness = try TodoHarness()
  }

  @Test(
    "text becomes capital letters, beyond ASCII too",
    arguments: [
      ("hello", "HELLO"), ("Buy milk", "BUY MILK"), ("čaj", "ČAJ"), ("straße", "STRASSE"),
      ("ǆ", "Ǆ"), ("ΐ", "Ϊ́"), ("123 abc!", "123 ABC!"), ("ALREADY", "ALREADY"),
    ])
  func uppercase(text: String, expected: String) async throws {
    let result = try await harness.run("text.uppercase", ["input": .text(text)])
    #expect(result.output == .text(expected))
    #expect(result.dialog == nil)
  }

  @Test("other values are uppercased as their text")
  func coerced() async throws {
    let todo = try harness.add("Buy milk")
    let cases: [(Value, String)] = [
      (.todo(todo), "BUY MILK"), (.integer(42), "42"), (.boolean(true), "TRUE"),
      (.list([.text("a"), .text("b")]), "A\nB"), (.duration(.seconds(90)), "1M30S"),
    ]
    for (value, expected) in cases {
      #expect(try await harness.run("text.uppercase", ["input": value]).output == .text(expected))
    }
  }

  @Test("missing text is asked for", arguments: [Value.null, .text("")])
  func missing(value: Value) async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("text.uppercase", ["input": value])
    }
    #expect(error.code == .needsValue)
    #expect(error.message == "step 'text.uppercase' needs a value for 'input': Value for 'Text'?")
  }
}
