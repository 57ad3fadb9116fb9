import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("math.round and number.format")
struct RoundFormatNumberTests {
  let harness = DataHarness()

  @Test(
    "round to the nearest, halves away from zero, by the digits people see",
    arguments: [
      (2.675, 2, 2.68), (2.5, 0, 3), (-2.5, 0, -3), (1.005, 2, 1.01), (1234.5678, -2, 1200),
      (0.125, 2, 0.13), (9.999, 2, 10), (-0.0001, 2, 0), (1e-7, 3, 0), (12345.0, 1, 12345),
    ] as [(Double, Int, Double)])
  func nearest(value: Double, places: Int, result: Double) async throws {
    let output = try await harness.output(
      "math.round", ["input": .number(value), "places": .integer(places)])
    #expect(output == .number(result))
  }

  @Test(
    "up goes toward +infinity and down toward -infinity",
    arguments: [
      (2.1, "up", 3.0), (-2.9, "up", -2), (2.9, "down", 2), (-2.1, "down", -3), (2.0, "up", 2),
      (1.231, "UP", 1.24),
    ] as [(Double, String, Double)])
  func directed(value: Double, mode: String, result: Double) async throws {
    let places = value == 1.231 ? 2 : 0
    let output = try await harness.output(
      "math.round",
      ["input": .number(value), "mode": .text(mode), "places": .integer(places)])
    #expect(output == .number(result))
  }

  @Test("an unknown mode and too many places are unsupported")
  func badArguments() async throws {
    let mode = try #require(
      await harness.error("math.round", ["input": .number(1), "mode": .text("ceil")]))
    #expect(mode.code == .unsupported)
    #expect(mode.message.hasSuffix("'ceil' is not a rounding mode; use one of nearest, up, down"))
    let places = try #require(
      await harness.error("math.round", ["input": .number(1), "places": .integer(16)]))
    #expect(places.message.hasSuffix("16 decimal places is out of range; use -15 to 15"))
  }

  @Test(
    "format shows 2 decimals by default, without grouping, '.' as the point",
    arguments: [
      (1234.5, "1234.50"), (0, "0.00"), (-0.001, "0.00"), (2.675, "2.68"), (-1.5, "-1.50"),
      (1e21, "1000000000000000000000.00"), (0.000001234, "0.00"),
    ] as [(Double, String)])
  func format(value: Double, text: String) async throws {
    #expect(try await harness.output("number.format", ["input": .number(value)]) == .text(text))
  }

  @Test(
    "decimals and grouping",
    arguments: [
      (1234567.891, 0, true, "1,234,568"), (1234567.891, 1, true, "1,234,567.9"),
      (-999.5, 0, true, "-1,000"), (123.0, 3, true, "123.000"), (0.5, 4, false, "0.5000"),
      (100.0, 0, true, "100"), (1000.0, 0, true, "1,000"),
    ] as [(Double, Int, Bool, String)])
  func options(value: Double, decimals: Int, grouping: Bool, text: String) async throws {
    let output = try await harness.output(
      "number.format",
      ["input": .number(value), "decimals": .integer(decimals), "grouping": .boolean(grouping)])
    #expect(output == .text(text))
  }
}
