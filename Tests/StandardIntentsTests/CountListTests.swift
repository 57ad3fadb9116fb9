import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("list.count")
struct CountListTests {
  let harness: TodoHarness

  init() throws {
    harness = try TodoHarness()
  }

  @Test(
    "a list counts its items; a single value counts as one",
    arguments: [
      (Value.list([.integer(1), .integer(2), .integer(3)]), 3), (.list([]), 0),
      (.list([.list([.integer(1), .integer(2)]), .null]), 2), (.text("one"), 1), (.integer(7), 1),
    ])
  func count(value: Value, count: Int) async throws {
    let result = try await harness.run("list.count", ["input": value])
    #expect(result.output == .integer(count))
  }

  @Test("the todos found by one step are counted by the next")
  func chaining() async throws {
    try harness.add("Buy milk")
    try harness.add("Call mum")
    try harness.add("Pay rent", done: true)
    let found = try await harness.run("todos.find")
    let result = try await harness.run("list.count", ["input": found.output])
    #expect(result.output == .integer(2))
  }

  @Test("a missing list is asked for")
  func missing() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("list.count")
    }
    #expect(error.code == .needsValue)
    #expect(error.message == "step 'list.count' needs a value for 'input': Value for 'List'?")
  }
}
