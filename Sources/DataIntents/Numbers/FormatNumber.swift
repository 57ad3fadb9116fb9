public import IntentKit

/// `number.format`: a number as text with fixed decimals.
public struct FormatNumber: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "number.format"
  public static let title = "Format Number"
  public static let description =
    "Writes a number with a fixed number of decimals (rounded to the nearest, halves away "
    + "from zero), '.' as the decimal point and, with grouping, ',' between thousands."
  public static let parameterSummary: String? = "Format {input} with {decimals} decimals"

  @Parameter(title: "Number", isInput: true)
  public var input: Double

  @Parameter(
    title: "Decimals", description: "Digits after the point, from 0 to 20.", default: 2,
    resolve: { decimals in
      (0...20).contains(decimals)
        ? .success(decimals)
        : .unsupported(reason: "\(decimals) decimals is out of range; use 0 to 20")
    })
  public var decimals: Int

  @Parameter(
    title: "Grouping", description: "Whether to put ',' between groups of three digits.",
    default: false)
  public var grouping: Bool

  public init() {}

  public func perform() async throws -> IntentResult<String> {
    let rounded = DecimalDigits(input).rounded(places: decimals, mode: .nearest)
    return .result(value: rounded.formatted(decimals: decimals, grouping: grouping))
  }
}
