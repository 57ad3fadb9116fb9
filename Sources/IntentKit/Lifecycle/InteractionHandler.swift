import Synchronization

/// Who answers when a step needs something from a person: a value, a choice, a yes or no.
///
/// On a terminal the runner prompts; under cron, in a pipe or with `--non-interactive` the
/// handler answers `nil` ("nobody can be asked") and the run stops before the step's handle,
/// naming the step, the parameter and the prompt or candidates.
public protocol InteractionHandler: Sendable {
  /// Asks for a parameter's value. Returns `nil` when nobody can be asked.
  func requestValue(_ request: ValueRequest) async throws -> Value?
  /// Asks to choose one of several candidates. Returns the chosen index, or `nil` when nobody
  /// can be asked.
  func requestChoice(_ request: ChoiceRequest) async throws -> Int?
  /// Asks for a yes or no. Returns `nil` when nobody can be asked.
  func requestConfirmation(_ request: ConfirmationRequest) async throws -> Bool?
  /// Whether anyone can answer at all. A run whose handler cannot (and that has no `--yes`)
  /// stops before its first step when the plan shows a step that will ask for confirmation,
  /// so that nothing is half-done. Defaults to `true`.
  var canAsk: Bool { get }
}

extension InteractionHandler {
  /// Handlers answer unless they say otherwise.
  public var canAsk: Bool { true }
}

/// A request for a parameter's value.
public struct ValueRequest: Sendable {
  /// The step's id, or its intent's identifier.
  public var step: String
  public var intent: IntentIdentifier
  public var parameter: ParameterDescriptor
  /// The question: `What's the title?`
  public var prompt: String
  /// Why the value is asked again, if it is: `no Todo matches 'bred'`.
  public var reason: String?
  /// Values to offer (a query's suggested entities).
  public var suggestions: [Value]
  /// Whether the answer is a secret (a `"secret": true` input): asked without echo.
  public var isSecret: Bool

  public init(
    step: String, intent: IntentIdentifier, parameter: ParameterDescriptor, prompt: String,
    reason: String? = nil, suggestions: [Value] = [], isSecret: Bool = false
  ) {
    self.step = step
    self.intent = intent
    self.parameter = parameter
    self.prompt = prompt
    self.reason = reason
    self.suggestions = suggestions
    self.isSecret = isSecret
  }
}

/// A request to choose among candidates.
public struct ChoiceRequest: Sendable {
  public var step: String
  public var intent: IntentIdentifier
  public var parameter: ParameterDescriptor
  /// The question: `Several Todos match 'milk'. Which one?`
  public var prompt: String
  public var candidates: [Value]

  public init(
    step: String, intent: IntentIdentifier, parameter: ParameterDescriptor, prompt: String,
    candidates: [Value]
  ) {
    self.step = step
    self.intent = intent
    self.parameter = parameter
    self.prompt = prompt
    self.candidates = candidates
  }
}

/// A request for a yes or no before an intent runs or a value is used.
public struct ConfirmationRequest: Sendable {
  public var step: String
  public var intent: IntentIdentifier
  /// The question: `Delete the todo 'Buy milk'?`
  public var prompt: String

  public init(step: String, intent: IntentIdentifier, prompt: String) {
    self.step = step
    self.intent = intent
    self.prompt = prompt
  }
}

/// Answers nothing: every request stops the run. Used under cron, in pipes, and with
/// `--non-interactive`.
public struct NonInteractiveHandler: InteractionHandler {
  public init() {}
  /// Nobody can answer.
  public var canAsk: Bool { false }
  public func requestValue(_ request: ValueRequest) async throws -> Value? { nil }
  public func requestChoice(_ request: ChoiceRequest) async throws -> Int? { nil }
  public func requestConfirmation(_ request: ConfirmationRequest) async throws -> Bool? { nil }
}

/// Answers from a script, in order: for tests and for `performForTesting`-style harnesses.
public final class ScriptedInteraction: InteractionHandler {
  /// One scripted answer.
  public enum Answer: Sendable {
    case value(Value)
    case choice(Int)
    case confirmation(Bool)
  }

  private let answers: Mutex<[Answer]>
  /// Every request received, as text, in order.
  public var transcript: [String] { log.withLock { $0 } }
  private let log = Mutex<[String]>([])

  /// Creates a handler that gives these answers in order, then `nil`.
  public init(_ answers: [Answer]) {
    self.answers = Mutex(answers)
  }

  public func requestValue(_ request: ValueRequest) async throws -> Value? {
    log.withLock { $0.append("value \(request.parameter.name): \(request.prompt)") }
    guard case .value(let value)? = next() else { return nil }
    return value
  }

  public func requestChoice(_ request: ChoiceRequest) async throws -> Int? {
    log.withLock {
      $0.append(
        "choice \(request.parameter.name): \(request.candidates.map(\.textDescription))")
    }
    guard case .choice(let index)? = next() else { return nil }
    return index
  }

  public func requestConfirmation(_ request: ConfirmationRequest) async throws -> Bool? {
    log.withLock { $0.append("confirm: \(request.prompt)") }
    guard case .confirmation(let answer)? = next() else { return nil }
    return answer
  }

  private func next() -> Answer? {
    answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
  }
}
