import Synchronization

/// Everything the engine knows about an intent, read once from its Swift declaration:
/// identifier, texts, parameters with their types, the input parameter, the output type.
///
/// It drives static validation, `intentflow intents` and `describe`, prompts, the docs and the
/// JSON Schema, and it makes fresh instances to run.
///
/// Making a descriptor reads only the intent's static texts. The parameters are read the first
/// time anyone asks (one instance of the intent, and its type's field records: see
/// `ParameterFields`), so a registry of many intents costs almost nothing to build and a run
/// pays only for the intents its workflow uses.
public struct IntentDescriptor: Sendable {
  public let identifier: IntentIdentifier
  public let title: String
  public let description: String
  public let parameterSummary: String?
  let details: LazyDetails

  /// Reads an intent type's metadata.
  public init<Intent: AppIntent>(_ type: Intent.Type) {
    self.init(type, readingFieldRecords: ParameterFields.layoutIsKnown)
  }

  /// Reads an intent type's metadata, naming its parameters from its type's field records
  /// (see ``ParameterFields``) or, when `readingFieldRecords` is `false`, with `Mirror`, as on
  /// a platform whose layout `ParameterFields` does not know: tests force it so.
  init<Intent: AppIntent>(_: Intent.Type, readingFieldRecords: Bool) {
    identifier = Intent.identifier
    title = Intent.title
    description = Intent.description
    parameterSummary = Intent.parameterSummary
    details = LazyDetails { Details(Intent.self, readingFieldRecords: readingFieldRecords) }
  }

  /// Parameters in declaration order.
  public var parameters: [ParameterDescriptor] { details.value.parameters }
  /// The type of the value `perform()` returns.
  public var outputType: ValueType { details.value.outputType }
  /// Whether the intent may run past the default timeout while it reports progress.
  public var isLongRunning: Bool { details.value.isLongRunning }
  /// Parameters that take no `${…}`, with the reason (see ``LiteralParameters``).
  public var literalParameters: [String: String] { details.value.literalParameters }
  /// Whether the intent may ask for confirmation before it performs (``ConfirmingIntent``).
  public var asksForConfirmation: Bool { details.value.asksForConfirmation }
  /// Whether performing the intent again has no further effect: it declares so
  /// (``AppIntent/isIdempotent``), it performs inline (it only computes), or it is read-only
  /// by ``isReadOnly``.
  public var isIdempotent: Bool {
    details.value.declaresIdempotent || performsInline || isReadOnly
  }

  /// Whether the intent changes nothing, by its identifier, since intents declare no such
  /// property: the domains that only compute (`text`, `math`, `number`, `list`, `dict`,
  /// `json`, `date`) and the verbs that only look (`find`, `list`, `read`, `get`, `count`,
  /// `search`). An intent outside the rule is never called read-only.
  public var isReadOnly: Bool { Self.isReadOnly(identifier) }

  /// The domains whose intents only compute.
  static let computingDomains: Set<String> = [
    "text", "math", "number", "list", "dict", "json", "date",
  ]
  /// The verbs of intents that only look.
  static let lookingVerbs: Set<String> = ["find", "list", "read", "get", "count", "search"]

  /// Whether an intent is read-only by its identifier (see ``isReadOnly``).
  public static func isReadOnly(_ identifier: IntentIdentifier) -> Bool {
    let parts = identifier.rawValue.split(separator: ".", maxSplits: 1).map(String.init)
    guard let domain = parts.first else { return false }
    if computingDomains.contains(domain) { return true }
    guard parts.count == 2 else { return false }
    let verb = parts[1].prefix { $0.isLetter && $0.isLowercase }
    return lookingVerbs.contains(String(verb))
  }
  /// The boolean parameter that turns the question off when `false`
  /// (``ConfirmingIntent/confirmationParameter``).
  public var confirmationParameter: String? { details.value.confirmationParameter }
  /// The App Schema the intent implements (``SchemaConformingIntent``), if any.
  public var schema: AppSchema? { details.value.schema }
  /// The phrases that run the intent with `intentflow say` (``PhraseProvidingIntent``).
  public var phrases: [String] { details.value.phrases }
  /// Whether the engine calls `perform()` inline in the run's task: the intent is a
  /// ``NonSuspendingIntent`` (and not a ``CancellableIntent``, which keeps a task of its own).
  public var performsInline: Bool { details.value.performsInline }

  /// What the engine reads on every step, computed once.
  var resolved: Details { details.value }

  /// The parameter that receives the previous step's output when a step leaves it unset.
  public var inputParameter: ParameterDescriptor? {
    let details = details.value
    return details.inputIndex.map { details.parameters[$0] }
  }

