import IntentKit
import StandardIntents
import Testing

@testable import DataIntents

@Suite("math.calculate")
struct CalculateTests {
  let harness = DataHarness()

  func calculate(_ a: Value, _ operation: String, _ b: Value) async throws -> Value {
    try await harness.output(
      "math.calculate", ["a": a, "operation": .text(operation), "b": b])
  }

  @Test(
    "each operation",
    arguments: [
      (7.0, "+", 2.0, 9.0), (7, "-", 2, 5), (7, "*", 2, 14), (7, "/", 2, 3.5), (7, "%", 2, 1),
      (-7, "%", 2, -1), (2, "^", 10, 1024), (10, "^", -2, 0.01), (4, "^", 0.5, 2), (7, "min", 2, 2),
      (7, "max", 2, 7), (0.1, "+", 0.2, 0.30000000000000004),
    ] as [(Double, String, Double, Double)])
  func operations(a: Double, operation: String, b: Double, result: Double) async throws {
    #expect(try await calculate(.number(a), operation, .number(b)) == .number(result))
  }

  @Test("numbers may arrive as text, as from an input or a file")
  func text() async throws {
    #expect(try await calculate(.text("40"), "+", .text(" 2 ")) == .number(42))
  }

  @Test("dividing by zero fails and says what to check", arguments: ["/", "%"])
  func divisionByZero(operation: String) async throws {
    let error = try #require(
      await harness.error(
        "math.calculate", ["a": .integer(5), "operation": .text(operation), "b": .integer(0)]))
    #expect(error.code == .failed)
    #expect(
      error.message.hasSuffix("cannot divide 5 by zero; check 'b' (use an 'if' step to skip zero)"))
  }

  @Test("an operation that is not listed is unsupported, and the list is given")
  func unknownOperation() async throws {
    let error = try #require(
      await harness.error(
        "math.calculate", ["a": .integer(2), "operation": .text("pow"), "b": .integer(3)]))
    #expect(error.code == .unsupported)
    #expect(error.parameter == "operation")
    #expect(
      error.message
        == "step 'math.calculate': 'operation' is unsupported: 'pow' is not an operation; use "
        + "one of +, -, *, /, %, ^, min, max")
  }

  @Test("a result too large to hold fails")
  func overflow() async throws {
    let error = try #require(
      await harness.error(
        "math.calculate", ["a": .number(1e308), "operation": .text("*"), "b": .integer(10)]))
    #expect(error.message.hasSuffix("has no finite result"))
  }
}
