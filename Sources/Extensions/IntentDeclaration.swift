public import IntentKit
public import StrictJSON

/// An intent as an extension declares it: an MCP tool, or an intent of the IntentFlow
/// protocol. Both describe parameters with a JSON Schema object.
public struct IntentDeclaration: Sendable, Hashable {
  /// The name within the extension: the intent is `EXTENSION.NAME`.
  public var name: String
  public var title: String
  public var description: String
  public var parameterSummary: String?
  /// The JSON Schema of the arguments (`"type": "object"` with `properties`).
  public var inputSchema: JSONValue
  /// The type `perform` returns.
  public var outputType: ValueType
  /// Whether the intent changes or deletes data and so needs confirmation.
  public var isDestructive: Bool
  /// Whether the intent asks the extension to confirm (`intents/confirm`) before it performs.
  public var confirmsWithExtension: Bool
  /// Whether progress reports restart the step's timeout.
  public var isLongRunning: Bool
  /// The parameter that receives the previous step's output.
  public var inputParameter: String?
  /// The parameters the extension resolves itself (`intents/resolve`), after coercion.
  public var resolvedParameters: [String] = []
  /// The extension's entity types by their names within it, which `output` and the input
  /// schema (`{"entity": "Note"}`) may name.
  public var entityTypes: [String: EntityType] = [:]

  /// Reads an MCP tool from `tools/list`.
  ///
  /// - Throws: ``ExtensionError`` when it has no name.
  public init(mcpTool tool: JSONValue, extension name: String) throws(ExtensionError) {
    let fields = tool.fields
    guard case .string(let toolName)? = fields["name"], !toolName.isEmpty else {
      throw ExtensionError("extension '\(name)' lists a tool without a name")
    }
    self.name = toolName
    let annotations = fields["annotations"]?.fields ?? [:]
    title = fields["title"]?.text ?? annotations["title"]?.text ?? toolName
    description = fields["description"]?.text ?? ""
    parameterSummary = nil
    inputSchema = fields["inputSchema"] ?? .object([("type", "object")])
    outputType = fields["outputSchema"] == nil ? .text : .dictionary
    isDestructive = annotations["destructiveHint"] == .bool(true)
    confirmsWithExtension = false
    isLongRunning = false
    inputParameter = nil
  }

  /// Reads an intent of the IntentFlow protocol from the `initialize` result.
  ///
  /// - Parameter entityTypes: The extension's entity types by their names within it.
  /// - Throws: ``ExtensionError`` when it has no name, an unknown output type or names an
  ///   entity type the extension does not declare.
  public init(
    intentflowIntent intent: JSONValue, extension name: String,
    entityTypes: [String: EntityType] = [:]
  ) throws(ExtensionError) {
    let fields = intent.fields
    guard case .string(let intentName)? = fields["name"], !intentName.isEmpty else {
      throw ExtensionError("extension '\(name)' declares an intent without a name")
    }
    self.name = intentName
    title = fields["title"]?.text ?? intentName
    description = fields["description"]?.text ?? ""
    parameterSummary = fields["parameterSummary"]?.text
    inputSchema = fields["inputSchema"] ?? .object([("type", "object")])
    self.entityTypes = entityTypes
    let output = fields["output"]?.text ?? "nothing"
    guard
      let type = output == "nothing"
        ? .nothing : Self.valueType(keyword: output, entityTypes: entityTypes)
    else {
      let entities = entityTypes.keys.sorted().joined(separator: ", ")
      throw ExtensionError(
        "extension '\(name)': intent '\(intentName)' has an unknown output type '\(output)'; "
          + "use one of nothing, \(ValueType.keywords.joined(separator: ", "))"
          + (entities.isEmpty ? "" : ", or an entity type: \(entities)"))
    }
    outputType = type
    isDestructive = fields["destructive"] == .bool(true)
    confirmsWithExtension = fields["confirm"] == .bool(true)
    isLongRunning = fields["longRunning"] == .bool(true)
    inputParameter = fields["input"]?.text
    if case .array(let names)? = fields["resolve"] { resolvedParameters = names.compactMap(\.text) }
    if case .object(let properties)? = inputSchema.fields["properties"] {
      for (parameter, schema) in properties {
        for entity in Self.entityNames(in: schema) where entityTypes[entity] == nil {
          throw ExtensionError(
            "extension '\(name)': parameter '\(parameter)' of intent '\(intentName)' names the "
              + "entity type '\(entity)', which the extension does not declare in 'entities'")
        }
      }
    }
  }