  /// The parameter called `name`.
  public func parameter(named name: String) -> ParameterDescriptor? {
    parameters.first { $0.name == name }
  }

  /// The parameters' names, in the order of ``parameters``.
  public var parameterNames: [String] { details.value.names }

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
  ///
  /// - Complexity: one intent initialisation; no reflection after the first instance.
  public func makeInstance() -> IntentInstance { details.value.instantiate() }

  /// What reflection tells about an intent, read once per descriptor.
  ///
  /// A class: every step reads it, and one reference is cheaper to copy than its fields.
  final class Details: Sendable {
    let parameters: [ParameterDescriptor]
    let names: [String]
    let inputIndex: Int?
    let outputType: ValueType
    let isLongRunning: Bool
    let literalParameters: [String: String]
    let asksForConfirmation: Bool
    let confirmationParameter: String?
    let declaresIdempotent: Bool
    private let findSchema: @Sendable () -> AppSchema?
    private let findPhrases: @Sendable () -> [String]
    let performsInline: Bool
    let instantiate: @Sendable () -> IntentInstance
    /// Instances kept between steps, when ``performsInline`` (see ``InstancePool``).
    let pool = InstancePool()

    /// Details known up front, for an intent that no Swift type declares (see
    /// `IntentDescriptor+Dynamic.swift`).
    init(
      parameters: [ParameterDescriptor], names: [String], inputIndex: Int?, outputType: ValueType,
      isLongRunning: Bool, literalParameters: [String: String], asksForConfirmation: Bool,
      confirmationParameter: String?, schema: AppSchema? = nil, phrases: [String] = [],
      performsInline: Bool = false, declaresIdempotent: Bool = false,
      instantiate: @escaping @Sendable () -> IntentInstance
    ) {
      self.declaresIdempotent = declaresIdempotent
      self.parameters = parameters
      self.names = names
      self.inputIndex = inputIndex
      self.outputType = outputType
      self.isLongRunning = isLongRunning
      self.literalParameters = literalParameters
      self.asksForConfirmation = asksForConfirmation
      self.confirmationParameter = confirmationParameter
      findSchema = { schema }
      findPhrases = { phrases }
      self.performsInline = performsInline
      self.instantiate = instantiate
    }

    init<Intent: AppIntent>(_: Intent.Type, readingFieldRecords: Bool) {
      let (probe, collected) = SlotCollector.make(Intent.self)
      // The slots a new instance hands to the collector are its parameters, in order, unless
      // the intent creates parameters in some unusual way: then reflect on every instance.
      let positional: Bool
      let reflected: [(String, ParameterSlot)]
      if readingFieldRecords, let names = ParameterFields.names(of: probe, holding: collected) {
        reflected = Array(zip(names, collected))
        positional = true
      } else {
        reflected = Self.slots(of: probe)
        positional =
          collected.count == reflected.count
          && zip(collected, reflected).allSatisfy { $0 === $1.1 }
      }
      let parameters = reflected.map { name, slot in
        ParameterDescriptor(name: name, metadata: slot.metadata)
      }
      self.parameters = parameters
      let names = parameters.map(\.name)
      self.names = names
      let inputs = parameters.indices.filter { parameters[$0].isInput }
      precondition(
        inputs.count <= 1, "\(Intent.identifier) marks more than one parameter as its input")
      inputIndex = inputs.first
      outputType = Intent.Output.valueType
      // Asked of the type's requirements, not by casts (see `AppIntent+Conformances.swift`);
      // the schema and phrases only when asked, as few commands read them.
      let traits = IntentTraits(Intent.self)
      isLongRunning = traits.isLongRunning
      literalParameters = traits.literalParameters
      asksForConfirmation = traits.asksForConfirmation
      confirmationParameter = traits.confirmationParameter
      declaresIdempotent = Intent.isIdempotent
      findSchema = { (Intent.self as? any SchemaConformingIntent.Type)?.schema }
      findPhrases = { (Intent.self as? any PhraseProvidingIntent.Type)?.phrases ?? [] }
      let isCancellable = traits.isCancellable
      let inline = traits.performsInline
      performsInline = inline
      instantiate = {
        let (intent, slots) = SlotCollector.make(Intent.self, expecting: names.count)
        return IntentInstance(
          intent: intent, slotList: positional ? slots : Self.slots(of: intent).map(\.1),
          names: names, isCancellable: isCancellable, performsInline: inline)
      }
    }

    var schema: AppSchema? { findSchema() }
    var phrases: [String] { findPhrases() }

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

  /// Computes the details on first use, once, from any thread.
  final class LazyDetails: Sendable {
    private let make: @Sendable () -> Details
    private let cache = Mutex<Details?>(nil)

