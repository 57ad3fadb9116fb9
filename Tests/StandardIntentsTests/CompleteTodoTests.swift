import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("todos.complete")
struct CompleteTodoTests {
  let harness: TodoHarness

  init() throws {
    harness = try TodoHarness()
  }

  @Test("a todo entity from an earlier step is completed as it is")
  func entity() async throws {
    let todo = try harness.add("Buy milk")
    let result = try await harness.run("todos.complete", ["todo": .todo(todo)])
    let done = try #require(result.output.todo)
    #expect(done.id == todo.id)
    #expect(done.isDone)
    #expect(result.dialog == "Completed 'Buy milk'.")
    #expect(try harness.store.todos(ids: [todo.id]).first?.isDone == true)
  }

  @Test("an id names the todo, in any case")
  func byID() async throws {
    try harness.add("Call mum")
    let todo = try harness.add("Buy milk")
    for id in [todo.id, todo.id.uppercased()] {
      let result = try await harness.run("todos.complete", ["todo": .text(id)])
      #expect(result.output.todo?.title == "Buy milk")
    }
  }

  @Test("text that names one todo completes it")
  func byText() async throws {
    try harness.add("Buy milk")
    try harness.add("Call mum")
    let result = try await harness.run("todos.complete", ["todo": .text("MUM")])
    #expect(result.output.todo?.title == "Call mum")
    #expect(try harness.titles(includeDone: false) == ["Buy milk"])
  }

  @Test("an exact title wins over todos that only contain it")
  func exactTitle() async throws {
    try harness.add("Buy milk")
    try harness.add("Buy milk powder")
    let result = try await harness.run("todos.complete", ["todo": .text("buy milk")])
    #expect(result.output.todo?.title == "Buy milk")
  }

  @Test("text that names several todos asks which one, listing them")
  func several() async throws {
    let milk = try harness.add("Buy milk")
    let powder = try harness.add("Buy milk powder")
    try harness.add("Call mum")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("todos.complete", ["todo": .text("milk")], step: "done")
    }
    #expect(error.code == .disambiguation)
    #expect(
      error.message
        == "step 'done' needs a choice for 'todo': 2 Todos match 'milk' "
        + "(candidates: 'Buy milk', 'Buy milk powder')")
    #expect(error.parameter == "todo")
    #expect(error.candidates == [.todo(milk), .todo(powder)])
    #expect(try harness.titles(includeDone: false).count == 3)
  }

  @Test("the person's choice settles which todo")
  func choice() async throws {
    try harness.add("Buy milk")
    try harness.add("Buy milk powder")
    let interaction = ScriptedInteraction([.choice(1)])
    let result = try await harness.run(
      "todos.complete", ["todo": .text("milk")], interaction: interaction)
    #expect(result.output.todo?.title == "Buy milk powder")
    #expect(interaction.transcript == [#"choice todo: ["Buy milk", "Buy milk powder"]"#])
  }

  @Test("text that names no todo asks for one, suggesting the open todos")
  func none() async throws {
    try harness.add("Call mum", due: utc("2099-01-01T09:00:00"))
    try harness.add("Buy milk", due: utc("2098-01-01T09:00:00"))
    try harness.add("Paid rent", done: true)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("todos.complete", ["todo": .text("bread")])
    }
    #expect(error.code == .needsValue)
    #expect(
      error.message
        == "step 'todos.complete' needs a value for 'todo': Which todo? (no Todo matches 'bread'); "
        + "suggestions: 'Buy milk', 'Call mum'")
    #expect(error.candidates.compactMap(\.todo).map(\.title) == ["Buy milk", "Call mum"])
  }

  @Test("a missing todo is asked for with the suggestions")
  func missing() async throws {
    try harness.add("Buy milk")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("todos.complete")
    }
    #expect(
      error.message
        == "step 'todos.complete' needs a value for 'todo': Which todo?; suggestions: 'Buy milk'")
    let interaction = ScriptedInteraction([.value(error.candidates[0])])
    let result = try await harness.run("todos.complete", interaction: interaction)
    #expect(result.output.todo?.isDone == true)
  }

  @Test("open todos win over done ones with the same words")
  func openWins() async throws {
    try harness.add("Buy milk", done: true)
    try harness.add("Buy more milk")
    let result = try await harness.run("todos.complete", ["todo": .text("milk")])
    #expect(result.output.todo?.title == "Buy more milk")
  }

  @Test("a todo that is already done says so")
  func alreadyDone() async throws {
    let todo = try harness.add("Buy milk", done: true)
    let byText = try await harness.run("todos.complete", ["todo": .text("milk")])
    #expect(byText.dialog == "'Buy milk' was already done.")
    #expect(byText.output.todo?.isDone == true)
    let byID = try await harness.run("todos.complete", ["todo": .text(todo.id)])
    #expect(byID.dialog == "'Buy milk' was already done.")
  }

  @Test("a todo deleted since an earlier step fails the step, naming it")
  func deleted() async throws {
    let todo = try harness.add("Buy milk")
    _ = try harness.store.delete(id: todo.id)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("todos.complete", ["todo": .todo(todo)])
    }
    #expect(error.code == .failed)
    #expect(
      error.message
        == "step 'todos.complete' (todos.complete) failed: the todo 'Buy milk' no longer exists; "
        + "it may have been deleted")
  }

  @Test("the todo added by one step is completed by the next")
  func chaining() async throws {
    let added = try await harness.run("todos.add", ["title": .text("Buy bread")])
    let result = try await harness.run("todos.complete", ["todo": added.output])
    #expect(result.output.todo?.id == added.output.todo?.id)
    #expect(result.dialog == "Completed 'Buy bread'.")
  }

  @Test("a list of todos is not one todo")
  func list() async throws {
    let milk = try harness.add("Buy milk")
    let mum = try harness.add("Call mum")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("todos.complete", ["todo": .list([.todo(milk), .todo(mum)])])
    }
    #expect(error.code == .unsupported)
    #expect(
      error.message
        == "step 'todos.complete': 'todo' is unsupported: expected one Todo but got a list of 2 "
        + "items; take one item with [0] or use forEach")
    let one = try await harness.run("todos.complete", ["todo": .list([.todo(milk)])])
    #expect(one.output.todo?.title == "Buy milk")
  }
}
