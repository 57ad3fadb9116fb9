extension RunStore.SQL {
  /// Records a use: inserts the entity or refreshes its title and last use.
  static let recordUse = """
    INSERT INTO entities (type_name, entity_id, title, used_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (type_name, entity_id) DO UPDATE
      SET title = excluded.title, used_at = excluded.used_at
    """

  /// Marks an entity relevant, inserting it (with its id as title) when it is not recorded.
  static let markRelevant = """
    INSERT INTO entities (type_name, entity_id, title, relevant_at) VALUES (?, ?, ?, ?)
      ON CONFLICT (type_name, entity_id) DO UPDATE SET relevant_at = excluded.relevant_at
    """

  static let clearRelevant =
    "UPDATE entities SET relevant_at = NULL WHERE relevant_at IS NOT NULL"

  /// Entities that were only marked, never used, once their mark is cleared.
  static let deleteUnusedEntities =
    "DELETE FROM entities WHERE used_at IS NULL AND relevant_at IS NULL"

  /// Used entities not marked relevant, other than the newest `?` uses.
  static let pruneEntitiesBeyond = """
    DELETE FROM entities WHERE relevant_at IS NULL
      AND used_at <= (SELECT used_at FROM entities WHERE used_at IS NOT NULL
        ORDER BY used_at DESC LIMIT 1 OFFSET ?)
    """

  /// Relevant first (newest mark first), then by last use, newest first.
  static let entities = """
    SELECT type_name, entity_id, title, used_at, relevant_at FROM entities
      ORDER BY relevant_at IS NULL, relevant_at DESC, used_at DESC LIMIT ?
    """
}
