/// App content that intents act on and return: a todo, a note, a file.
///
/// An entity has a stable identifier (valid across machines, so workflow files, run history
/// and schedules can name it), a display representation, typed properties that workflow
/// expressions can read (`${add.title}`), and a query that finds entities by id, by text,
/// or as suggestions.
///
/// ```swift
/// struct Todo: AppEntity {
///   static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Todo")
///   static let defaultQuery = TodoQuery()
///   static let properties = EntityProperties<Todo>(
///     .init("title", \.title), .init("due", \.due), .init("isDone", \.isDone))
///   var id: String
///   var title: String
///   var due: Date?
///   var isDone: Bool
///   var displayRepresentation: DisplayRepresentation { .init(title: title) }
/// }
/// ```
public protocol AppEntity: ValueConvertible, Identifiable where ID == String {
  /// The query that resolves ids and text into entities of this type.
  associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self

  /// The type's name, shown in prompts and used as `type` in JSON.
  static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
  /// The query used to resolve parameters of this type.
  static var defaultQuery: DefaultQuery { get }
  /// The properties workflow expressions can read, besides `id`. Read lazily: a property's
  /// closure runs only when a step or the output needs it.
  static var properties: EntityProperties<Self> { get }

  /// A stable identifier: the same on every machine.
  var id: String { get }
  /// How this entity is shown.
  var displayRepresentation: DisplayRepresentation { get }
}

extension AppEntity {
  /// No readable properties besides `id`.
  public static var properties: EntityProperties<Self> { EntityProperties() }

  /// The entity's type as the engine sees it.
  public static var entityType: EntityType { EntityType(Self.self) }

  public static var valueType: ValueType { .entity(entityType) }

  public var intentValue: Value { .entity(AnyEntity(self)) }

  public init?(intentValue: Value) {
    guard case .entity(let entity) = intentValue, let typed = entity.base as? Self else {
      return nil
    }
    self = typed
  }
}
