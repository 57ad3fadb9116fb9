public import IntentKit
import Suggestions

/// Hides the values of secret inputs (`"secret": true`) in everything a run shows or keeps:
/// events (dialogs, progress, errors), the result (output, step records, error) and any
/// text, each occurrence replaced by `***`.
///
/// Intents receive the real values; only what comes back out is redacted. A value an intent
/// derives from a secret (its hash, its upper-case form) is not the secret and is not hidden.
public struct Redactor: Sendable {
  /// What replaces a secret.
  public static let mask = "***"

  /// The secret texts, longest first, so that a secret containing another is hidden whole.
  private let secrets: [String]

  /// - Parameter secrets: The texts to hide; empty ones are ignored.
  public init(secrets: [String]) {
    self.secrets = Array(Set(secrets.filter { !$0.isEmpty })).sorted {
      $0.count != $1.count ? $0.count > $1.count : $0 < $1
    }
  }

  /// Whether there is anything to hide.
  public var isEmpty: Bool { secrets.isEmpty }

  /// The texts a value shows as: its text form, and each item's for lists and dictionaries.
  static func texts(of value: Value) -> [String] {
    switch value {
    case .null: return []
    case .list(let items): return items.flatMap(texts(of:))
    case .dictionary(let entries): return entries.values.flatMap(texts(of:))
    default: return [value.textDescription]
    }
  }

  /// `text` with every secret replaced by `***`.
  public func redact(_ text: String) -> String {
    guard !secrets.isEmpty else { return text }
    var result = text
    // By bytes, not characters: a secret followed by a combining mark is still masked.
    for secret in secrets {
      result = result.replacingEvery(secret, with: Self.mask)
    }
    return result
  }

  /// A value with every secret hidden: text redacted, lists and dictionaries item by item,
  /// and a number, date or URL whose text is a secret shown as the text `***`.
  public func redact(_ value: Value) -> Value {
    guard !secrets.isEmpty else { return value }
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
    secrets.contains { text.contains($0) }
  }

  /// An error with its message and candidates redacted.
  public func redact(_ error: IntentFlowError) -> IntentFlowError {
    guard !secrets.isEmpty else { return error }
    var redacted = error
    redacted.message = redact(error.message)
    redacted.candidates = error.candidates.map(redact)
    return redacted
  }

  /// A run's result with its output, step records and error redacted.
  public func redact(_ result: RunResult) -> RunResult {
    guard !secrets.isEmpty else { return result }
    var redacted = result
    redacted.output = redact(result.output)
    redacted.error = result.error.map(redact)
    redacted.steps = result.steps.map { record in
      var step = record
      step.output = redact(record.output)
      step.dialog = record.dialog.map(redact)
      step.snippet = record.snippet.map(redact)
      step.error = record.error.map(redact)
      return step
    }
    return redacted
  }

  /// An event with the values, dialogs and errors in it redacted.
  public func redact(_ event: RunEvent) -> RunEvent {
    guard !secrets.isEmpty else { return event }
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
