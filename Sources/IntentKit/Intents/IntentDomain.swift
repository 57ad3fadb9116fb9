/// A domain of intents, described once: its heading, the identifier prefixes it covers, its
/// intents, and the live dependencies they need in a real run (a domain's store in the home).
///
/// `intentflow intents`, `Docs/Intents.md`, the registry and every command that performs
/// intents read the list of domains, so a new domain is one file that declares it and one
/// line in that list:
///
/// ```swift
/// extension IntentDomain {
///   public static let todos = IntentDomain(
///     name: "Todos", prefixes: ["todos"],
///     intents: [AddTodo.self, FindTodos.self, CompleteTodo.self, DeleteTodo.self]
///   ) { dependencies, live in
///     dependencies.todoStore = TodoStore.live(
///       environment: live.environment, runEnvironment: live.runEnvironment)
///   }
/// }
/// ```
public struct IntentDomain: Sendable {
  /// What a domain's live dependencies are made from: the process's environment (where the
  /// home is) and the run's clock, time zone and identifiers.
  public struct Live: Sendable {
    public var environment: [String: String]
    public var runEnvironment: RunEnvironment

    public init(environment: [String: String], runEnvironment: RunEnvironment) {
      self.environment = environment
      self.runEnvironment = runEnvironment
    }
  }

  /// The heading: `Numbers`.
  public var name: String
  /// The identifier prefixes it covers, before the first dot: `math`, `number`.
  public var prefixes: [String]
  /// Its intents, in no particular order (listings sort them by identifier).
  public var intents: [any AppIntent.Type]
  /// Sets the dependencies its intents read in a real run; tests set their own instead.
  /// Opening nothing: a store is opened on its first use.
  public var installLive: @Sendable (inout DependencyValues, Live) -> Void

  public init(
    name: String, prefixes: [String], intents: [any AppIntent.Type],
    installLive: @escaping @Sendable (inout DependencyValues, Live) -> Void = { _, _ in }
  ) {
    self.name = name
    self.prefixes = prefixes
    self.intents = intents
    self.installLive = installLive
  }

  /// The prefixes as users read them: `math.*, number.*`.
  public var patterns: String { prefixes.map { "\($0).*" }.joined(separator: ", ") }
}

extension DependencyValues {
  /// Sets the live dependencies of every domain in `domains`.
  public mutating func installLive(_ domains: [IntentDomain], _ live: IntentDomain.Live) {
    for domain in domains { domain.installLive(&self, live) }
  }
}
