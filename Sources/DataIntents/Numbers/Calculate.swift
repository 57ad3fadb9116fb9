public import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// `math.calculate`: one arithmetic operation on two numbers.
public struct Calculate: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "math.calculate"
  public static let title = "Calculate"
  public static let description =
    "Does arithmetic on two numbers: + - * / % (remainder, with the sign of a), ^ (power), "
    + "min or max."
  public static let parameterSummary: String? = "{a} {operation} {b}"

  static let operations = OptionList("operation", ["+", "-", "*", "/", "%", "^", "min", "max"])

  @Parameter(title: "First number", isInput: true)
  public var a: Double

  @Parameter(
    title: "Operation", description: "One of + - * / % ^ min max.",
    requestValueDialog: "Which operation?", allowedValues: Calculate.operations.options,
    resolve: { Calculate.operations.resolve($0) })
  public var operation: String

  @Parameter(title: "Second number")
  public var b: Double

  public init() {}

  public func perform() async throws -> IntentResult<Double> {
    let result: Double
    switch operation {
    case "+": result = a + b
    case "-": result = a - b
    case "*": result = a * b
    case "/", "%":
      guard b != 0 else {
        throw IntentError(
          "cannot divide \(Value.number(a)) by zero; check 'b' (use an 'if' step to skip zero)")
      }
      result = operation == "/" ? a / b : a.truncatingRemainder(dividingBy: b)
    case "^": result = Self.power(a, b)
    case "min": result = Swift.min(a, b)
    default: result = Swift.max(a, b)
    }
    guard result.isFinite else {
      throw IntentError(
        "\(Value.number(a)) \(operation) \(Value.number(b)) has no finite result")
    }
    return .result(value: result)
  }

  /// `a` to the power `b`; whole exponents multiply exactly, so 10 ^ 2 is 100, not 99.999….
  static func power(_ base: Double, _ exponent: Double) -> Double {
    if exponent.rounded() == exponent, exponent.magnitude <= 64 {
      var result = 1.0
      for _ in 0..<Int(exponent.magnitude) { result *= base }
      return exponent < 0 ? 1 / result : result
    }
    return pow(base, exponent)
  }
}
