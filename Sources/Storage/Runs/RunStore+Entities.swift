#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

extension RunStore {
  /// The most used entities kept; entities marked relevant are always kept.
  public static let maximumEntities = 1_000

  /// Records that a successful run used `entities` at `date` (a donation), keeping each
  /// entity's relevance mark and refreshing its title.
  /// - Parameters:
  ///   - entities: Each entity's type name, stable id and display title.
  ///   - date: When the run finished.
  /// - Throws: ``StorageError`` when the store cannot be written.
  public func recordUse(
    of entities: [(typeName: String, id: String, title: String)], at date: Date
  ) throws(StorageError) {
    guard !entities.isEmpty else { return }
    try database.writeTransaction { (connection) throws(StorageError) in
      for entity in entities {
        try connection.run(
          SQL.recordUse,
          [.text(entity.typeName), .text(entity.id), .text(entity.title), .date(date)])
      }
      try connection.run(SQL.pruneEntitiesBeyond, [.integer(Int64(RunStore.maximumEntities))])
    }
  }

  /// Marks an entity relevant for the current context, so that suggestions put it first.
  /// - Parameters:
  ///   - typeName: The entity type's name.
  ///   - id: The entity's stable id.
  ///   - title: Its display title, kept when the entity is already recorded with one.
  ///   - date: When it was marked.
  /// - Throws: ``StorageError`` when the store cannot be written.
  public func markRelevant(typeName: String, id: String, title: String?, at date: Date)
    throws(StorageError)
  {
    try database.run(
      SQL.markRelevant, [.text(typeName), .text(id), .text(title ?? id), .date(date)])
  }

  /// Clears every relevance mark; recorded uses stay.
  /// - Returns: How many entities were marked.
  /// - Throws: ``StorageError`` when the store cannot be written.
  @discardableResult
  public func clearRelevant() throws(StorageError) -> Int {
    let changes = try database.run(SQL.clearRelevant).changes
    try database.run(SQL.deleteUnusedEntities)
    return changes
  }

  /// The recorded entities: relevant ones first (newest mark first), then by last use,
  /// newest first.
  /// - Parameter limit: The most entities returned.
  /// - Throws: ``StorageError`` when the store cannot be read.
  public func entities(limit: Int = 100) throws(StorageError) -> [EntityRecord] {
    let rows = try database.query(SQL.entities, [.integer(Int64(max(0, limit)))])
    return try rows.map { (row) throws(StorageError) in
      EntityRecord(
        typeName: try row.text("type_name") ?? "", id: try row.text("entity_id") ?? "",
        title: try row.text("title") ?? "", usedAt: try row.date("used_at"),
        relevantAt: try row.date("relevant_at"))
    }
  }
}
