/// A key for a value in ``DependencyValues``, with the value used when none is set.
public protocol DependencyKey {
  associatedtype Value: Sendable
  /// The value used when nobody set one: the live implementation.
  static var defaultValue: Value { get }
}

/// The dependencies of intents (stores, clocks, services), set by whoever runs them.
///
/// Add one with a key and a computed property, as SwiftUI environment values:
/// ```swift
/// private enum TodoStoreKey: DependencyKey { static var defaultValue: TodoStore { .live } }
/// extension DependencyValues {
///   public var todoStore: TodoStore {
///     get { self[TodoStoreKey.self] }
///     set { self[TodoStoreKey.self] = newValue }
///   }
/// }
/// ```
public struct DependencyValues: Sendable {
  private var storage: [ObjectIdentifier: any Sendable] = [:]

  /// Creates empty dependencies: every key gives its default.
  public init() {}

  /// The value for a key: the one set, or the key's default.
  public subscript<K: DependencyKey>(key: K.Type) -> K.Value {
    get { storage[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
    set { storage[ObjectIdentifier(key)] = newValue }
  }
}

/// Reads a dependency of the running intent: `@Dependency(\.todoStore) var store`.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private let read: @Sendable (DependencyValues) -> Value

  /// Declares a dependency by its key path in ``DependencyValues``.
  public init(_ read: @escaping @Sendable (DependencyValues) -> Value) {
    self.read = read
  }

  /// The current value, from the running intent's context.
  public var wrappedValue: Value { read(IntentContext.current.dependencies) }
}
