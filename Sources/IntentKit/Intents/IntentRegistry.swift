import Suggestions

/// The intents a runner knows, by identifier.
///
/// Adding an intent is one line: `registry.register(AddTodo.self)`. Other packages build
/// their own registry from the standard one and theirs, and their own runner on top.
public struct IntentRegistry: Sendable {
  private var descriptors: [IntentIdentifier: IntentDescriptor] = [:]

  /// Creates a registry holding the given intents.
  public init(_ intents: [any AppIntent.Type] = []) {
    for intent in intents { register(intent) }
  }

  /// Adds an intent. A second intent with the same identifier is a programming error.
  public mutating func register(_ intent: any AppIntent.Type) {
    let descriptor = IntentDescriptor(intent)
    precondition(
      descriptors[descriptor.identifier] == nil,
      "two intents are registered as '\(descriptor.identifier)'")
    descriptors[descriptor.identifier] = descriptor
  }

  /// Adds an intent described by metadata (an extension's); a taken identifier is an error.
  public mutating func register(_ descriptor: IntentDescriptor) {
    precondition(descriptors[descriptor.identifier] == nil, "'\(descriptor.identifier)' is taken")
    descriptors[descriptor.identifier] = descriptor
  }

  /// Adds every intent of another registry.
  public mutating func merge(_ other: IntentRegistry) {
    for descriptor in other.intents {
      precondition(
        descriptors[descriptor.identifier] == nil,
        "two intents are registered as '\(descriptor.identifier)'")
      descriptors[descriptor.identifier] = descriptor
    }
  }

  /// The intent with this identifier.
  public func intent(_ identifier: IntentIdentifier) -> IntentDescriptor? {
    descriptors[identifier]
  }

  /// Every intent, sorted by identifier.
  public var intents: [IntentDescriptor] {
    descriptors.values.sorted { $0.identifier < $1.identifier }
  }

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
    for descriptor in descriptors.values {
      visit(descriptor.outputType)
      descriptor.parameters.forEach { visit($0.type) }
    }
    return seen.values.sorted { $0.name < $1.name }
  }
}
