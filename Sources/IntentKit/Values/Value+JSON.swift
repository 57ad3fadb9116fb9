public import StrictJSON

extension Value {
  /// The value as JSON, as `--json` prints it: dates as ISO 8601 text, durations as seconds,
  /// URLs as text, dictionaries with sorted keys, entities as
  /// `{"type", "id", "display", "properties"}`.
  public var jsonValue: JSONValue { json(includingDeferred: true) }

  /// The JSON form; the items of a list leave out their entities' deferred properties.
  func json(includingDeferred: Bool) -> JSONValue {
    switch self {
    case .null: return .null
    case .text(let text): return .string(text)
    case .integer(let value): return .integer(value)
    case .number(let value): return .number(value)
    case .boolean(let value): return .bool(value)
    case .date, .url: return .string(textDescription)
    case .duration(let duration):
      let (seconds, attoseconds) = duration.components
      if attoseconds == 0, let whole = Int(exactly: seconds) { return .integer(whole) }
      return .number(duration.inSeconds)
    case .list(let items): return .array(items.map { $0.json(includingDeferred: false) })
    case .dictionary(let entries):
      return .object(
        entries.sorted { $0.key < $1.key }.map {
          ($0.key, $0.value.json(includingDeferred: includingDeferred))
        })
    case .entity(let entity):
      var properties: [(key: String, value: JSONValue)] = []
      for (name, value) in entity.properties(includingDeferred: includingDeferred) {
        properties.append((name, value.jsonValue))
      }
      return .object(
        [("type", .string(entity.typeName))]
          + (entity.isRecord ? [] : [("id", .string(entity.id))])  // records have no identity
          + [
            ("display", .string(entity.displayRepresentation.title)),
            ("properties", .object(properties)),
          ])
    }
  }

  /// A value from JSON: objects become dictionaries, arrays lists, numbers integers or
  /// numbers; no dates or entities (those come from coercion).
  public init(json: JSONValue) {
    switch json {
    case .null: self = .null
    case .bool(let value): self = .boolean(value)
    case .integer(let value): self = .integer(value)
    case .number(let value): self = .number(value)
    case .string(let text): self = .text(text)
    case .array(let items): self = .list(items.map(Value.init(json:)))
    case .object(let members):
      var entries: [String: Value] = [:]
      for (key, value) in members { entries[key] = Value(json: value) }
      self = .dictionary(entries)
    }
  }

  /// A value straight from a parsed JSON node, as ``init(json:)-(JSONValue)`` makes it from the
  /// node's plain value, without building that plain copy first: a literal list of a million
  /// items costs one list of values, not two trees.
  public init(json node: JSONNode) {
    switch node.kind {
    case .null: self = .null
    case .bool(let value): self = .boolean(value)
    case .integer(let value): self = .integer(value)
    case .number(let value): self = .number(value)
    case .string(let text): self = .text(text)
    case .array(let items):
      var values: [Value] = []
      values.reserveCapacity(items.count)
      for item in items { values.append(Value(json: item)) }
      self = .list(values)
    case .object(let object):
      var entries: [String: Value] = [:]
      entries.reserveCapacity(object.members.count)
      for member in object.members { entries[member.key] = Value(json: member.value) }
      self = .dictionary(entries)
    }
  }
}
