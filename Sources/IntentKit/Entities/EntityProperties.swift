/// The readable properties of an entity type, declared once with key paths.
public struct EntityProperties<Entity>: Sendable {
  /// The properties, in declaration order.
  public var all: [EntityProperty<Entity>]

  /// Declares properties: `EntityProperties(.init("title", \.title), .init("due", \.due))`.
  public init(_ properties: EntityProperty<Entity>...) {
    self.all = properties
  }
}

/// One readable property of an entity: a name, a type, and how to read it.
public struct EntityProperty<Entity>: Sendable {
  /// The name used in expressions (`${todo.title}`) and JSON.
  public var name: String
  /// The property's type, for static checks of the expressions that read it.
  public var type: ValueType
  /// Whether the property is deferred (the seed's `@DeferredProperty`): computed only when
  /// something reads it by name or shows one entity in full, never when lists are shown.
  public var isDeferred = false
  let read: @Sendable (Entity) -> Value

  /// Declares a property read through a key path or closure.
  public init<T: ValueConvertible>(_ name: String, _ read: @escaping @Sendable (Entity) -> T) {
    self.name = name
    self.type = T.valueType
    self.read = { read($0).intentValue }
  }
}
