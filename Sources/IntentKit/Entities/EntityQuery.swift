/// Finds entities of one type: by identifier, by text, and as suggestions to offer.
///
/// The engine resolves an entity parameter with its type's query: an id goes through
/// ``entities(for:)``, other text through ``entities(matching:)`` (one match succeeds, several
/// ask the user to choose, none asks for a value offering ``suggestedEntities()``).
public protocol EntityQuery: Sendable {
  associatedtype Entity: AppEntity

  /// The entities with these identifiers; unknown identifiers are left out.
  func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
  /// Entities worth offering when a value is needed (for todos: the open ones, earliest due first).
  func suggestedEntities() async throws -> [Entity]
  /// Entities that match text a person typed.
  func entities(matching string: String) async throws -> [Entity]
}

extension EntityQuery {
  /// Offers nothing.
  public func suggestedEntities() async throws -> [Entity] { [] }

  /// The suggested entities whose display title contains `string`, ignoring case; an exact
  /// title match wins over partial ones.
  public func entities(matching string: String) async throws -> [Entity] {
    EntityTitleMatch.filter(try await suggestedEntities(), matching: string)
  }
}
