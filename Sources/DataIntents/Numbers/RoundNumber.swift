public import IntentKit

/// `math.round`: a number rounded to some decimal places.
public struct RoundNumber: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "math.round"
  public static let title = "Round Number"
  public static let description =
    "Rounds a number to some decimal places: to the nearest (halves away from zero), up "
    + "(toward +∞) or down (toward −∞). Negative places round to tens, hundreds …."
  public static let parameterSummary: String? = "Round {input} to {places} places ({mode})"

  static let modes = OptionList("rounding mode", ["nearest", "up", "down"])

  @Parameter(title: "Number", isInput: true)
  public var input: Double

  @Parameter(
    title: "Decimal places", description: "Digits after the point, from -15 to 15.", default: 0,
    resolve: { places in
      (-15...15).contains(places)
        ? .success(places)
        : .unsupported(reason: "\(places) decimal places is out of range; use -15 to 15")
    })
  public var places: Int

  @Parameter(
    title: "Mode", description: "nearest, up or down.", default: "nearest",
    allowedValues: RoundNumber.modes.options,
    resolve: { RoundNumber.modes.resolve($0) })
  public var mode: String

  public init() {}

  public func perform() async throws -> IntentResult<Double> {
    let rounding: DecimalDigits.Rounding
    switch mode {
    case "up": rounding = .up
    case "down": rounding = .down
    default: rounding = .nearest
    }
    return .result(value: DecimalDigits(input).rounded(places: places, mode: rounding).doubleValue)
  }
}
