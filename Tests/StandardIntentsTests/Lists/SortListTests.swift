import Foundation
import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("list.sort")
struct SortListTests {
  let harness = DataHarness()

  func sort(_ items: Value, _ extra: [String: Value] = [:]) async throws -> Value {
    try await harness.output("list.sort", extra.merging(["input": items]) { a, _ in a })
  }

  @Test("numbers sort by value, whole and decimal together, not as text")
  func numbers() async throws {
    let items = Value.list([.integer(10), .number(9.5), .integer(-2), .integer(100)])
    #expect(
      try await sort(items) == .list([.integer(-2), .number(9.5), .integer(10), .integer(100)]))
  }

  @Test("text sorts ignoring case; equal items keep their order")
  func text() async throws {
    #expect(
      try await sort(.texts("banana", "Apple", "cherry", "apple"))
        == .texts("Apple", "apple", "banana", "cherry"))
  }

  @Test("dates sort by time, whatever their zone")
  func dates() async throws {
    let early = utc("2026-03-01T12:00:00")
    let late = utc("2026-03-01T13:00:00")
    #expect(
      try await sort(.list([.date(late), .date(early)])) == .list([.date(early), .date(late)]))
  }

  @Test("descending reverses the order; empty values stay last")
  func descending() async throws {
    let items = Value.list([.integer(1), .null, .integer(3), .integer(2)])
    #expect(
      try await sort(items, ["descending": .boolean(true)])
        == .list([.integer(3), .integer(2), .integer(1), .null]))
    #expect(try await sort(items) == .list([.integer(1), .integer(2), .integer(3), .null]))
  }

  @Test("dictionaries sort by a key; items without it go last")
  func dictionaries() async throws {
    let ada = Value.dictionary(["name": .text("Ada"), "age": .integer(36)])
    let alan = Value.dictionary(["name": .text("Alan"), "age": .integer(41)])
    let anon = Value.dictionary(["name": .text("Anon")])
    let sorted = try await sort(.list([alan, anon, ada]), ["by": .text("age")])
    #expect(sorted == .list([ada, alan, anon]))
  }

  @Test("entities sort by a property")
  func entities() async throws {
    let todos = try TodoHarness()
    let milk = try todos.add("Buy milk", due: utc("2026-03-03T09:00:00"))
    let bread = try todos.add("Buy bread", due: utc("2026-03-02T09:00:00"))
    let items = Value.list([.todo(milk), .todo(bread)])
    #expect(try await sort(items, ["by": .text("due")]) == .list([.todo(bread), .todo(milk)]))
    #expect(
      try await sort(items, ["by": .text("title"), "descending": .boolean(true)])
        == .list([.todo(milk), .todo(bread)]))
  }

  @Test("a key no item has fails with a suggestion")
  func misspelt() async throws {
    let items = Value.list([.dictionary(["name": .text("Ada")])])
    let error = try #require(
      await harness.error("list.sort", ["input": items, "by": .text("nmae")]))
    #expect(error.message.hasSuffix("no item has 'nmae'; did you mean 'name'?"))
  }

  @Test("'by' on plain values fails and says to leave it unset")
  func byOnText() async throws {
    let error = try #require(
      await harness.error("list.sort", ["input": .texts("a"), "by": .text("name")]))
    #expect(
      error.message.hasSuffix(
        "item 1 is a text, which has no 'name'; sort entities or dictionaries by a property, "
          + "or leave 'by' unset"))
  }
}
