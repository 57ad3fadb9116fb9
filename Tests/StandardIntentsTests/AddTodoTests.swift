import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("todos.add")
struct AddTodoTests {
  let harness: TodoHarness

  init() throws {
    harness = try TodoHarness()
  }

  @Test("adds an open todo, returns it and says so")
  func add() async throws {
    let result = try await harness.run("todos.add", ["title": .text("Buy milk")])
    let todo = try #require(result.output.todo)
    #expect(todo.title == "Buy milk")
    #expect(todo.due == nil)
    #expect(!todo.isDone)
    #expect(result.dialog == "Added 'Buy milk'.")
    #expect(try harness.store.todos(ids: [todo.id]) == [todo])
  }

  @Test("a due date is optional and, when given, kept and shown")
  func due() async throws {
    let due = utc("2026-12-01T08:00:00")
    let result = try await harness.run(
      "todos.add", ["title": .text("Buy milk"), "due": .text("2026-12-01T09:00:00+01:00")])
    #expect(result.output.todo?.due == due)
    #expect(result.dialog == "Added 'Buy milk' (due \(local(due))).")
    #expect(try harness.store.find(query: nil, includeDone: false).first?.due == due)
  }

  @Test("a due date that is a date value is taken as is")
  func dueDate() async throws {
    let due = utc("2026-12-24T18:00:00")
    let result = try await harness.run("todos.add", ["title": .text("Bake"), "due": .date(due)])
    #expect(result.output.todo?.due == due)
  }

  @Test("an empty due date means none", arguments: [Value.null, .text(""), .text(" ")])
  func noDue(value: Value) async throws {
    let result = try await harness.run("todos.add", ["title": .text("Buy milk"), "due": value])
    #expect(result.output.todo?.due == nil)
    #expect(result.parameters["due"] == .null)
  }

  @Test("a due date that is not a date is unsupported")
  func badDue() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("todos.add", ["title": .text("Buy milk"), "due": .text("soon")])
    }
    #expect(error.code == .unsupported)
    #expect(
      error.message
        == "step 'todos.add': 'due' is unsupported: 'soon' is not a date (use 2026-12-01, "
        + "2026-12-01T09:00 or 2026-12-01T09:00:00+01:00)")
    #expect(error.parameter == "due")
    #expect(try harness.titles().isEmpty)
  }

  @Test(
    "an empty title asks for one: What's the title?",
    arguments: [Value.null, .text(""), .text("  \n")])
  func emptyTitle(value: Value) async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("todos.add", ["title": value])
    }
    #expect(error.code == .needsValue)
    #expect(error.message == "step 'todos.add' needs a value for 'title': What's the title?")
    #expect(error.parameter == "title")
    #expect(try harness.titles().isEmpty)
  }

  @Test("a missing title is asked for when someone can answer")
  func askedTitle() async throws {
    let interaction = ScriptedInteraction([.value(.text("Buy bread"))])
    let result = try await harness.run("todos.add", interaction: interaction)
    #expect(result.output.todo?.title == "Buy bread")
    #expect(interaction.transcript == ["value title: What's the title?"])
  }

  @Test("the title is trimmed")
  func trimmed() async throws {
    let result = try await harness.run("todos.add", ["title": .text("  Buy milk \n")])
    #expect(result.output.todo?.title == "Buy milk")
    #expect(result.parameters["title"] == .text("Buy milk"))
  }

  @Test("a title of 255 characters is fine; one more is too long", arguments: [1, 255])
  func longestTitle(length: Int) async throws {
    let title = String(repeating: "a", count: length)
    let result = try await harness.run("todos.add", ["title": .text(title)])
    #expect(result.output.todo?.title == title)
  }

  @Test("a title over 255 characters is unsupported as too long", arguments: [256, 1_000])
  func tooLong(length: Int) async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("todos.add", ["title": .text(String(repeating: "a", count: length))])
    }
    #expect(error.code == .unsupported)
    #expect(
      error.message
        == "step 'todos.add': 'title' is unsupported: the title is too long "
        + "(\(length) characters; at most 255)")
    #expect(try harness.titles().isEmpty)
  }

  @Test("the limit counts characters as people see them, not bytes")
  func characters() async throws {
    let title = String(repeating: "👍🏽", count: 255)
    let result = try await harness.run("todos.add", ["title": .text(title)])
    #expect(result.output.todo?.title == title)
  }

  @Test("the limit applies to the title as stored, after trimming")
  func limitAfterTrimming() async throws {
    let title = String(repeating: "a", count: 250)
    let result = try await harness.run(
      "todos.add", ["title": .text(String(repeating: " ", count: 10) + title + "\n")])
    #expect(result.output.todo?.title == title)
  }

  @Test("a too-long answer is asked again with the reason")
  func tooLongAnswer() async throws {
    let interaction = ScriptedInteraction([
      .value(.text(String(repeating: "a", count: 300))), .value(.text("Short")),
    ])
    let result = try await harness.run("todos.add", interaction: interaction)
    #expect(result.output.todo?.title == "Short")
    #expect(interaction.transcript.count == 2)
  }

  @Test("a number or an earlier todo gives its text as the title")
  func coercedTitle() async throws {
    let number = try await harness.run("todos.add", ["title": .integer(42)])
    #expect(number.output.todo?.title == "42")
    let earlier = try #require(number.output.todo)
    let copy = try await harness.run("todos.add", ["title": .todo(earlier)])
    #expect(copy.output.todo?.title == "42")
    #expect(copy.output.todo?.id != earlier.id)
  }
}
