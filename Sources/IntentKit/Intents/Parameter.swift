import Synchronization

/// Declares an intent parameter; the engine discovers it, resolves it and fills it in.
///
/// ```swift
/// @Parameter(title: "Title", requestValueDialog: "What's the title?", isInput: true,
///   resolve: { $0.count > 255 ? .unsupported(reason: "the title is too long") : .success($0) })
/// var title: String
///
/// @Parameter(title: "Due date")
/// var due: Date?
/// ```
///
/// The parameter's name is its property's name; its type comes from the Swift type
/// (`Optional` makes it optional). Metadata is declared here once and drives validation,
/// `describe`, prompts and the docs.
@propertyWrapper
public struct Parameter<T: ValueConvertible>: Sendable {
  @usableFromInline let slot: ParameterSlot

  /// Declares a parameter.
  ///
  /// - Parameters:
  ///   - title: The name shown in prompts and `describe`.
  ///   - description: A sentence on what the parameter does.
  ///   - default: The value used when a workflow leaves the parameter unset.
  ///   - requestValueDialog: The question asked when a value is needed.
  ///   - isInput: Whether the parameter receives the previous step's output when unset
  ///     (implicit chaining, as in Shortcuts). At most one parameter per intent.
  ///   - allowedValues: The only words the parameter takes, when it takes one of a fixed set
  ///     (editors offer them); the rule in `resolve` still decides.
  ///   - resolve: A rule checked after coercion, as SiriKit's `resolve…` methods.
  ///
  /// Inlinable, like ``wrappedValue``: an intent's module specialises them for its parameters'
  /// types, so that making an intent for a step looks up no generic metadata.
  @inlinable
  public init(
    title: String, description: String? = nil, default: T? = nil,
    requestValueDialog: String? = nil, isInput: Bool = false, allowedValues: [String]? = nil,
    resolve: (@Sendable (T) async throws -> ParameterResolution<T>)? = nil
  ) {
    var resolver: ParameterSlot.Resolver?
    if let rule = resolve {
      resolver = { @Sendable value in
        guard let typed = T(intentValue: value) else { return .success(value) }
        let outcome = try await rule(typed)
        return outcome.map { $0.intentValue }
      }
    }
    slot = ParameterSlot(
      metadata: ParameterMetadata(
        title: title, description: description, type: T.valueType, isOptional: T.isOptionalType,
        defaultValue: `default`.map { $0.intentValue }, prompt: requestValueDialog,
        isInput: isInput,
        typeName: T.typeName, allowedValues: allowedValues),
      resolver: resolver)
    // While the engine makes an instance, it gathers the slots here, in declaration order, so
    // that it finds them without reflecting on the intent (see `SlotCollector`).
    SlotCollector.collect(slot)
  }

  /// Declares a parameter with a default written as the property's initial value.
  @inlinable
  public init(
    wrappedValue: T, title: String, description: String? = nil,
    requestValueDialog: String? = nil, isInput: Bool = false, allowedValues: [String]? = nil,
    resolve: (@Sendable (T) async throws -> ParameterResolution<T>)? = nil
  ) {
    self.init(
      title: title, description: description, default: wrappedValue,
      requestValueDialog: requestValueDialog, isInput: isInput, allowedValues: allowedValues,
      resolve: resolve)
  }

  /// The resolved value. The engine resolves every parameter before `confirm()` and
  /// `perform()`; reading a required parameter that has no value is a programming error.
  @inlinable
  public var wrappedValue: T {
    get {
      guard let typed = T(intentValue: slot.current) else {
        preconditionFailure(
          "parameter '\(slot.metadata.title)' (\(T.valueType)) was read without a value; "
            + "run intents through IntentInvocation so that parameters are resolved first")
      }
      return typed
    }
    nonmutating set { slot.value = newValue.intentValue }
  }

  /// The parameter itself (`$title`), for its metadata.
  public var projectedValue: Parameter<T> { self }

  /// The parameter's declared metadata.
  public var metadata: ParameterMetadata { slot.metadata }
}

/// What an intent declares about one parameter.
public struct ParameterMetadata: Sendable {
  public var title: String
  public var description: String?
  public var type: ValueType
  public var isOptional: Bool
  public var defaultValue: Value?
  public var prompt: String?
  public var isInput: Bool
  /// The type's name when ``type`` says less (see ``ValueConvertible/typeName``).
  public var typeName: String?
  /// The only words the parameter takes, when it takes one of a fixed set.
  public var allowedValues: [String]?

  @usableFromInline
  init(
    title: String, description: String?, type: ValueType, isOptional: Bool,
    defaultValue: Value?, prompt: String?, isInput: Bool, typeName: String? = nil,
    allowedValues: [String]? = nil
  ) {
    self.typeName = typeName
    self.allowedValues = allowedValues
    self.title = title
    self.description = description
    self.type = type
    self.isOptional = isOptional
    self.defaultValue = defaultValue
    self.prompt = prompt
    self.isInput = isInput
  }
}

/// The box a ``Parameter`` shares with the engine, which writes the resolved value into it.
/// A class because identity is the point: the intent struct and the engine see the same box.
@usableFromInline
final class ParameterSlot: Sendable {
  @usableFromInline
  typealias Resolver = @Sendable (Value) async throws -> ParameterResolution<Value>

  @usableFromInline let metadata: ParameterMetadata
  let resolver: Resolver?
  private let storage = Mutex<Value?>(nil)

  @usableFromInline
  init(metadata: ParameterMetadata, resolver: Resolver?) {
    self.metadata = metadata
    self.resolver = resolver
  }

  @usableFromInline
  var value: Value? {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }

  /// The value, or the default when none is set, or `null`.
  ///
  /// Copied out inside the lock as a `Value`, not as an optional one: an optional is copied
  /// through the runtime's generic witnesses (a tenth of a microsecond each time).
  @usableFromInline
  var current: Value {
    storage.withLock { stored in
      if case .some(let value) = stored { return value }
      return metadata.defaultValue ?? .null
    }
  }

  /// Sets the resolved value.
  func set(_ value: Value) {
    storage.withLock { $0 = .some(value) }
  }

  /// Empties the slot.
  func clear() {
    storage.withLock { $0 = nil }
  }
}

/// Lets the engine find parameters among an intent's stored properties.
protocol ParameterProtocol {
  var slot: ParameterSlot { get }
}

extension Parameter: ParameterProtocol {}