    init(_ make: @escaping @Sendable () -> Details) {
      self.make = make
    }

    var value: Details {
      if let details = cache.withLock({ $0 }) { return details }
      // Made outside the lock: making an intent may read other descriptors.
      let details = make()
      return cache.withLock { cache in
        if let existing = cache { return existing }
        cache = details
        return details
      }
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
  /// The type as `describe`, the references and the schema name it: `text`, `list of Todo`,
  /// `EntityCollection of Photo` (a list of ids, never resolved one by one).
  public let typeDescription: String
  /// The only words the parameter takes, when it takes one of a fixed set (`date.adjust`'s
  /// units); `nil` for any value of its type. Editors offer them.
  public let allowedValues: [String]?

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
    typeDescription = type.description
    allowedValues = nil
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
    typeDescription = metadata.typeName ?? metadata.type.description
    allowedValues = metadata.allowedValues
  }

  /// Whether a run must supply a value: not optional and without a default.
  public var isRequired: Bool { !isOptional && defaultValue == nil }

  /// The question to ask: the declared prompt, or one made from the title.
  public var question: String {
    prompt ?? "Value for '\(title)'?"
  }
}

/// A fresh intent ready to be resolved and run, with the engine's handles on it.
///
/// A class: a step passes its instance through several async frames and into the closure
/// `perform()` runs in, and one reference is cheaper to copy than the fields one by one.
public final class IntentInstance: Sendable {
  /// The Swift intent; `nil` for a dynamic intent (an extension's), whose work is `dynamic`.
  let intent: (any AppIntent)?
  /// The parameters' slots, in the order of ``IntentDescriptor/parameters``.
  let slotList: [ParameterSlot]
  let names: [String]
  let isCancellable: Bool
  let dynamic: DynamicWork?
  /// The intent's work when it is a ``NonSuspendingIntent``, typed once per instance.
  let inline: InlineWork?

  init(
    intent: any AppIntent, slotList: [ParameterSlot], names: [String], isCancellable: Bool,
    performsInline: Bool
  ) {
    self.intent = intent
    self.slotList = slotList
    self.names = names
    self.isCancellable = isCancellable
    dynamic = nil
    // Asked of the intent, not cast: the first cast of a type to a protocol searches every
    // conformance record of the program (see `AppIntent+Conformances.swift`); 8 % of a cold
    // run's instructions. A cast from one class to another searches nothing.
    inline = performsInline ? intent._inlineWork() as? InlineWork : nil
  }

  init(slotList: [ParameterSlot], names: [String], dynamic: DynamicWork) {
    intent = nil
    self.slotList = slotList
    self.names = names
    isCancellable = true
    self.dynamic = dynamic
    inline = nil
  }

  /// The slots by parameter name (for tests and tools; the engine goes by position).
  var slots: [String: ParameterSlot] {
    Dictionary(zip(names, slotList)) { first, _ in first }
  }

  // `nonisolated(nonsending)`, like the lifecycle that calls them: entering them costs no
  // executor check (the intent's own `confirm()` and `perform()` still pay one).
  nonisolated(nonsending) func confirm() async throws -> ConfirmationResult {
    if let dynamic { return try await dynamic.confirm() }
    return try await intent?.confirm() ?? .ready
  }

  nonisolated(nonsending) func perform() async throws -> ErasedResult {
    if let dynamic { return try await dynamic.perform() }
    guard let intent else { return ErasedResult(value: .null) }
    return try await Self.perform(intent)
  }

  /// The intent's `onCancel`, when it is a ``CancellableIntent`` (or a dynamic intent).
  var onCancel: (@Sendable (CancellationReason) async -> Void)? {
    if let dynamic { return dynamic.onCancel }
    guard isCancellable, let cancellable = intent as? any CancellableIntent else { return nil }
    return { reason in await cancellable.onCancel(reason: reason) }
  }

  /// The work of an intent that no Swift type declares, as closures.
  struct DynamicWork: Sendable {
    var confirm: @Sendable () async throws -> ConfirmationResult
    var perform: @Sendable () async throws -> ErasedResult
    var onCancel: @Sendable (CancellationReason) async -> Void
  }

  nonisolated(nonsending) private static func perform<Intent: AppIntent>(_ intent: Intent)
    async throws -> ErasedResult
  {
    let result = try await intent.perform()
    return ErasedResult(
      value: result.value?.intentValue ?? .null, dialog: result.dialog, snippet: result.snippet)
  }
}

/// An ``IntentResult`` with its value as an engine ``Value``.
struct ErasedResult: Sendable {
  var value: Value
  var dialog: String?
  var snippet: String?
}
