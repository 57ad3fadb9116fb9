public import IntentKit

/// `math.random`: a random whole number.
public struct RandomNumber: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "math.random"
  public static let title = "Random Number"
  public static let description =
    "Returns a random whole number between min and max, both included."
  public static let parameterSummary: String? = "Random number from {min} to {max}"

  @Parameter(title: "Minimum", description: "The smallest possible number.", default: 1)
  public var min: Int

  @Parameter(title: "Maximum", description: "The largest possible number.", default: 100)
  public var max: Int

  @Dependency({ $0.randomSource }) var random: RandomSource

  public init() {}

  public func perform() async throws -> IntentResult<Int> {
    guard min <= max else {
      throw IntentError("min (\(min)) is greater than max (\(max)); swap them")
    }
    return .result(value: random.integer(min...max))
  }
}
