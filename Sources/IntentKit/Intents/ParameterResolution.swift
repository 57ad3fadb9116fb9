/// The outcome of resolving one parameter, as in SiriKit's resolve phase.
public enum ParameterResolution<T: Sendable>: Sendable {
  /// The value is good.
  case success(T)
  /// A value is missing, empty, or named nothing; ask with this prompt (or the parameter's own).
  case needsValue(prompt: String? = nil)
  /// Several values fit; the user chooses one.
  case disambiguation([T], prompt: String? = nil)
  /// The value can never work; the reason says why (`the title is too long`).
  case unsupported(reason: String)
  /// The value is probably right, but ask the user to confirm it first.
  case confirmationRequired(T, prompt: String)

  /// The same outcome with the value transformed.
  public func map<U: Sendable>(_ transform: (T) -> U) -> ParameterResolution<U> {
    switch self {
    case .success(let value): return .success(transform(value))
    case .needsValue(let prompt): return .needsValue(prompt: prompt)
    case .disambiguation(let values, let prompt):
      return .disambiguation(values.map(transform), prompt: prompt)
    case .unsupported(let reason): return .unsupported(reason: reason)
    case .confirmationRequired(let value, let prompt):
      return .confirmationRequired(transform(value), prompt: prompt)
    }
  }
}

/// The outcome of an intent's confirm phase, as in SiriKit.
public enum ConfirmationResult: Sendable, Hashable {
  /// Go ahead and perform.
  case ready
  /// Do not perform; the reason says why (`the project does not exist`).
  case failure(reason: String)
  /// Ask the user first (destructive or costly intents): `Delete the todo 'Buy milk'?`.
  case needsUserConfirmation(prompt: String)
}
