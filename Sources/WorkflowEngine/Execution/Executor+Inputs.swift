// Hot code: reading inputs, once per run. It keeps the rules of the paragraph at the top of
// `Executor.swift` (no copy or allocation per step that a plain reading would not make; see
// Docs/Performance.md).

public import IntentKit

/// Inputs from the environment (`"env": "NAME"`) and the secrets a run must hide.
extension Executor {
  /// The value of an input's environment variable (`"env"`), when it is set; read from the
  /// run's ``EvaluationEnvironment``, so tests choose the variables.
  func environmentValue(of input: PlannedInput) -> Value? {
    guard let name = input.environmentName,
      let text = configuration.environment.variables[name]
    else { return nil }
    return Self.structured(.text(text), for: input.type)
  }

  /// What hides the values of the plan's secret inputs, given the values the run was given
  /// (before binding) or bound: the given text, the environment's text and the bound value's
  /// text are all hidden.
  public func redactor(for plan: Plan, given: [String: Value], bound: [String: Value] = [:])
    -> Redactor
  {
    var secrets: [String] = []
    for input in plan.inputs where input.isSecret {
      for value in [given[input.name], bound[input.name], environmentValue(of: input)] {
        if let value { secrets += Redactor.texts(of: value) }
      }
    }
    return Redactor(secrets: secrets)
  }

  /// The configuration a run with bound `inputs` runs its steps with: the secret inputs'
  /// values among the dependencies intents read (``DependencyValues/secrets``), so that they
  /// mask them in text from outside before cutting it, and reported to
  /// ``Configuration/onSecretText``.
  func hidingSecrets(of plan: Plan, _ inputs: [String: Value]) -> Configuration {
    var configuration = self.configuration
    for input in plan.inputs where input.isSecret {
      for text in Redactor.texts(of: inputs[input.name] ?? .null) {
        configuration.dependencies.secrets.insert(text)
        configuration.onSecretText?(SecretText(whole: text))
      }
    }
    return configuration
  }
}
