extension EntityProperty {
  /// Declares a deferred property, as the seed's `@DeferredProperty`: its closure runs only
  /// when a step reads it (`${note.preview}`), a dictionary is made of the entity, or one
  /// entity is shown in full (`--json`); never when entities are listed or resolved.
  ///
  /// ```swift
  /// .deferred("preview") { $0.computePreview() }
  /// ```
  public static func deferred<T: ValueConvertible>(
    _ name: String, _ read: @escaping @Sendable (Entity) -> T
  ) -> EntityProperty {
    var property = EntityProperty(name, read)
    property.isDeferred = true
    return property
  }
}

extension AnyEntity {
  /// The declared properties, in declaration order, computed now; deferred ones only when
  /// `includingDeferred`.
  public func properties(includingDeferred: Bool) -> [(name: String, value: Value)] {
    dynamic?.properties ?? Self.readAll(base, includingDeferred: includingDeferred)
  }

  private static func readAll<E: AppEntity>(_ entity: E, includingDeferred: Bool)
    -> [(name: String, value: Value)]
  {
    E.properties.all.filter { includingDeferred || !$0.isDeferred }
      .map { ($0.name, $0.read(entity)) }
  }
}
