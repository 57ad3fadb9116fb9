import Foundation
import IntentKit
import StandardIntents
import StrictJSON
import Testing

@testable import DataIntents

@Suite("The Todo entity and its query")
struct TodoTests {
  let harness: TodoHarness

  init() throws {
    harness = try TodoHarness()
  }

  @Test("a todo shows its title, and its due date and whether it is done below")
  func display() {
    let due = utc("2026-12-01T09:00:00")
    #expect(
      Todo(id: "1", title: "Buy milk", due: nil, isDone: false).displayRepresentation
        == DisplayRepresentation(title: "Buy milk"))
    #expect(
      Todo(id: "1", title: "Buy milk", due: due, isDone: false).displayRepresentation
        == DisplayRepresentation(title: "Buy milk", subtitle: "due \(local(due))"))
    #expect(
      Todo(id: "1", title: "Buy milk", due: due, isDone: true).displayRepresentation
        == DisplayRepresentation(title: "Buy milk", subtitle: "due \(local(due)), done"))
    #expect(
      Todo(id: "1", title: "Buy milk", due: nil, isDone: true).displayRepresentation
        == DisplayRepresentation(title: "Buy milk", subtitle: "done"))
  }

  @Test("the type is called Todo, with title, due and isDone to read")
  func type() {
    #expect(Todo.entityType.name == "Todo")
    #expect(Todo.entityType.properties.map(\.name) == ["title", "due", "isDone"])
    #expect(Todo.entityType.properties.map(\.type) == [.text, .date, .boolean])
    #expect(Todo.valueType == .entity(Todo.entityType))
  }

  @Test("a todo's properties and JSON are what workflows and --json see")
  func properties() {
    let due = utc("2026-12-01T09:00:00")
    let entity = AnyEntity(Todo(id: "abc", title: "Buy milk", due: due, isDone: false))
    #expect(entity.property("title") == .text("Buy milk"))
    #expect(entity.property("due") == .date(due))
    #expect(entity.property("isDone") == .boolean(false))
    #expect(entity.property("id") == .text("abc"))
    #expect(
      Value.entity(entity).jsonValue
        == [
          "type": "Todo", "id": "abc", "display": "Buy milk",
          "properties": ["title": "Buy milk", "due": .string(local(due)), "isDone": false],
        ])
    let undated = AnyEntity(Todo(id: "x", title: "Call mum", due: nil, isDone: true))
    #expect(undated.property("due") == .null)
  }

  @Test("suggestions are the open todos, earliest due first")
  func suggestions() async throws {
    try harness.add("Later", due: utc("2026-12-24T09:00:00"))
    try harness.add("Done", due: utc("2026-01-01T09:00:00"), done: true)
    try harness.add("Undated")
    try harness.add("Sooner", due: utc("2026-12-02T09:00:00"))
    let titles = try await harness.query { try await $0.suggestedEntities().map(\.title) }
    #expect(titles == ["Sooner", "Later", "Undated"])
  }

  @Test("lookups by id return the todos asked for, done or not")
  func byID() async throws {
    let done = try harness.add("Done", done: true)
    let open = try harness.add("Open")
    let titles = try await harness.query {
      try await $0.entities(for: [open.id, done.id, "missing"]).map(\.title)
    }
    #expect(titles == ["Open", "Done"])
  }

  @Test("text matches titles ignoring case; open todos win over done ones")
  func matching() async throws {
    try harness.add("Buy milk", done: true)
    try harness.add("Buy milk powder")
    try harness.add("Milk the cow")
    try harness.add("Pay rent", done: true)
    let milk = try await harness.query { try await $0.entities(matching: "MILK").map(\.title) }
    #expect(milk == ["Buy milk powder", "Milk the cow"])
    let rent = try await harness.query { try await $0.entities(matching: "rent").map(\.title) }
    #expect(rent == ["Pay rent"])
    let none = try await harness.query { try await $0.entities(matching: "tea").map(\.title) }
    #expect(none.isEmpty)
  }

  @Test("a single exact title wins over partial matches, also beyond ASCII")
  func exact() async throws {
    try harness.add("Koupit čaj")
    try harness.add("Koupit čaj a med")
    let tea = try await harness.query { try await $0.entities(matching: "KOUPIT ČAJ").map(\.title) }
    #expect(tea == ["Koupit čaj"])
    let both = try await harness.query { try await $0.entities(matching: "ČAJ").map(\.title) }
    #expect(both == ["Koupit čaj", "Koupit čaj a med"])
  }
}
