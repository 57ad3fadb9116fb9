public import IntentKit
public import StrictJSON

/// An entity type as an IntentFlow extension declares it in `initialize` (protocol version 2):
/// a name, a display name, typed properties and the queries it answers with `entities/query`.
///
/// Its intents name it in `output` (`"Note"`, `"list of Note"`) and in their input schema
/// (`{"entity": "Note"}`); the engine sees it as the entity type `EXTENSION.NAME`.
public struct EntityDeclaration: Sendable, Hashable {
  /// One kind of `entities/query`.
  public enum QueryKind: String, Sendable, Hashable, CaseIterable {
    /// The entities with the given ids (every type must answer it).
    case ids
    /// The entities to offer when a value is needed.
    case suggested
    /// The entities that match text a person typed.
    case string
  }

  /// The name within the extension (`Note`).
  public var name: String
  /// The engine's name for the type: `EXTENSION.NAME`.
  public var qualifiedName: String
  /// How prompts call it.
  public var displayName: String
  /// The properties besides `id`, in order, with their types.
  public var properties: [Property]
  /// The queries it answers; without `string`, text is matched against suggested titles.
  public var queries: Set<QueryKind>

  /// One declared property.
  public struct Property: Sendable, Hashable {
    public var name: String
    public var type: ValueType
  }

  /// Reads an entity type from the `entities` list of `initialize`.
  ///
  /// - Throws: ``ExtensionError`` for a missing or bad name, a property of an unknown type or
  ///   an unknown query kind.
  public init(intentflowEntity entity: JSONValue, extension name: String) throws(ExtensionError) {
    let fields = entity.fields
    guard case .string(let typeName)? = fields["name"], ExtensionCatalog.isValidName(typeName)
    else {
      throw ExtensionError(
        "extension '\(name)' declares an entity type without a valid 'name' (letters, digits, "
          + "'-', '_', starting with a letter)")
    }
    self.name = typeName
    qualifiedName = "\(name).\(typeName)"
    displayName = fields["displayName"]?.text ?? typeName
    properties = []
    switch fields["properties"] {
    case .object(let members)?:
      for (property, typeValue) in members {
        guard property != "id" else { continue }
        let keyword = typeValue.text ?? ""
        guard let type = IntentDeclaration.valueType(keyword: keyword), type != .nothing else {
          throw ExtensionError(
            "extension '\(name)': property '\(property)' of entity type '\(typeName)' has an "
              + "unknown type '\(keyword)'; use one of \(ValueType.keywords.joined(separator: ", "))"
          )
        }
        properties.append(Property(name: property, type: type))
      }
    case nil: break
    default:
      throw ExtensionError(
        "extension '\(name)': 'properties' of entity type '\(typeName)' must be an object of "
          + "NAME: \"type\"")
    }
    queries = Set(QueryKind.allCases)
    if case .array(let kinds)? = fields["queries"] {
      queries = [.ids]
      for kind in kinds {
        guard let text = kind.text, let parsed = QueryKind(rawValue: text) else {
          throw ExtensionError(
            "extension '\(name)': entity type '\(typeName)' lists an unknown query "
              + "'\(kind.text ?? kind.serialized())'; use 'ids', 'suggested' or 'string'")
        }
        queries.insert(parsed)
      }
    }
  }

  /// The entity type as the engine sees it, its queries sent through `run`.
  ///
  /// - Parameter run: Sends one `entities/query` request and returns its `entities` list.
  public func entityType(
    run: @escaping @Sendable (EntityQueryRequest) async throws -> [JSONValue]
  ) -> EntityType {
    let declaration = self
    let decode: @Sendable ([JSONValue]) throws -> [DynamicEntity] = { items in
      let type = declaration.entityType(run: run)
      return try items.map { item throws(ExtensionError) in
        try declaration.entity(from: item, as: type)
      }
    }
    let matching: (@Sendable (String) async throws -> [DynamicEntity])?
    if queries.contains(.string) {
      matching = { text in try decode(try await run(.init(type: declaration.name, string: text))) }
    } else {
      matching = nil
    }
    let suggests = queries.contains(.suggested)
    let query = DynamicEntityQuery(
      entitiesForIdentifiers: { ids in
        try decode(try await run(.init(type: declaration.name, ids: ids)))
      },
      suggestedEntities: {
        guard suggests else { return [] }
        return try decode(try await run(.init(type: declaration.name)))
      },
      entitiesMatching: matching)
    return EntityType(
      dynamicName: qualifiedName, displayName: displayName,
      properties: properties.map { ($0.name, $0.type) }, query: query)
  }

  /// An entity of this type from its JSON form, `{"id", "display", "subtitle", "properties"}`;
  /// property values are coerced to their declared types.
  ///
  /// - Throws: ``ExtensionError`` when it has no id or a property of the wrong type.
  public func entity(from json: JSONValue, as type: EntityType) throws(ExtensionError)
    -> DynamicEntity
  {
    let fields = json.fields
    let extensionName = String(qualifiedName.prefix { $0 != "." })
    let id: String
    switch fields["id"] {
    case .string(let text)?: id = text
    case .integer(let number)?: id = String(number)
    default:
      throw ExtensionError(
        "extension '\(extensionName)' sent \(articled) without an 'id': "
          + "\(String(json.serialized().prefix(80)))")
    }
    var values: [String: Value] = [:]
    let given = fields["properties"]?.fields ?? [:]
    for property in properties {
      guard let raw = given[property.name], raw != .null else { continue }
      do {
        values[property.name] = try Value(json: raw).coerced(to: property.type)
      } catch {
        throw ExtensionError(
          "extension '\(extensionName)' sent \(articled) '\(id)' whose '\(property.name)' is "
            + "not \(property.type.article) \(property.type): \(error.message)")
      }
    }
    let title = fields["display"]?.text ?? values["title"]?.textDescription ?? id
    return DynamicEntity(
      type: type, id: id,
      display: DisplayRepresentation(title: title, subtitle: fields["subtitle"]?.text),
      values: values)
  }

  private var articled: String {
    ("AEIOUaeiou".contains(name.first ?? "x") ? "an " : "a ") + name
  }

  public static func == (lhs: EntityDeclaration, rhs: EntityDeclaration) -> Bool {
    lhs.qualifiedName == rhs.qualifiedName && lhs.displayName == rhs.displayName
      && lhs.properties == rhs.properties && lhs.queries == rhs.queries
  }

  public func hash(into hasher: inout Hasher) { hasher.combine(qualifiedName) }
}

/// One `entities/query` request: by ids, for suggestions, or by text.
public struct EntityQueryRequest: Sendable, Hashable {
  /// The entity type's name within the extension.
  public var type: String
  public var kind: EntityDeclaration.QueryKind
  public var ids: [String] = []
  public var string: String?

  /// The entities with these ids.
  public init(type: String, ids: [String]) {
    self.type = type
    kind = .ids
    self.ids = ids
  }

  /// The suggested entities.
  public init(type: String) {
    self.type = type
    kind = .suggested
  }

  /// The entities matching text.
  public init(type: String, string: String) {
    self.type = type
    kind = .string
    self.string = string
  }

  /// The request's `params`.
  public var params: JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("type", .string(type)), ("kind", .string(kind.rawValue)),
    ]
    switch kind {
    case .ids: members.append(("ids", .array(ids.map(JSONValue.string))))
    case .string: members.append(("string", .string(string ?? "")))
    case .suggested: break
    }
    return .object(members)
  }
}
