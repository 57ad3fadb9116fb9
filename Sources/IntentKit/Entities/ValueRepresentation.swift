/// A conversion an entity declares to another type, as the seed's `ValueRepresentation`: a
/// Photo is also a File, a Note is also text. Coercion uses it where a parameter wants the
/// other type, and the planner accepts the step before the run.
public struct ValueRepresentation<Entity: AppEntity>: Sendable {
  /// The type the entity converts to.
  public var type: ValueType
  let convert: @Sendable (Entity) -> Value

  /// Declares a conversion to the type of `T`.
  public init<T: ValueConvertible>(_ convert: @escaping @Sendable (Entity) -> T) {
    type = T.valueType
    self.convert = { convert($0).intentValue }
  }
}

/// An entity that converts to other types (see ``ValueRepresentation``).
///
/// ```swift
/// extension Photo: ValueRepresentable {
///   static var representations: [ValueRepresentation<Photo>] { [.init { File.at($0.path) }] }
/// }
/// ```
public protocol ValueRepresentable: AppEntity {
  /// The conversions, tried in order.
  static var representations: [ValueRepresentation<Self>] { get }
}

extension AnyEntity {
  /// The entity converted to `type` through a declared representation; `nil` when it
  /// declares none for that type (or the conversion gives nothing).
  public func represented(as type: ValueType) -> Value? {
    guard let representable = base as? any ValueRepresentable else { return nil }
    return Self.convert(representable, to: type)
  }

  private static func convert<E: ValueRepresentable>(_ entity: E, to type: ValueType) -> Value? {
    for representation in E.representations where representation.type == type {
      let value = representation.convert(entity)
      if value != .null { return value }
    }
    return nil
  }
}

extension EntityType {
  /// The types this entity type declares conversions to.
  public var representationTypes: [ValueType] { lookup.representationTypes() }

  static func representationTypes<E: AppEntity>(of type: E.Type) -> [ValueType] {
    guard let representable = type as? any ValueRepresentable.Type else { return [] }
    return types(of: representable)
  }

  private static func types<E: ValueRepresentable>(of type: E.Type) -> [ValueType] {
    E.representations.map(\.type)
  }
}
