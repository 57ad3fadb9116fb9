/// The three queries of an entity type declared at run time, as closures: what
/// ``EntityQuery`` is for a Swift entity type.
///
/// Without `matching`, text is matched against the display titles of the suggested entities
/// (an exact title wins over partial ones), as ``EntityQuery``'s default does.
public struct DynamicEntityQuery: Sendable {
  /// The entities with these identifiers; unknown identifiers are left out.
  public var entitiesForIdentifiers: @Sendable ([String]) async throws -> [DynamicEntity]
  /// The entities worth offering when a value is needed.
  public var suggestedEntities: @Sendable () async throws -> [DynamicEntity]
  /// The entities that match text a person typed; `nil` to match suggested titles.
  public var entitiesMatching: (@Sendable (String) async throws -> [DynamicEntity])?

  /// Describes the queries.
  public init(
    entitiesForIdentifiers: @escaping @Sendable ([String]) async throws -> [DynamicEntity],
    suggestedEntities: @escaping @Sendable () async throws -> [DynamicEntity] = { [] },
    entitiesMatching: (@Sendable (String) async throws -> [DynamicEntity])? = nil
  ) {
    self.entitiesForIdentifiers = entitiesForIdentifiers
    self.suggestedEntities = suggestedEntities
    self.entitiesMatching = entitiesMatching
  }

  /// The entities that match `string`: through `entitiesMatching` when given, else among the
  /// suggested ones by title.
  public func entities(matching string: String) async throws -> [DynamicEntity] {
    if let entitiesMatching { return try await entitiesMatching(string) }
    return EntityTitleMatch.filter(try await suggestedEntities(), matching: string)
  }
}

/// How text matches entities when a query has no matcher of its own.
enum EntityTitleMatch {
  /// The entities whose display title contains `string`, ignoring case; an exact title match
  /// wins over partial ones.
  static func filter<E: AppEntity>(_ entities: [E], matching string: String) -> [E] {
    let needle = string.lowercased()
    let candidates = entities.filter {
      $0.displayRepresentation.title.lowercased().contains(needle)
    }
    let exact = candidates.filter { $0.displayRepresentation.title.lowercased() == needle }
    return exact.count == 1 ? exact : candidates
  }
}
