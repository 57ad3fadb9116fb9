/// The type of a ``Value``, as declared by parameters, outputs, inputs and entity properties.
///
/// Types drive static validation: the planner checks, before any step runs, that each
/// parameter's value can be coerced to its parameter's type (see ``ValueType/coercion(to:)``).
public indirect enum ValueType: Sendable, Hashable, CustomStringConvertible {
  /// Any value at all; checked only when the run reaches it.
  case any
  /// The type of ``Value/null``: what an intent with no output returns.
  case nothing
  case text
  case integer
  case number
  case boolean
  case date
  case duration
  case url
  /// A list whose items have the given type.
  case list(ValueType)
  case dictionary
  /// An entity of the given type.
  case entity(EntityType)

  /// The type's name as users read it in diagnostics and `describe`: `text`, `list of Todo`.
  public var description: String {
    switch self {
    case .any: return "any value"
    case .nothing: return "nothing"
    case .text: return "text"
    case .integer: return "integer"
    case .number: return "number"
    case .boolean: return "boolean"
    case .date: return "date"
    case .duration: return "duration"
    case .url: return "URL"
    case .list(.any): return "list"
    case .list(let element): return "list of \(element)"
    case .dictionary: return "dictionary"
    case .entity(let type): return type.name
    }
  }

  /// The name used in workflow files (`"type": "integer"` for an input) and JSON Schema.
  public var keyword: String {
    switch self {
    case .any: return "any"
    case .nothing: return "nothing"
    case .text: return "text"
    case .integer: return "integer"
    case .number: return "number"
    case .boolean: return "boolean"
    case .date: return "date"
    case .duration: return "duration"
    case .url: return "url"
    case .list: return "list"
    case .dictionary: return "dictionary"
    case .entity(let type): return type.name
    }
  }

  /// The element type when this is a list type.
  public var elementType: ValueType? {
    if case .list(let element) = self { return element }
    return nil
  }

  /// The entity type when this is an entity type.
  public var entityType: EntityType? {
    if case .entity(let type) = self { return type }
    return nil
  }

  /// The scalar types accepted by name in a workflow's `inputs` (`"type": "string"` works too).
  public static func named(_ keyword: String) -> ValueType? {
    switch keyword {
    case "any": return .any
    case "text", "string": return .text
    case "integer", "int": return .integer
    case "number", "double": return .number
    case "boolean", "bool": return .boolean
    case "date": return .date
    case "duration": return .duration
    case "url": return .url
    case "list", "array": return .list(.any)
    case "dictionary", "object": return .dictionary
    default: return nil
    }
  }

  /// The names ``named(_:)`` accepts, for "did you mean" hints and help.
  public static let keywords = [
    "text", "string", "integer", "number", "boolean", "date", "duration", "url", "list",
    "dictionary", "any",
  ]
}
