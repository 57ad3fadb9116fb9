import IntentKit
import StandardIntents
import Synchronization
import Testing

@testable import DataIntents

@Suite("math.statistics and math.random")
struct StatisticsRandomTests {
  let harness = DataHarness()

  @Test(
    "each statistic of 3, 1, 4, 1, 5, 9",
    arguments: [
      ("sum", 23.0), ("average", 23.0 / 6), ("minimum", 1), ("maximum", 9), ("median", 3.5),
      ("count", 6), ("mean", 23.0 / 6), ("max", 9),
    ] as [(String, Double)])
  func statistics(operation: String, result: Double) async throws {
    let output = try await harness.output(
      "math.statistics",
      ["input": .integers(3, 1, 4, 1, 5, 9), "operation": .text(operation)])
    #expect(output == .number(result))
  }

  @Test("the sum by default; the median of an odd count is the middle; text numbers work")
  func defaults() async throws {
    #expect(try await harness.output("math.statistics", ["input": .integers(1, 2)]) == .number(3))
    let median = try await harness.output(
      "math.statistics", ["input": .texts("10", "2.5", "7"), "operation": .text("median")])
    #expect(median == .number(7))
  }

  @Test("an empty list has a sum and a count, and nothing else")
  func empty() async throws {
    #expect(try await harness.output("math.statistics", ["input": .list([])]) == .number(0))
    let error = try #require(
      await harness.error(
        "math.statistics", ["input": .list([]), "operation": .text("average")]))
    #expect(error.code == .failed)
    #expect(error.message.hasSuffix("the list is empty, so it has no average"))
  }

  @Test("an item that is not a number is unsupported, naming the item")
  func notANumber() async throws {
    let error = try #require(
      await harness.error("math.statistics", ["input": .texts("1", "two")]))
    #expect(error.code == .unsupported)
    #expect(error.message.hasSuffix("item 2 of the list: 'two' is not a number"))
  }

  @Test("random draws from min to max, both included; 1 to 100 by default")
  func random() async throws {
    let ranges = Mutex<[ClosedRange<Int>]>([])
    var harness = harness
    harness.random = RandomSource { range in
      ranges.withLock { $0.append(range) }
      return range.upperBound
    }
    #expect(try await harness.output("math.random") == .integer(100))
    #expect(
      try await harness.output("math.random", ["min": .integer(-3), "max": .integer(-3)])
        == .integer(-3))
    #expect(ranges.withLock { $0 } == [1...100, -3...(-3)])
  }

  @Test("the live generator stays within the range")
  func live() async throws {
    var harness = harness
    harness.random = .live
    for _ in 0..<50 {
      let output = try await harness.output(
        "math.random", ["min": .integer(1), "max": .integer(3)])
      #expect([Value.integer(1), .integer(2), .integer(3)].contains(output))
    }
  }

  @Test("min above max fails and says to swap them")
  func reversed() async throws {
    let error = try #require(
      await harness.error("math.random", ["min": .integer(5), "max": .integer(1)]))
    #expect(error.message.hasSuffix("min (5) is greater than max (1); swap them"))
  }
}
