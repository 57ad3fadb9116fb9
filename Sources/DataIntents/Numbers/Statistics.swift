public import IntentKit

/// `math.statistics`: one figure about a list of numbers.
public struct Statistics: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "math.statistics"
  public static let title = "Calculate Statistics"
  public static let description =
    "Returns the sum, average, minimum, maximum, median or count of a list of numbers."
  public static let parameterSummary: String? = "{operation} of {input}"

  static let operations = OptionList(
    "operation", ["sum", "average", "minimum", "maximum", "median", "count"],
    aliases: ["mean": "average", "min": "minimum", "max": "maximum"])

  @Parameter(
    title: "Numbers", description: "A list of numbers (text that reads as one works).",
    isInput: true)
  public var input: [Double]

  @Parameter(
    title: "Operation", description: "sum (default), average, minimum, maximum, median or count.",
    default: "sum", allowedValues: Statistics.operations.options,
    resolve: { Statistics.operations.resolve($0) })
  public var operation: String

  public init() {}

  public func perform() async throws -> IntentResult<Double> {
    switch operation {
    case "sum": return .result(value: input.reduce(0, +))
    case "count": return .result(value: Double(input.count))
    default: break
    }
    guard !input.isEmpty else {
      throw IntentError("the list is empty, so it has no \(operation)")
    }
    let result: Double
    switch operation {
    case "average": result = input.reduce(0, +) / Double(input.count)
    case "minimum": result = input.min() ?? 0
    case "maximum": result = input.max() ?? 0
    default:
      let sorted = input.sorted()
      let middle = sorted.count / 2
      result = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
    guard result.isFinite else { throw IntentError("the \(operation) is too large to represent") }
    return .result(value: result)
  }
}
