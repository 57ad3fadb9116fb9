import FoundationEssentials
public import IntentKit
import Suggestions

/// `list.sort`: a list in order.
public struct SortList: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "list.sort"
  public static let title = "Sort List"
  public static let description =
    "Sorts a list: numbers by value, dates by time, text ignoring case; with 'by', entities "
    + "by a property and dictionaries by a key. Equal items keep their order; empty values "
    + "go last."
  public static let parameterSummary: String? = "Sort {input} by {by}"

  @Parameter(title: "List", isInput: true)
  public var input: [Value]

  @Parameter(
    title: "By",
    description: "A property of the entities or a key of the dictionaries, "
      + "such as due or name; the items themselves when unset.")
  public var by: String?

  @Parameter(title: "Descending", description: "Largest, latest or Z first.", default: false)
  public var descending: Bool

  public init() {}

  public func perform() async throws -> IntentResult<[Value]> {
    let keys = try by.map { try Self.keys(input, by: $0) } ?? input
    let order = keys.indices.sorted { left, right in
      switch ValueOrdering.compare(keys[left], keys[right], descending: descending) {
      case .orderedAscending: return true
      case .orderedDescending: return false
      case .orderedSame: return left < right  // stable: equal items keep their order
      }
    }
    return .result(value: order.map { input[$0] })
  }

  /// Each item's value of the property or key `name` (`null` where it has none).
  ///
  /// - Throws: ``IntentError`` when an item has no properties at all, or when no item has
  ///   `name` (a misspelling), with the names they do have.
  static func keys(_ items: [Value], by name: String) throws(IntentError) -> [Value] {
    var known: Set<String> = []
    var found = false
    var keys: [Value] = []
    keys.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      let value: Value?
      switch item {
      case .entity(let entity):
        value = entity.property(name)
        if value == nil { known.formUnion(entity.properties.map(\.name) + ["id"]) }
      case .dictionary(let entries):
        value = entries[name]
        if value == nil { known.formUnion(entries.keys) }
      case .null:
        value = .null
      default:
        throw IntentError(
          "item \(index + 1) is \(item.valueType.article) \(item.valueType), which has no "
            + "'\(name)'; sort entities or dictionaries by a property, or leave 'by' unset")
      }
      if value != nil { found = true }
      keys.append(value ?? .null)
    }
    guard found || items.isEmpty || known.isEmpty else {
      var message = "no item has '\(name)'"
      if let suggestion = Spelling.closest(to: name, among: known.sorted()) {
        message += "; did you mean '\(suggestion)'?"
      } else {
        message += "; they have \(known.sorted().map { "'\($0)'" }.joined(separator: ", "))"
      }
      throw IntentError(message)
    }
    return keys
  }
}
