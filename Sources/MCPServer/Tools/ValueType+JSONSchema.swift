public import IntentKit
public import StrictJSON

extension ValueType {
  /// The JSON Schema of a value of this type as a tool's argument: what a client may send.
  ///
  /// Dates are ISO 8601 text, durations seconds or text such as `30s`, an entity its id or
  /// a text its query matches (resolved as a step's parameter is).
  public var argumentSchema: JSONValue {
    switch self {
    case .any: return .object([])
    case .nothing: return ["type": "null"]
    case .text: return ["type": "string"]
    case .integer: return ["type": "integer"]
    case .number: return ["type": "number"]
    case .boolean: return ["type": "boolean"]
    case .date: return ["type": "string", "format": "date-time"]
    case .duration:
      return [
        "type": ["number", "string"],
        "description": "seconds, or a duration such as 30s, 5m, 1h",
      ]
    case .url: return ["type": "string", "format": "uri"]
    case .list(.any): return ["type": "array"]
    case .list(let element): return ["type": "array", "items": element.argumentSchema]
    case .dictionary: return ["type": "object"]
    case .entity(let type):
      return [
        "type": "string",
        "description": .string(
          "a \(type.name): its id (intentflow://\(type.name)/{id}) or text that names it"),
      ]
    }
  }

  /// The JSON Schema of a value of this type in a result, as `--json` prints it.
  public var resultSchema: JSONValue {
    switch self {
    case .date: return ["type": "string", "format": "date-time"]
    case .duration: return ["type": "number"]
    case .list(.any): return ["type": "array"]
    case .list(let element): return ["type": "array", "items": element.resultSchema]
    case .entity(let type):
      return [
        "type": "object",
        "properties": [
          "type": ["const": .string(type.name)], "id": ["type": "string"],
          "display": ["type": "string"], "properties": ["type": "object"],
        ],
        "required": ["type", "display", "properties"],
      ]
    default: return argumentSchema
    }
  }

  /// Whether a value of this type is a JSON object as a result: a dictionary or an entity,
  /// which are `structuredContent` as they are; any other value is wrapped as
  /// `{"output": VALUE}`.
  var isObjectResult: Bool {
    switch self {
    case .dictionary, .entity: return true
    default: return false
    }
  }

  /// The tool's `outputSchema` for an output of this type: always an object, as MCP asks.
  var outputSchema: JSONValue {
    switch self {
    case .dictionary, .entity: return resultSchema
    case .any:  // an object is passed as it is, anything else wrapped: either is an object
      return ["type": "object"]
    default:
      return [
        "type": "object", "properties": ["output": resultSchema], "required": ["output"],
      ]
    }
  }
}
