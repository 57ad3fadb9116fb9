import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("list.item, list.slice and list.random")
struct GetListItemTests {
  let harness = DataHarness()
  let letters = Value.texts("a", "b", "c")

  @Test(
    "an index counts from 0; a negative one from the end",
    arguments: [(0, "a"), (2, "c"), (-1, "c"), (-3, "a")])
  func item(index: Int, item: String) async throws {
    let output = try await harness.output(
      "list.item", ["input": letters, "index": .integer(index)])
    #expect(output == .text(item))
  }

  @Test(
    "an index out of range fails, naming it, the count and the indexes that work",
    arguments: [3, -4, 100])
  func outOfRange(index: Int) async throws {
    let error = try #require(
      await harness.error("list.item", ["input": letters, "index": .integer(index)]))
    #expect(error.code == .failed)
    #expect(
      error.message.hasSuffix(
        "index \(index) is out of range for a list of 3 items; use 0 to 2, or -1 to -3 from "
          + "the end"))
  }

  @Test("an empty list has no items")
  func empty() async throws {
    let error = try #require(
      await harness.error("list.item", ["input": .list([]), "index": .integer(0)]))
    #expect(error.message.hasSuffix("the list is empty, so it has no item 0"))
  }

  @Test("an item keeps its type: a number stays a number")
  func typed() async throws {
    let output = try await harness.output(
      "list.item", ["input": .integers(10, 20), "index": .integer(1)])
    #expect(output == .integer(20))
  }

  @Test(
    "slice takes count items from start; without count, to the end",
    arguments: [
      (0, nil, ["a", "b", "c", "d"]), (1, 2, ["b", "c"]), (-2, nil, ["c", "d"]),
      (3, 5, ["d"]), (9, nil, []), (-9, 1, ["a"]), (2, 0, []),
    ] as [(Int, Int?, [String])])
  func slice(start: Int, count: Int?, items: [String]) async throws {
    var arguments: [String: Value] = [
      "input": .texts("a", "b", "c", "d"), "start": .integer(start),
    ]
    if let count { arguments["count"] = .integer(count) }
    #expect(try await harness.output("list.slice", arguments) == .list(items.map(Value.text)))
  }

  @Test("a negative count is unsupported")
  func negativeCount() async throws {
    let error = try #require(
      await harness.error("list.slice", ["input": letters, "count": .integer(-1)]))
    #expect(error.code == .unsupported)
    #expect(error.message.hasSuffix("the count -1 is negative; use 0 or more"))
  }

  @Test("random picks the item the generator names; an empty list fails")
  func random() async throws {
    var harness = harness
    harness.random = RandomSource { $0.upperBound }
    #expect(try await harness.output("list.random", ["input": letters]) == .text("c"))
    let error = try #require(await harness.error("list.random", ["input": .list([])]))
    #expect(error.message.hasSuffix("the list is empty, so there is no item to pick"))
  }
}
