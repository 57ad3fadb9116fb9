public import IntentKit

/// `list.item`: one item of a list, by position.
public struct GetListItem: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "list.item"
  public static let title = "Get Item from List"
  public static let description =
    "Returns the item at an index, counting from 0; a negative index counts from the end "
    + "(-1 is the last item)."
  public static let parameterSummary: String? = "Item {index} of {input}"

  @Parameter(title: "List", isInput: true)
  public var input: [Value]

  @Parameter(
    title: "Index", description: "0 for the first item, -1 for the last.",
    requestValueDialog: "Which index?")
  public var index: Int

  public init() {}

  public func perform() async throws -> IntentResult<Value> {
    guard let position = Self.position(of: index, count: input.count) else {
      throw IntentError(Self.outOfRange(index, count: input.count))
    }
    return .result(value: input[position])
  }

  /// The array index an index names (negative ones count from the end), or `nil` when it
  /// is out of range.
  static func position(of index: Int, count: Int) -> Int? {
    let position = index < 0 ? count + index : index
    return (0..<count).contains(position) ? position : nil
  }

  /// Why an index does not fit a list of `count` items, and which ones do.
  static func outOfRange(_ index: Int, count: Int) -> String {
    guard count > 0 else { return "the list is empty, so it has no item \(index)" }
    let noun = count == 1 ? "item" : "items"
    return "index \(index) is out of range for a list of \(count) \(noun); use 0 to "
      + "\(count - 1), or -1 to -\(count) from the end"
  }
}