  /// The entity type names a property schema refers to (`{"entity": "Note"}`, also as the
  /// `items` of an array or a branch of `anyOf`/`oneOf`).
  static func entityNames(in schema: JSONValue) -> [String] {
    let fields = schema.fields
    var names = fields["entity"]?.text.map { [$0] } ?? []
    if let items = fields["items"] { names += entityNames(in: items) }
    for key in ["anyOf", "oneOf"] {
      if case .array(let branches)? = fields[key] { names += branches.flatMap(entityNames) }
    }
    return names
  }

  /// The parameters the input schema declares, in its order; required ones first when the
  /// schema lists them.
  public func parameters() -> [DynamicParameter] {
    let schema = inputSchema.fields
    var required: Set<String> = []
    if case .array(let names)? = schema["required"] {
      for case .string(let name) in names { required.insert(name) }
    }
    guard case .object(let properties)? = schema["properties"] else { return [] }
    let requiredCount = properties.filter { required.contains($0.key) }.count
    return properties.map { name, property in
      let fields = property.fields
      var (type, allowed, nullable) = Self.type(of: property, entityTypes: entityTypes)
      if allowed != nil { type = .text }
      let isRequired = required.contains(name) && !nullable
      let isInput =
        inputParameter.map { $0 == name } ?? (isRequired && requiredCount == 1)
      var description = fields["description"]?.text
      if let allowed {
        let choices = "one of " + allowed.map { "'\($0)'" }.joined(separator: ", ")
        description = description.map { "\($0) (\(choices))" } ?? choices
      }
      return DynamicParameter(
        name: name, title: fields["title"]?.text ?? name, description: description, type: type,
        isOptional: !isRequired,
        defaultValue: fields["default"].flatMap { $0 == .null ? nil : Value(json: $0) },
        isInput: isInput,
        allowedValues: allowed)
    }
  }

  /// A JSON Schema's type as a value type, its `enum` texts, and whether it allows null;
  /// `{"entity": "Note"}` names one of `entityTypes`.
  static func type(of schema: JSONValue, entityTypes: [String: EntityType] = [:])
    -> (ValueType, [String]?, Bool)
  {
    let fields = schema.fields
    if let name = fields["entity"]?.text, let entity = entityTypes[name] {
      let nullable: Bool
      switch fields["type"] {
      case .array(let names)?: nullable = names.contains(.string("null"))
      default: nullable = false
      }
      return (.entity(entity), nil, nullable)
    }
    var allowed: [String]?
    if case .array(let values)? = fields["enum"] {
      allowed = values.map { value in value.text ?? value.serialized() }
    }
    // `anyOf` / `oneOf` with a null branch is how many generators write an optional value.
    for key in ["anyOf", "oneOf"] {
      guard case .array(let branches)? = fields[key] else { continue }
      let nullable = branches.contains { $0.fields["type"]?.text == "null" }
      let others = branches.filter { $0.fields["type"]?.text != "null" }
      guard others.count == 1 else { return (.any, allowed, nullable) }
      let (type, inner, _) = Self.type(of: others[0], entityTypes: entityTypes)
      return (type, allowed ?? inner, nullable)
    }
    var names: [String] = []
    switch fields["type"] {
    case .string(let name)?: names = [name]
    case .array(let items)?: names = items.compactMap(\.text)
    default: break
    }
    let nullable = names.contains("null")
    names.removeAll { $0 == "null" }
    guard names.count == 1 else { return (.any, allowed, nullable) }
    switch names[0] {
    case "string":
      switch fields["format"]?.text {
      case "date-time", "date": return (.date, allowed, nullable)
      case "uri", "url": return (.url, allowed, nullable)
      default: return (.text, allowed, nullable)
      }
    case "integer": return (.integer, allowed, nullable)
    case "number": return (.number, allowed, nullable)
    case "boolean": return (.boolean, allowed, nullable)
    case "object": return (.dictionary, allowed, nullable)
    case "array":
      let element = fields["items"].map { Self.type(of: $0, entityTypes: entityTypes).0 } ?? .any
      return (.list(element), allowed, nullable)
    default: return (.any, allowed, nullable)
    }
  }

  /// A type keyword (`text`, `list of integer`, an entity type's name) as a value type.
  static func valueType(keyword: String, entityTypes: [String: EntityType] = [:]) -> ValueType? {
    if keyword.hasPrefix("list of ") {
      return valueType(keyword: String(keyword.dropFirst(8)), entityTypes: entityTypes)
        .map(ValueType.list)
    }
    if let entity = entityTypes[keyword] { return .entity(entity) }
    return ValueType.named(keyword)
  }
}

extension JSONValue {
  /// The members of an object by key (the first of duplicates); empty for anything else.
  var fields: [String: JSONValue] {
    guard case .object(let members) = self else { return [:] }
    return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
  }

  /// The text of a string.
  var text: String? {
    if case .string(let text) = self { return text }
    return nil
  }
}
