/// The identifiers of many entities of one type, as the seed's `EntityCollection`: a parameter
/// of this type is never resolved one entity at a time.
///
/// A `[Photo]` parameter looks every item up through the query before `perform()` runs; for
/// ten thousand photos that is ten thousand lookups, though an intent that tags them needs
/// only their ids. `EntityCollection<Photo>` takes the ids as given (entities from an earlier
/// step give theirs; text and whole numbers are taken as ids) and hands them to `perform()`,
/// which passes them to its store in one call.
///
/// ```swift
/// @Parameter(title: "Photos", resolve: EntityCollection.check)
/// var photos: EntityCollection<Photo>
/// func perform() async throws -> IntentResult<Int> {
///   .result(value: try store.tag(ids: photos.identifiers, with: tag))
/// }
/// ```
///
/// - Complexity: O(n) in the number of items to take the ids; no query runs.
public struct EntityCollection<Entity: AppEntity>: ValueConvertible, Hashable {
  /// The identifiers, in the order given; duplicates kept.
  public var identifiers: [String]
  /// Why some items cannot be taken as ids of `Entity` (an entity of another type, a date…);
  /// ``check(_:)`` reports the first as `unsupported`.
  public var problems: [String]

  /// A collection of these identifiers.
  public init(identifiers: [String]) {
    self.identifiers = identifiers
    problems = []
  }

  /// Any list: the engine checks the items when the step runs, without the query.
  public static var valueType: ValueType { .list(.any) }

  /// `EntityCollection of Photo`: a list that `describe` would otherwise call a plain `list`.
  public static var typeName: String? {
    "EntityCollection of \(Entity.typeDisplayRepresentation.name)"
  }

  /// The check to pass as the parameter's `resolve:`, so that items of the wrong kind are
  /// reported as `unsupported`, naming the first: `@Parameter(title: "Photos",
  /// resolve: EntityCollection.check) var photos: EntityCollection<Photo>`.
  @Sendable
  public static func check(_ collection: Self) async throws -> ParameterResolution<Self> {
    guard let problem = collection.problems.first else { return .success(collection) }
    return .unsupported(reason: problem)
  }

  /// The identifiers as a list of text.
  public var intentValue: Value { .list(identifiers.map(Value.text)) }

  /// Takes the ids of a list's items (a single value counts as a one-item list); never fails,
  /// so that items of the wrong kind are reported through ``problems``.
  public init?(intentValue: Value) {
    identifiers = []
    problems = []
    let wanted = Entity.typeDisplayRepresentation.name
    let items = intentValue.listItems
    identifiers.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      switch item {
      case .text(let text): identifiers.append(text)
      case .integer(let number): identifiers.append(String(number))
      case .entity(let entity) where entity.typeName == wanted: identifiers.append(entity.id)
      case .entity(let entity):
        problems.append(
          "item \(index + 1): '\(entity.displayRepresentation.title)' is a \(entity.typeName), "
            + "not a \(wanted)")
      default:
        problems.append(
          "item \(index + 1): \(item.valueType.article) \(item.valueType) is not a \(wanted) "
            + "or its id")
      }
    }
  }
}
