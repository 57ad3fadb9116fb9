private enum RunEnvironmentKey: DependencyKey {
  static var defaultValue: RunEnvironment { .live }
  /// A test that runs an intent reading the time without setting it fails, naming the member.
  static var testValue: RunEnvironment { .unimplemented }
}

extension DependencyValues {
  /// The run's clock, time zone, randomness and identifiers, as intents see them: the same
  /// value the executor and the expressions read (the executor sets it from its own).
  ///
  /// Read it with `@Dependency(\.runEnvironment) var environment`.
  public var runEnvironment: RunEnvironment {
    get { self[RunEnvironmentKey.self] }
    set { self[RunEnvironmentKey.self] = newValue }
  }
}
