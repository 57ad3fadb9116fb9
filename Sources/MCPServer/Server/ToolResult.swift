import IntentKit
import StrictJSON

/// What a `tools/call` returns: text content (the structured value as JSON, then any
/// dialogs), `structuredContent` (an object: the output, or `{"output": VALUE}`), `isError`.
struct ToolResult: Sendable, Equatable {
  var texts: [String]
  var structured: JSONValue?
  var isError: Bool

  /// A failed call: its message, and no structured content.
  static func error(_ message: String) -> ToolResult {
    ToolResult(texts: [message], structured: nil, isError: true)
  }

  /// A call that succeeded with `output`, a value of `type`.
  static func success(_ output: Value, of type: ValueType, dialogs: [String]) -> ToolResult {
    let json = output.jsonValue
    let structured: JSONValue
    if case .object = json, type.isObjectResult || type == .any {
      structured = json
    } else {
      structured = ["output": json]
    }
    return ToolResult(
      texts: [structured.serialized()] + dialogs, structured: structured, isError: false)
  }

  /// The result object; `structuredContent` only for clients of 2025-06-18 or later.
  func json(for version: ProtocolVersion) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("content", .array(texts.map { ["type": "text", "text": .string($0)] }))
    ]
    if let structured, version >= .v2025_06_18 {
      members.append(("structuredContent", structured))
    }
    members.append(("isError", .bool(isError)))
    return .object(members)
  }
}
