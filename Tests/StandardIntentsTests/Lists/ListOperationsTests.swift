import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("list.unique, list.reverse and list.combine")
struct ListOperationsTests {
  let harness = DataHarness()

  @Test("unique keeps each first occurrence, in order; case and type matter")
  func unique() async throws {
    let items = Value.list([
      .text("b"), .text("a"), .text("b"), .text("A"), .integer(1), .text("1"), .integer(1),
    ])
    #expect(
      try await harness.output("list.unique", ["input": items])
        == .list([.text("b"), .text("a"), .text("A"), .integer(1), .text("1")]))
  }

  @Test("reverse turns the list around")
  func reverse() async throws {
    #expect(
      try await harness.output("list.reverse", ["input": .integers(1, 2, 3)])
        == .integers(3, 2, 1))
    #expect(try await harness.output("list.reverse", ["input": .list([])]) == .list([]))
  }

  @Test("combine appends 'with'; a single value is a list of one")
  func combine() async throws {
    #expect(
      try await harness.output("list.combine", ["input": .integers(1, 2), "with": .integers(3)])
        == .integers(1, 2, 3))
    #expect(
      try await harness.output("list.combine", ["input": .text("a"), "with": .text("b")])
        == .texts("a", "b"))
  }

  @Test("combine asks for the list to add")
  func missingWith() async throws {
    let error = try #require(await harness.error("list.combine", ["input": .integers(1)]))
    #expect(error.code == .needsValue)
    #expect(error.parameter == "with")
  }
}
