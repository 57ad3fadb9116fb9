public import IntentKit

/// Hides the values of secret inputs (`"secret": true`) in everything a run shows or keeps:
/// events (dialogs, progress, errors), the result (output, step records, error) and any
/// text, by the rules of ``SecretValues``: a value that is a secret, or that the workflow built
/// from one (see ``SecretText``), is shown with the secret's spans as `***`; other text is
/// searched only for secrets of at least ``SecretValues/shortestSearched`` bytes and their
/// encoded forms, so that a secret `a` leaves `banana bread` as it is.
///
/// Intents receive the real values; only what comes back out is redacted. A value an intent
/// derives from a secret (its hash, its upper-case form) is not the secret and is not hidden.
public struct Redactor: Sendable {
  /// What replaces a secret.
  public static let mask = SecretValues.mask

  /// The secret values, and the texts built from them.
  public private(set) var values: SecretValues

  /// - Parameter secrets: The texts to hide; empty ones are ignored.
  public init(secrets: [String]) {
    values = SecretValues(secrets)
  }

  /// Whether there is anything to hide.
  public var isEmpty: Bool { values.isEmpty }

  /// Adds a text the workflow built from secrets, hidden at the secrets' spans from now on.
  public mutating func insert(_ text: SecretText) {
    values.insert(text.text, secretSpans: text.spans)
  }

  /// Hides what `other` hides too.
  public mutating func formUnion(_ other: Redactor) {
    values.formUnion(other.values)
  }

  /// The texts a value shows as: its text form, and each item's for lists and dictionaries.
  static func texts(of value: Value) -> [String] {
    switch value {
    case .null: return []
    case .list(let items): return items.flatMap(texts(of:))
    case .dictionary(let entries): return entries.values.flatMap(texts(of:))
    default: return [value.textDescription]
    }
  }

  /// `text` as it may be shown (see ``SecretValues/masking(_:)``).
  public func redact(_ text: String) -> String {
    values.masking(text)
  }

  /// A value with every secret hidden: text redacted, lists and dictionaries item by item,
  /// and a number, date or URL whose text shows a secret shown as that text, redacted.
  public func redact(_ value: Value) -> Value {
    guard !values.isEmpty else { return value }
    switch value {
    case .null, .boolean: return value
    case .entity(let entity): return redacted(entity).map(Value.dictionary) ?? value
    case .text(let text): return .text(redact(text))
    case .list(let items): return .list(items.map(redact))
    case .dictionary(let entries): return .dictionary(entries.mapValues(redact))
    default:
      let text = value.textDescription
      let redacted = redact(text)
      return redacted == text ? value : .text(redacted)
    }
  }

  /// An entity that shows a secret (in its title, subtitle, id or a property read without
  /// computing deferred ones), as what it shows with every secret hidden: its properties,
  /// `type`, `id` and `display`. `nil` when it shows none, so it stays an entity.
  ///
  /// A todo titled with a secret would otherwise print it; shown as a dictionary, it is
  /// neither printed nor kept as an entity (so never remembered among recent entities).
  func redacted(_ entity: AnyEntity) -> [String: Value]? {
    let display = entity.displayRepresentation
    let properties = entity.properties(includingDeferred: false)
    let shown = [display.title, display.subtitle ?? "", entity.id]
    guard
      shown.contains(where: showsSecret)
        || properties.contains(where: { Self.texts(of: $0.value).contains(where: showsSecret) })
    else { return nil }
    var result: [String: Value] = [:]
    for (name, value) in properties { result[name] = redact(value) }
    result["type"] = .text(entity.typeName)
    result["id"] = .text(redact(entity.id))
    result["display"] = .text(redact(display.title))
    return result
  }

  private func showsSecret(_ text: String) -> Bool {
    values.shows(text)
  }

  /// An error with its message and candidates redacted.
  public func redact(_ error: IntentFlowError) -> IntentFlowError {
    guard !values.isEmpty else { return error }
    var redacted = error
    redacted.message = redact(error.message)
    redacted.candidates = error.candidates.map(redact)
    return redacted
  }

  /// A run's result with its output, step records and error redacted.
  public func redact(_ result: RunResult) -> RunResult {
    guard !values.isEmpty else { return result }
    var redacted = result
    redacted.output = redact(result.output)
    redacted.error = result.error.map(redact)
    redacted.steps = result.steps.map(redact)
    return redacted
  }

  /// The handling with secrets in its steps and error replaced by `***`.
  public func redact(_ handled: Executor.FailureHandling) -> Executor.FailureHandling {
    guard !values.isEmpty else { return handled }
    var redacted = handled
    redacted.error = handled.error.map(redact)
    redacted.steps = handled.steps.map(redact)
    return redacted
  }

  private func redact(_ record: StepRecord) -> StepRecord {
    var step = record
    step.output = redact(record.output)
    step.dialog = record.dialog.map(redact)
    step.snippet = record.snippet.map(redact)
    step.error = record.error.map(redact)
    return step
  }

  /// A step-history entry with its parameters, output, error and logs redacted.
  public func redact(_ entry: StepEntry) -> StepEntry {
    guard !values.isEmpty else { return entry }
    var redacted = entry
    redacted.parameters = entry.parameters?.mapValues(redact)
    redacted.output = redact(entry.output)
    if redacted.output != entry.output { redacted.outputMasked = true }
    redacted.error = entry.error.map(redact)
    redacted.logs = entry.logs.map { StepLog.Line(stream: $0.stream, text: redact($0.text)) }
    return redacted
  }

  /// An event with the values, dialogs and errors in it redacted.
  public func redact(_ event: RunEvent) -> RunEvent {
    guard !values.isEmpty else { return event }
    switch event {
    case .stepResolved(let step, let parameters):
      return .stepResolved(step, parameters: parameters.mapValues(redact))
    case .stepFinished(let step, let output, let dialog, let snippet, let duration):
      return .stepFinished(
        step, output: redact(output), dialog: dialog.map(redact), snippet: snippet.map(redact),
        duration: duration)
    case .stepFailed(let step, let error, let willRetry):
      return .stepFailed(step, error: redact(error), willRetry: willRetry)
    case .progress(let step, var update):
      update.message = update.message.map(redact)
      return .progress(step, update)
    case .runStarted, .stepStarted, .stepConfirmed, .stepSkipped, .runFinished:
      return event
    }
  }
}

/// A text the workflow built from secret inputs, with the byte ranges where the secrets'
/// bytes sit: `"Bearer ${inputs.token}"` gives `Bearer hunter2` with the range of `hunter2`.
/// The evaluator reports one for each value that reads a secret input (see
/// ``Executor/Configuration/onSecretText``), so that the value is masked where the run shows it,
/// at those spans only, however short the secret is.
public struct SecretText: Sendable, Hashable {
  public var text: String
  /// Sorted, apart, on character boundaries.
  public var spans: [Range<Int>]

  public init(_ text: String, spans: [Range<Int>]) {
    self.text = text
    self.spans = spans
  }

  /// A text that is secret as a whole.
  public init(whole text: String) {
    self.init(text, spans: [0..<text.utf8.count])
  }
}
