/// Everything the engine knows about an intent, read once from its Swift declaration:
/// identifier, texts, parameters with their types, the input parameter, the output type.
///
/// It drives static validation, `intentflow intents` and `describe`, prompts, the docs and the
/// JSON Schema, and it makes fresh instances to run.
public struct IntentDescriptor: Sendable {
  public let identifier: IntentIdentifier
  public let title: String
  public let description: String
  public let parameterSummary: String?
  /// Parameters in declaration order.
  public let parameters: [ParameterDescriptor]
  /// The type of the value `perform()` returns.
  public let outputType: ValueType
  /// Whether the intent may run past the default timeout while it reports progress.
  public let isLongRunning: Bool
  /// Parameters that take no `${…}`, with the reason (see ``LiteralParameters``).
  public let literalParameters: [String: String]
  /// Whether the intent may ask for confirmation before it performs (``ConfirmingIntent``).
  public let asksForConfirmation: Bool
  /// The App Schema the intent implements (``SchemaConformingIntent``), if any.
  public let schema: AppSchema?
  /// The phrases that run the intent with `intentflow say` (``PhraseProvidingIntent``).
  public let phrases: [String]
  let instantiate: @Sendable () -> IntentInstance

  /// Reads an intent type's metadata.
  public init<Intent: AppIntent>(_ type: Intent.Type) {
    identifier = Intent.identifier
    title = Intent.title
    description = Intent.description
    parameterSummary = Intent.parameterSummary
    outputType = Intent.Output.valueType
    isLongRunning = Intent.self is any LongRunningIntent.Type
    literalParameters = (Intent.self as? any LiteralParameters.Type)?.literalParameters ?? [:]
    asksForConfirmation = Intent.self is any ConfirmingIntent.Type
    schema = (Intent.self as? any SchemaConformingIntent.Type)?.schema
    phrases = (Intent.self as? any PhraseProvidingIntent.Type)?.phrases ?? []
    parameters = Self.slots(of: Intent()).map { name, slot in
      ParameterDescriptor(name: name, metadata: slot.metadata)
    }
    let inputs = parameters.filter(\.isInput)
    precondition(
      inputs.count <= 1, "\(Intent.identifier) marks more than one parameter as its input")
    instantiate = { Self.instance(of: Intent()) }
  }

  private static func instance<Intent: AppIntent>(of intent: Intent) -> IntentInstance {
    var cancel: (@Sendable (CancellationReason) async -> Void)?
    if let cancellable = intent as? any CancellableIntent {
      cancel = { reason in await cancellable.onCancel(reason: reason) }
    }
    let perform: @Sendable () async throws -> ErasedResult = {
      let result = try await intent.perform()
      return ErasedResult(
        value: result.value?.intentValue ?? .null, dialog: result.dialog, snippet: result.snippet)
    }
    return IntentInstance(
      slots: Dictionary(uniqueKeysWithValues: slots(of: intent)),
      confirm: { try await intent.confirm() }, perform: perform, onCancel: cancel)
  }

  /// The parameter that receives the previous step's output when a step leaves it unset.
  public var inputParameter: ParameterDescriptor? { parameters.first(where: \.isInput) }

  /// The parameter called `name`.
  public func parameter(named name: String) -> ParameterDescriptor? {
    parameters.first { $0.name == name }
  }

  /// The parameter summary with each `{name}` replaced: by `values[name]` when given, else
  /// by the parameter's title. Falls back to the title when there is no summary.
  public func summary(with values: [String: String] = [:]) -> String {
    guard let template = parameterSummary else { return title }
    var result = ""
    var rest = Substring(template)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      result += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      result += values[name] ?? parameter(named: name)?.title ?? "{\(name)}"
      rest = rest[rest.index(after: close)...]
    }
    return result + rest
  }

  /// Creates a fresh instance whose parameters have no values yet.
  public func makeInstance() -> IntentInstance { instantiate() }

  private static func slots(of intent: some AppIntent) -> [(String, ParameterSlot)] {
    Mirror(reflecting: intent).children.compactMap { child in
      guard let parameter = child.value as? any ParameterProtocol, var name = child.label else {
        return nil
      }
      if name.hasPrefix("_") { name.removeFirst() }
      return (name, parameter.slot)
    }
  }
}

/// One parameter of an intent, as declared with ``Parameter``.
public struct ParameterDescriptor: Sendable {
  /// The parameter's name in workflow files (the Swift property's name).
  public let name: String
  public let title: String
  public let description: String?
  public let type: ValueType
  public let isOptional: Bool
  public let defaultValue: Value?
  /// The question asked when a value is needed.
  public let prompt: String?
  /// Whether it receives the previous step's output when unset.
  public let isInput: Bool

  /// Describes a parameter-like value that is not an intent's, such as a workflow input,
  /// so that the same prompts can ask for it.
  public init(
    name: String, title: String, description: String? = nil, type: ValueType,
    isOptional: Bool = false, defaultValue: Value? = nil, prompt: String? = nil
  ) {
    self.name = name
    self.title = title
    self.description = description
    self.type = type
    self.isOptional = isOptional
    self.defaultValue = defaultValue
    self.prompt = prompt
    self.isInput = false
  }

  init(name: String, metadata: ParameterMetadata) {
    self.name = name
    title = metadata.title
    description = metadata.description
    type = metadata.type
    isOptional = metadata.isOptional
    defaultValue = metadata.defaultValue
    prompt = metadata.prompt
    isInput = metadata.isInput
  }

  /// Whether a run must supply a value: not optional and without a default.
  public var isRequired: Bool { !isOptional && defaultValue == nil }

  /// The question to ask: the declared prompt, or one made from the title.
  public var question: String {
    prompt ?? "Value for '\(title)'?"
  }
}

/// A fresh intent ready to be resolved and run, with the engine's handles on it.
public struct IntentInstance: Sendable {
  let slots: [String: ParameterSlot]
  let confirm: @Sendable () async throws -> ConfirmationResult
  let perform: @Sendable () async throws -> ErasedResult
  let onCancel: (@Sendable (CancellationReason) async -> Void)?
}

/// An ``IntentResult`` with its value as an engine ``Value``.
struct ErasedResult: Sendable {
  var value: Value
  var dialog: String?
  var snippet: String?
}
