/// An entity type as the engine sees it: its name, its properties' types, and its query.
///
/// Two entity types are equal when their names are: the name is the type's identity in
/// workflow files, JSON and the registry.
public struct EntityType: Sendable, Hashable, CustomStringConvertible {
  /// The type's name (`Todo`, `jot.Note`): its identity in workflow files and JSON.
  public let name: String
  /// How people call it in prompts (`Note`); the name for a Swift entity type.
  public let displayName: String
  /// The readable properties besides `id`, with their types.
  public let properties: [(name: String, type: ValueType)]
  /// Whether it is a record type (``AppRecord``): a value with properties, without identity.
  public let isRecord: Bool
  let lookup: Lookup

  /// Describes an entity type from its Swift declaration.
  public init<E: AppEntity>(_ type: E.Type) {
    name = E.typeDisplayRepresentation.name
    displayName = name
    properties = E.properties.all.map { ($0.name, $0.type) }
    isRecord = E.self is any AppRecord.Type
    lookup = Lookup(
      byIdentifiers: { ids in try await E.defaultQuery.entities(for: ids).map(AnyEntity.init) },
      matching: { text in try await E.defaultQuery.entities(matching: text).map(AnyEntity.init) },
      suggested: { try await E.defaultQuery.suggestedEntities().map(AnyEntity.init) },
      unionCases: (E.self as? any UnionValue.Type)?.unionCases ?? [],
      representationTypes: { EntityType.representationTypes(of: E.self) })
  }

  /// Describes an entity type declared while the runner runs (an extension's), whose
  /// entities are ``DynamicEntity`` values and whose query is made of closures.
  ///
  /// - Parameters:
  ///   - name: The type's identity (`jot.Note`): equal names are the same type.
  ///   - displayName: How prompts call it (`Note`); the name when `nil`.
  ///   - properties: The readable properties besides `id`, in order, with their types.
  ///   - query: Finds entities by id, by text and as suggestions.
  public init(
    dynamicName name: String, displayName: String? = nil,
    properties: [(name: String, type: ValueType)], query: DynamicEntityQuery
  ) {
    self.name = name
    self.displayName = displayName ?? name
    self.properties = properties
    isRecord = false
    lookup = Lookup(
      byIdentifiers: { ids in try await query.entitiesForIdentifiers(ids).map(AnyEntity.init) },
      matching: { text in try await query.entities(matching: text).map(AnyEntity.init) },
      suggested: { try await query.suggestedEntities().map(AnyEntity.init) })
  }

  public var description: String { name }

  /// The type of the property `name`, including `id`; `nil` when there is no such property.
  public func propertyType(_ name: String) -> ValueType? {
    if name == "id" { return .text }
    return properties.first { $0.name == name }?.type
  }

  /// The entities with these identifiers.
  public func entities(for identifiers: [String]) async throws -> [AnyEntity] {
    try await lookup.byIdentifiers(identifiers)
  }

  /// The entities that match the text.
  public func entities(matching text: String) async throws -> [AnyEntity] {
    try await lookup.matching(text)
  }

  /// The entities to offer when a value is needed.
  public func suggestedEntities() async throws -> [AnyEntity] {
    try await lookup.suggested()
  }

  public static func == (lhs: EntityType, rhs: EntityType) -> Bool { lhs.name == rhs.name }
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  struct Lookup: Sendable {
    var byIdentifiers: @Sendable ([String]) async throws -> [AnyEntity]
    var matching: @Sendable (String) async throws -> [AnyEntity]
    var suggested: @Sendable () async throws -> [AnyEntity]
    var unionCases: [UnionCase] = []
    var representationTypes: @Sendable () -> [ValueType] = { [] }
  }
}
