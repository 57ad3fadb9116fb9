import Synchronization

/// One parameter of an intent that no Swift type declares (an extension's tool), described by
/// metadata alone.
public struct DynamicParameter: Sendable {
  /// The parameter's name in workflow files.
  public var name: String
  public var title: String
  public var description: String?
  public var type: ValueType
  public var isOptional: Bool
  public var defaultValue: Value?
  /// Whether it receives the previous step's output when unset.
  public var isInput: Bool
  /// The only texts the parameter accepts (a JSON Schema `enum`); `nil` for any.
  public var allowedValues: [String]?
  /// A rule checked after coercion (and after `allowedValues`), as SiriKit's `resolve…`.
  public var resolve: (@Sendable (Value) async throws -> ParameterResolution<Value>)?

  /// Describes a parameter.
  public init(
    name: String, title: String? = nil, description: String? = nil, type: ValueType,
    isOptional: Bool = false, defaultValue: Value? = nil, isInput: Bool = false,
    allowedValues: [String]? = nil,
    resolve: (@Sendable (Value) async throws -> ParameterResolution<Value>)? = nil
  ) {
    self.name = name
    self.title = title ?? name
    self.description = description
    self.type = type
    self.isOptional = isOptional
    self.defaultValue = defaultValue
    self.isInput = isInput
    self.allowedValues = allowedValues
    self.resolve = resolve
  }
}

/// What a dynamic intent does, as closures over its resolved parameter values.
public struct DynamicBehavior: Sendable {
  /// Checks that the intent can go ahead, with every parameter resolved.
  public var confirm: @Sendable ([String: Value]) async throws -> ConfirmationResult
  /// Does the work; it is called once per instance and may read the cancellation reason given
  /// to `onCancel` earlier from the same instance's ``DynamicCancellation``.
  public var perform: @Sendable ([String: Value], DynamicCancellation) async throws -> Value

  /// Describes the behaviour.
  public init(
    confirm: @escaping @Sendable ([String: Value]) async throws -> ConfirmationResult = { _ in
      .ready
    },
    perform: @escaping @Sendable ([String: Value], DynamicCancellation) async throws -> Value
  ) {
    self.confirm = confirm
    self.perform = perform
  }
}

/// Why one instance of a dynamic intent was cancelled, once the run says so.
///
/// The step's lease knows the reason from the moment the step is stopped, before its work is
/// cancelled: an extension is told the real reason (a timeout, a signal) in the cancellation
/// it is sent as the work is cancelled, not only once `onCancel` runs afterwards.
public final class DynamicCancellation: Sendable {
  private let storage = Mutex<(reason: CancellationReason?, lease: StepLease?)>((nil, nil))

  /// A fresh record with no reason yet.
  public init() {}

  /// The reason the run gave, if it stopped the instance's step.
  public var reason: CancellationReason? {
    let (reason, lease) = storage.withLock { $0 }
    return reason ?? lease?.stopReason
  }

  func record(_ reason: CancellationReason) { storage.withLock { $0.reason = $0.reason ?? reason } }

  /// Follows the lease of the step now performing.
  func attach(_ lease: StepLease?) { storage.withLock { $0.lease = lease } }
}

extension IntentDescriptor {
  /// Describes an intent that no Swift type declares: an extension's tool, with its parameters
  /// from metadata and its work done by closures.
  ///
  /// - Precondition: at most one parameter is the input.
  public init(
    identifier: IntentIdentifier, title: String, description: String,
    parameterSummary: String? = nil, parameters: [DynamicParameter], outputType: ValueType,
    isLongRunning: Bool = false, asksForConfirmation: Bool = false, behavior: DynamicBehavior
  ) {
    precondition(
      parameters.filter(\.isInput).count <= 1,
      "\(identifier) marks more than one parameter as its input")
    self.identifier = identifier
    self.title = title
    self.description = description
    self.parameterSummary = parameterSummary
    let metadata = parameters.map { parameter in
      (
        parameter,
        ParameterMetadata(
          title: parameter.title, description: parameter.description, type: parameter.type,
          isOptional: parameter.isOptional, defaultValue: parameter.defaultValue, prompt: nil,
          isInput: parameter.isInput, allowedValues: parameter.allowedValues)
      )
    }
    let descriptors = metadata.map { ParameterDescriptor(name: $0.0.name, metadata: $0.1) }
    let names = descriptors.map(\.name)
    let instantiate: @Sendable () -> IntentInstance = {
      let slots = metadata.map { parameter, metadata in
        ParameterSlot(metadata: metadata, resolver: Self.resolver(parameter))
      }
      let values: @Sendable () -> [String: Value] = {
        var values: [String: Value] = [:]
        for (name, slot) in zip(names, slots) { values[name] = slot.value ?? .null }
        return values
      }
      let cancellation = DynamicCancellation()
      return IntentInstance(
        slotList: slots, names: names,
        dynamic: IntentInstance.DynamicWork(
          confirm: { try await behavior.confirm(values()) },
          perform: {
            cancellation.attach(IntentContext.current.lease)
            return ErasedResult(value: try await behavior.perform(values(), cancellation))
          },
          onCancel: { reason in cancellation.record(reason) }))
    }
    let details = Details(
      parameters: descriptors, names: names,
      inputIndex: descriptors.firstIndex(where: \.isInput), outputType: outputType,
      isLongRunning: isLongRunning, literalParameters: [:],
      asksForConfirmation: asksForConfirmation, confirmationParameter: nil,
      instantiate: instantiate)
    self.details = LazyDetails { details }
  }

  private static func resolver(_ parameter: DynamicParameter) -> ParameterSlot.Resolver? {
    let allowed = parameter.allowedValues
    let rule = parameter.resolve
    if allowed == nil && rule == nil { return nil }
    return { value in
      if case .null = value { return .success(value) }
      if let allowed, !allowed.contains(value.textDescription) {
        let choices = allowed.map { "'\($0)'" }.joined(separator: ", ")
        return .unsupported(reason: "'\(value.textDescription)' is not one of \(choices)")
      }
      return try await rule?(value) ?? .success(value)
    }
  }
}
