public import IntentKit
import StrictJSON

/// `json.parse`: JSON text to a value.
public struct ParseJSON: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "json.parse"
  public static let title = "Get Dictionary from JSON"
  public static let description =
    "Reads JSON text (strict RFC 8259) into a dictionary, list, number, text, boolean or "
    + "null. Bad JSON fails with its line and column."
  public static let parameterSummary: String? = "Parse {input} as JSON"

  @Parameter(title: "JSON text", isInput: true)
  public var input: String

  public init() {}

  public func perform() async throws -> IntentResult<Value> {
    do {
      return .result(value: Value(json: try JSONParser.parse(input).plainValue))
    } catch {
      throw IntentError(
        "the text is not valid JSON: line \(error.position.line), column "
          + "\(error.position.column): \(error.message)")
    }
  }
}
