public import IntentKit

/// `list.slice`: a run of consecutive items.
public struct SliceList: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "list.slice"
  public static let title = "Get Items from List"
  public static let description =
    "Returns up to 'count' items starting at index 'start' (from 0; negative counts from the "
    + "end); without a count, every item to the end. A range past the end gives fewer items."
  public static let parameterSummary: String? = "{count} items of {input} from {start}"

  @Parameter(title: "List", isInput: true)
  public var input: [Value]

  @Parameter(
    title: "Start", description: "The first index: 0 for the first item, -2 for the last two.",
    default: 0)
  public var start: Int

  @Parameter(
    title: "Count", description: "How many items; every one to the end when unset.",
    resolve: { count in
      guard let count, count < 0 else { return .success(count) }
      return .unsupported(reason: "the count \(count) is negative; use 0 or more")
    })
  public var count: Int?

  public init() {}

  public func perform() async throws -> IntentResult<[Value]> {
    let first = start < 0 ? Swift.max(0, input.count + start) : Swift.min(start, input.count)
    let available = input.count - first
    let taken = Swift.min(count ?? available, available)
    return .result(value: Array(input[first..<first + taken]))
  }
}
