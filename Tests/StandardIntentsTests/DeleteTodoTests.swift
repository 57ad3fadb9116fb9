import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("todos.delete")
struct DeleteTodoTests {
  let harness: TodoHarness

  init() throws {
    harness = try TodoHarness()
  }

  var yes: IntentInvocation.Options {
    var options = IntentInvocation.Options()
    options.assumeYes = true
    return options
  }

  @Test("deleting needs a confirmation; without anyone to give it, nothing is deleted")
  func needsConfirmation() async throws {
    try harness.add("Buy milk")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("todos.delete", ["todo": .text("milk")])
    }
    #expect(error.code == .confirmationRequired)
    #expect(error.message == "step 'todos.delete' needs confirmation: Delete the todo 'Buy milk'?")
    #expect(try harness.titles() == ["Buy milk"])
  }

  @Test("a declined confirmation deletes nothing")
  func declined() async throws {
    try harness.add("Buy milk")
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run(
        "todos.delete", ["todo": .text("milk")],
        interaction: ScriptedInteraction([.confirmation(false)]))
    }
    #expect(error.code == .confirmationRequired)
    #expect(error.message == "step 'todos.delete' was not confirmed: Delete the todo 'Buy milk'?")
    #expect(try harness.titles() == ["Buy milk"])
  }

  @Test("with yes the todo is deleted, and the result is the deleted todo")
  func confirmed() async throws {
    let todo = try harness.add("Buy milk", due: utc("2026-12-01T09:00:00"), done: true)
    try harness.add("Call mum")
    let interaction = ScriptedInteraction([.confirmation(true)])
    let result = try await harness.run(
      "todos.delete", ["todo": .text(todo.id)], interaction: interaction)
    #expect(result.output == .todo(todo))
    #expect(result.output.todo == todo)
    #expect(result.dialog == "Deleted 'Buy milk'.")
    #expect(interaction.transcript == ["confirm: Delete the todo 'Buy milk'?"])
    #expect(try harness.titles() == ["Call mum"])
  }

  @Test("--yes deletes without asking")
  func assumeYes() async throws {
    let todo = try harness.add("Buy milk")
    let interaction = ScriptedInteraction([])
    let result = try await harness.run(
      "todos.delete", ["todo": .todo(todo)], interaction: interaction, options: yes)
    #expect(result.output.todo?.title == "Buy milk")
    #expect(interaction.transcript.isEmpty)
    #expect(try harness.titles().isEmpty)
  }

  @Test("a todo already deleted fails the step, naming it")
  func alreadyDeleted() async throws {
    let todo = try harness.add("Buy milk")
    _ = try harness.store.delete(id: todo.id)
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("todos.delete", ["todo": .todo(todo)], options: yes)
    }
    #expect(error.code == .failed)
    #expect(
      error.message
        == "step 'todos.delete' (todos.delete) failed: the todo 'Buy milk' no longer exists; "
        + "it may have been deleted")
  }

  @Test("the todo is resolved before confirmation is asked")
  func resolvedFirst() async throws {
    try harness.add("Buy milk")
    try harness.add("Buy milk powder")
    let interaction = ScriptedInteraction([.choice(1), .confirmation(true)])
    let result = try await harness.run(
      "todos.delete", ["todo": .text("milk")], interaction: interaction)
    #expect(result.output.todo?.title == "Buy milk powder")
    #expect(
      interaction.transcript == [
        #"choice todo: ["Buy milk", "Buy milk powder"]"#,
        "confirm: Delete the todo 'Buy milk powder'?",
      ])
    #expect(try harness.titles() == ["Buy milk"])
  }

  @Test("a missing todo asks which one should be deleted")
  func missing() async throws {
    let error = try await #require(throws: IntentFlowError.self) {
      try await harness.run("todos.delete", options: yes)
    }
    #expect(
      error.message == "step 'todos.delete' needs a value for 'todo': Which todo should be deleted?"
    )
  }
}
