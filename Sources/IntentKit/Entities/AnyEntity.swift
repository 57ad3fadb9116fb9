/// An entity of any type, as it travels between steps: the typed value itself, so that
/// an entity passed from one step to the next stays exactly what the first step returned.
///
/// Two entities are equal when they have the same type and identifier.
public struct AnyEntity: Sendable, Hashable {
  /// The typed entity.
  public let base: any AppEntity

  /// The entity when its type was declared at run time: its type and properties live in the
  /// instance rather than in a Swift type. Cast at each read, not stored: a stored copy would
  /// make every `Value` (whose largest case this is) several times larger.
  var dynamic: DynamicEntity? { base as? DynamicEntity }

  /// Wraps an entity.
  public init(_ base: any AppEntity) {
    self.base = base
  }

  /// The entity's type.
  public var type: EntityType { dynamic?.type ?? Self.type(of: base) }

  /// The type's name, cheaper than ``type`` when only the name is wanted.
  public var typeName: String {
    dynamic?.type.name ?? Swift.type(of: base).typeDisplayRepresentation.name
  }

  /// The stable identifier.
  public var id: String { base.id }

  /// How the entity is shown.
  public var displayRepresentation: DisplayRepresentation { base.displayRepresentation }

  /// The value of a property (`id` included), computed now; `nil` for an unknown name.
  public func property(_ name: String) -> Value? {
    if name == "id" { return .text(id) }
    if let dynamic { return dynamic.property(name) }
    return Self.read(name, of: base)
  }

  /// Every declared property, in declaration order, computed now.
  public var properties: [(name: String, value: Value)] {
    dynamic?.properties ?? Self.readAll(base)
  }

  /// The entity as a dictionary: `id` and every property.
  public var dictionaryRepresentation: [String: Value] {
    var result: [String: Value] = isRecord ? [:] : ["id": .text(id)]
    for (name, value) in properties { result[name] = value }
    return result
  }

  private static func type<E: AppEntity>(of entity: E) -> EntityType { EntityType(E.self) }

  private static func read<E: AppEntity>(_ name: String, of entity: E) -> Value? {
    E.properties.all.first { $0.name == name }.map { $0.read(entity) }
  }

  private static func readAll<E: AppEntity>(_ entity: E) -> [(name: String, value: Value)] {
    E.properties.all.map { ($0.name, $0.read(entity)) }
  }

  public static func == (lhs: AnyEntity, rhs: AnyEntity) -> Bool {
    lhs.typeName == rhs.typeName && lhs.id == rhs.id
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(typeName)
    hasher.combine(id)
  }
}
