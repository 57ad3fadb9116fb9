import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("todos.find")
struct FindTodosTests {
  let harness: TodoHarness
  let past = utc("2001-01-01T09:00:00")
  let future = utc("2099-12-01T09:00:00")
  let later = utc("2099-12-24T18:00:00")

  init() throws {
    harness = try TodoHarness()
  }

  func titles(_ result: IntentInvocation.Result) -> [String] {
    result.output.todos.map(\.title)
  }

  @Test("lists the open todos, earliest due first and undated last")
  func open() async throws {
    try harness.add("Undated")
    try harness.add("Later", due: later)
    try harness.add("Sooner", due: future)
    try harness.add("Done", due: past, done: true)
    let result = try await harness.run("todos.find")
    #expect(titles(result) == ["Sooner", "Later", "Undated"])
    #expect(result.dialog == "Found 3 open todos.")
  }

  @Test("with includeDone, done todos are listed too")
  func includeDone() async throws {
    try harness.add("Undated")
    try harness.add("Done", due: past, done: true)
    let result = try await harness.run("todos.find", ["includeDone": .boolean(true)])
    #expect(titles(result) == ["Done", "Undated"])
    #expect(result.dialog == "Found 2 todos.")
    let yes = try await harness.run("todos.find", ["includeDone": .text("yes")])
    #expect(titles(yes) == ["Done", "Undated"])
  }

  @Test(
    "the query matches part of a title, ignoring case, beyond ASCII too",
    arguments: [
      ("čaj", ["Koupit čaj", "ZELENÝ ČAJ"]), ("ČAJ", ["Koupit čaj", "ZELENÝ ČAJ"]),
      ("koupit", ["Koupit čaj"]), ("milk", ["Buy milk"]), ("MILK", ["Buy milk"]), ("rum", []),
    ])
  func query(text: String, expected: [String]) async throws {
    for title in ["Koupit čaj", "ZELENÝ ČAJ", "Buy milk"] { try harness.add(title) }
    let result = try await harness.run("todos.find", ["query": .text(text)])
    #expect(titles(result) == expected)
  }

  @Test("an empty query lists everything", arguments: [Value.null, .text(""), .text("   ")])
  func emptyQuery(value: Value) async throws {
    try harness.add("Buy milk")
    try harness.add("Call mum")
    let result = try await harness.run("todos.find", ["query": value])
    #expect(titles(result) == ["Buy milk", "Call mum"])
    #expect(result.parameters["query"] == .null)
  }

  @Test("the dialog counts in the singular and the plural")
  func dialogs() async throws {
    let none = try await harness.run("todos.find")
    #expect(none.dialog == "Found 0 open todos.")
    #expect(none.output == .list([]))
    #expect(none.snippet == nil)
    try harness.add("Buy milk")
    #expect(try await harness.run("todos.find").dialog == "Found 1 open todo.")
    #expect(
      try await harness.run("todos.find", ["includeDone": .boolean(true)]).dialog == "Found 1 todo."
    )
  }

  @Test("the snippet lists one todo a line, with a box, the due date, and overdue ones marked")
  func snippet() async throws {
    try harness.add("Pay rent", due: past)
    try harness.add("Filed taxes", due: past, done: true)
    try harness.add("Buy milk", due: future)
    try harness.add("Call mum")
    let result = try await harness.run("todos.find", ["includeDone": .boolean(true)])
    #expect(
      result.snippet
        == """
        [ ] Pay rent  (due \(local(past)), overdue)
        [x] Filed taxes  (due \(local(past)))
        [ ] Buy milk  (due \(local(future)))
        [ ] Call mum
        """)
  }

  @Test("the output is a list of Todo entities that later steps can read")
  func output() async throws {
    let added = try harness.add("Buy milk", due: future)
    let result = try await harness.run("todos.find")
    #expect(result.output == .list([.todo(added)]))
    #expect(result.output.valueType == .list(Todo.valueType))
    #expect(result.output.listItems.first?.entity?.property("due") == .date(future))
  }
}
