#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A key for a value in ``DependencyValues``, with the values used when none is set.
///
/// A key has two defaults: ``defaultValue``, the live implementation, and ``testValue``,
/// used instead when the process is a test runner (see ``DependencyValues/Context``). A key
/// whose live value reaches outside the process (a store in the user's home, the network)
/// gives a test value that fails loudly and says which dependency to set, so that a test that
/// forgets to set it fails instead of writing to the machine it runs on.
public protocol DependencyKey {
  associatedtype Value: Sendable
  /// The value used when nobody set one: the live implementation.
  static var defaultValue: Value { get }
  /// The value used when nobody set one in a test process; by default ``defaultValue``.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// The live value: right for keys whose live value has no effect outside the process.
  public static var testValue: Value { defaultValue }
}

/// The dependencies of intents (stores, clocks, services), set by whoever runs them.
///
/// Add one with a key and a computed property, as SwiftUI environment values:
/// ```swift
/// private enum TodoStoreKey: DependencyKey {
///   static var defaultValue: TodoStore { .live }
///   static var testValue: TodoStore { .failing("set dependencies.todoStore in the test") }
/// }
/// extension DependencyValues {
///   public var todoStore: TodoStore {
///     get { self[TodoStoreKey.self] }
///     set { self[TodoStoreKey.self] = newValue }
///   }
/// }
/// ```
public struct DependencyValues: Sendable {
  /// Which default a key gives when nobody set its value.
  public enum Context: Sendable, Hashable {
    /// The live defaults: a real process.
    case live
    /// The test defaults (``DependencyKey/testValue``): a test runner.
    case test

    /// `test` when this process is a test runner (the `swift test` bundle, `xctest`, or
    /// SwiftPM's testing helper), else `live`. Decided once, from the program's name and
    /// arguments and XCTest's environment variables.
    public static let current: Context = {
      let markers = ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
      if markers.contains(where: { ProcessEnvironment.variable($0) != nil }) { return .test }
      let isTestRunner = CommandLine.arguments.prefix(2).contains { argument in
        argument.hasSuffix(".xctest") || argument.hasSuffix("/xctest")
          || argument.hasSuffix("swiftpm-testing-helper")
      }
      return isTestRunner ? .test : .live
    }()
  }

  /// The values set, by key. A list, not a dictionary: a run sets a handful, and the first
  /// value set in a `[ObjectIdentifier: any Sendable]` made the runtime search every protocol
  /// conformance record of the program for `ObjectIdentifier: Hashable` (a cold run's 6 %).
  private var storage: [(key: ObjectIdentifier, value: any Sendable)] = []
  /// Which defaults unset keys give.
  public var context: Context

  /// Creates empty dependencies: every key gives its default for `context` (by default,
  /// the test defaults in a test runner and the live ones elsewhere).
  public init(context: Context = .current) {
    self.context = context
  }

  /// The value for a key: the one set, or the key's default for the ``context``.
  ///
  /// - Complexity: O(n) in the number of values set, which is a handful.
  public subscript<K: DependencyKey>(key: K.Type) -> K.Value {
    get {
      let id = ObjectIdentifier(key)
      if let value = storage.first(where: { $0.key == id })?.value as? K.Value { return value }
      return context == .test ? K.testValue : K.defaultValue
    }
    set {
      let id = ObjectIdentifier(key)
      if let index = storage.firstIndex(where: { $0.key == id }) {
        storage[index].value = newValue
      } else {
        storage.append((id, newValue))
      }
    }
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
