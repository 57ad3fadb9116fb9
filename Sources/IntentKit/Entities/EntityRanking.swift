/// The order in which suggested entities are offered: those marked relevant for the current
/// context first, then recently used ones, then the rest, each group keeping its own order.
/// It only reorders: what the query returned is offered, no more and no less.
public struct EntityRanking: Sendable, Hashable {
  /// A type name and stable id, as the run store records them.
  public struct Key: Sendable, Hashable {
    public var typeName: String
    public var id: String

    public init(typeName: String, id: String) {
      self.typeName = typeName
      self.id = id
    }
  }

  /// Entities marked relevant, most important first.
  public var relevant: [Key]
  /// Entities used recently, newest first.
  public var recent: [Key]

  /// No ranking: suggestions keep the query's order.
  public static let none = EntityRanking(relevant: [], recent: [])

  public init(relevant: [Key], recent: [Key]) {
    self.relevant = relevant
    self.recent = recent
  }

  /// `entities` reordered: relevant ones first, then recent ones (each in this ranking's
  /// order), then the rest in their order.
  public func ordered(_ entities: [AnyEntity]) -> [AnyEntity] {
    var rank: [Key: Int] = [:]
    let ranked = relevant + recent
    for (index, key) in ranked.enumerated() where rank[key] == nil {
      rank[key] = index
    }
    guard !rank.isEmpty else { return entities }
    let keyed = entities.enumerated().map { (offset, entity) in
      (entity, rank[Key(typeName: entity.typeName, id: entity.id)] ?? ranked.count + offset)
    }
    return keyed.sorted { $0.1 < $1.1 }.map(\.0)
  }
}

private enum EntityRankingKey: DependencyKey {
  static let defaultValue = EntityRanking.none
}

extension DependencyValues {
  /// How suggested entities are ordered when a step asks for a value; the default keeps the
  /// query's order. The runner sets it from the run store (`intentflow relevant`).
  public var entityRanking: EntityRanking {
    get { self[EntityRankingKey.self] }
    set { self[EntityRankingKey.self] = newValue }
  }
}
