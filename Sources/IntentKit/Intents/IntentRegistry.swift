import Suggestions

/// The intents a runner knows, by identifier.
///
/// Adding an intent is one line: `registry.register(AddTodo.self)`. Other packages build
/// their own registry from the standard one and theirs, and their own runner on top.
///
/// Registering reads only each intent's identifier and texts; its parameters are read when a
/// workflow first uses it (see ``IntentDescriptor``).
public struct IntentRegistry: Sendable {
  /// Sorted by identifier, found by binary search. An array rather than a dictionary: the
  /// runner starts faster without instantiating a dictionary type (and searching the binary
  /// for its key's `Hashable` conformance) before it has read its command line.
  private var descriptors: [IntentDescriptor] = []

  /// Creates a registry holding the given intents.
  public init(_ intents: [any AppIntent.Type] = []) {
    descriptors.reserveCapacity(intents.count)
    for intent in intents { register(intent) }
  }

  /// Adds an intent. A second intent with the same identifier is a programming error.
  public mutating func register(_ intent: any AppIntent.Type) {
    insert(IntentDescriptor(intent))
  }

  /// Adds an intent described by metadata (an extension's); a taken identifier is an error.
  public mutating func register(_ descriptor: IntentDescriptor) {
    insert(descriptor)
  }

  /// Adds every intent of another registry.
  public mutating func merge(_ other: IntentRegistry) {
    for descriptor in other.descriptors { insert(descriptor) }
  }

  private mutating func insert(_ descriptor: IntentDescriptor) {
    let position = index(of: descriptor.identifier.rawValue)
    precondition(
      position == descriptors.endIndex
        || descriptors[position].identifier.rawValue != descriptor.identifier.rawValue,
      "two intents are registered as '\(descriptor.identifier)'")
    descriptors.insert(descriptor, at: position)
  }

  /// The position of the first descriptor whose identifier is not less than `identifier`.
  private func index(of identifier: String) -> Int {
    var low = 0
    var high = descriptors.count
    while low < high {
      let middle = (low + high) / 2
      if descriptors[middle].identifier.rawValue < identifier {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low
  }

  /// The intent with this identifier.
  ///
  /// - Complexity: O(log n) in the number of intents.
  public func intent(_ identifier: IntentIdentifier) -> IntentDescriptor? {
    let position = index(of: identifier.rawValue)
    guard position < descriptors.count,
      descriptors[position].identifier.rawValue == identifier.rawValue
    else { return nil }
    return descriptors[position]
  }

  /// Every intent, sorted by identifier.
  public var intents: [IntentDescriptor] { descriptors }

  /// The known identifier closest to a misspelt one, for "did you mean".
  public func suggestion(for identifier: String) -> IntentIdentifier? {
    Spelling.closest(to: identifier, among: intents.map(\.identifier.rawValue))
      .map(IntentIdentifier.init(rawValue:))
  }

  /// Every entity type that an intent takes or returns, sorted by name.
  public var entityTypes: [EntityType] {
    var seen: [String: EntityType] = [:]
    func visit(_ type: ValueType) {
      switch type {
      case .entity(let entity): seen[entity.name] = entity
      case .list(let element): visit(element)
      default: break
      }
    }
    for descriptor in descriptors {
      visit(descriptor.outputType)
      descriptor.parameters.forEach { visit($0.type) }
    }
    return seen.values.sorted { $0.name < $1.name }
  }
}
