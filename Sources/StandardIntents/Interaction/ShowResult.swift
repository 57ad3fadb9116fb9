public import IntentKit
import StrictJSON

/// `show.result`: shows a value to the person running the workflow and passes it on.
public struct ShowResult: NonSuspendingIntent {
  public static let identifier: IntentIdentifier = "show.result"
  public static let title = "Show Result"
  public static let description =
    "Shows a value as a dialog (on standard error) and passes it on unchanged."
  public static let parameterSummary: String? = "Show {input}"

  @Parameter(title: "Input", description: "The value to show.", isInput: true)
  public var input: Value?

  public init() {}

  public func perform() async throws -> IntentResult<Value> {
    let value = input ?? .null
    let text: String
    switch value {
    case .dictionary: text = value.jsonValue.serialized(pretty: true)
    default: text = value.textDescription
    }
    return .result(value: value, dialog: text)
  }
}
