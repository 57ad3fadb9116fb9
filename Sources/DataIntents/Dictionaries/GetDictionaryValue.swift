public import IntentKit
import Suggestions

/// `dict.get`: the value under a key.
public struct GetDictionaryValue: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "dict.get"
  public static let title = "Get Dictionary Value"
  public static let description =
    "Returns the value under a key (an entity counts as a dictionary of its properties). A "
    + "missing key fails, naming the keys there are, unless a default is given."
  public static let parameterSummary: String? = "Get {key} from {input}"

  @Parameter(title: "Dictionary", isInput: true)
  public var input: [String: Value]

  @Parameter(
    title: "Key", description: "The key, exactly as written (case matters).",
    requestValueDialog: "Which key?")
  public var key: String

  @Parameter(
    title: "Default", description: "The value returned when the key is missing.")
  public var `default`: Value?

  public init() {}

  public func perform() async throws -> IntentResult<Value> {
    if let value = input[key] { return .result(value: value) }
    if let fallback = `default` { return .result(value: fallback) }
    throw IntentError(Self.missing(key, in: input))
  }

  /// Why `key` is not there: the keys there are, and the closest one.
  static func missing(_ key: String, in dictionary: [String: Value]) -> String {
    guard !dictionary.isEmpty else {
      return "the dictionary is empty, so it has no key '\(key)'; set 'default' to use a value "
        + "when the key is missing"
    }
    let keys = dictionary.keys.sorted()
    var message = "the dictionary has no key '\(key)'"
    if let suggestion = Spelling.closest(to: key, among: keys) {
      message += "; did you mean '\(suggestion)'?"
    }
    let shown = keys.prefix(10).map { "'\($0)'" }.joined(separator: ", ")
    message += " (its keys: \(shown)\(keys.count > 10 ? " and \(keys.count - 10) more" : ""))"
    return message + "; set 'default' to use a value when the key is missing"
  }
}
