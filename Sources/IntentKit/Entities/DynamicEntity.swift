/// An entity whose type is declared while the runner runs (an extension's `Note`), not by a
/// Swift type: it carries its ``EntityType`` and its property values with it.
///
/// Wrapped in ``AnyEntity`` it behaves as any other entity: `${step.note.title}` reads its
/// properties (checked before the run against the type's declared properties), parameters of
/// its type are resolved through the type's query, and `--json` shows it in full.
///
/// ```swift
/// let type = EntityType(
///   dynamicName: "jot.Note", displayName: "Note",
///   properties: [("title", .text), ("body", .text)], query: query)
/// let note = DynamicEntity(
///   type: type, id: "n1", display: .init(title: "Groceries"),
///   values: ["title": .text("Groceries"), "body": .text("milk")])
/// ```
public struct DynamicEntity: AppEntity, Hashable {
  /// A placeholder: a dynamic entity's type is known only from the instance (``type``).
  public static var typeDisplayRepresentation: TypeDisplayRepresentation { .init(name: "Entity") }
  /// A placeholder: the instance's ``type`` holds the real query.
  public static var defaultQuery: RecordQuery<DynamicEntity> { RecordQuery() }
  /// Any value: a Swift parameter cannot name a type that exists only at run time.
  public static var valueType: ValueType { .any }

  /// The entity's type, with its properties and query.
  public let type: EntityType
  /// The stable identifier.
  public let id: String
  /// How the entity is shown.
  public var displayRepresentation: DisplayRepresentation
  /// The property values by name; a declared property without a value reads as `null`.
  public var values: [String: Value]

  /// An entity of a dynamic type.
  public init(
    type: EntityType, id: String, display: DisplayRepresentation, values: [String: Value] = [:]
  ) {
    self.type = type
    self.id = id
    self.displayRepresentation = display
    self.values = values
  }

  /// The value of a declared property; `nil` when the type declares no such property.
  public func property(_ name: String) -> Value? {
    guard type.properties.contains(where: { $0.name == name }) else { return nil }
    return values[name] ?? .null
  }

  /// Every declared property, in the type's order.
  public var properties: [(name: String, value: Value)] {
    type.properties.map { ($0.name, values[$0.name] ?? .null) }
  }

  public static func == (lhs: DynamicEntity, rhs: DynamicEntity) -> Bool {
    lhs.type == rhs.type && lhs.id == rhs.id && lhs.values == rhs.values
      && lhs.displayRepresentation == rhs.displayRepresentation
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(type)
    hasher.combine(id)
  }
}
