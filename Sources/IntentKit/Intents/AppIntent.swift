/// A typed action a workflow step runs: `todos.add`, `text.uppercase`.
///
/// An intent is a struct with ``Parameter`` properties, a stable ``identifier`` and a
/// ``perform()`` that returns an ``IntentResult``. The engine resolves every parameter,
/// asks ``confirm()``, then calls ``perform()`` — the SiriKit resolve → confirm → handle
/// lifecycle — and passes the result's value to the next step.
///
/// ```swift
/// struct Uppercase: AppIntent {
///   static let identifier: IntentIdentifier = "text.uppercase"
///   static let title = "Uppercase Text"
///   static let description = "Changes text to capital letters."
///   @Parameter(title: "Text", isInput: true) var input: String
///   func perform() async throws -> IntentResult<String> { .result(value: input.uppercased()) }
/// }
/// ```
public protocol AppIntent: Sendable {
  /// The type of the value `perform()` returns; ``NoValue`` when it returns none.
  associatedtype Output: ValueConvertible = NoValue

  /// The stable identifier, `domain.action`.
  static var identifier: IntentIdentifier { get }
  /// A short title: `Add Todo`.
  static var title: String { get }
  /// A sentence on what the intent does.
  static var description: String { get }
  /// A sentence naming parameters in braces, as Shortcuts shows a step:
  /// `Add {title} due {due}`.
  static var parameterSummary: String? { get }

  /// Creates an intent whose parameters have no values yet.
  init()

  /// Checks that the intent can go ahead, after its parameters are resolved. The default
  /// is ``ConfirmationResult/ready``.
  func confirm() async throws -> ConfirmationResult

  /// Does the work.
  func perform() async throws -> IntentResult<Output>

  // Which of the protocols below the intent adopts, as the engine asks it: asking the type
  // (`Intent.self is any LongRunningIntent.Type`) would search every conformance record of the
  // binary the first time, for each intent type and protocol (see `AppIntent+Conformances.swift`).
  // Each has a default and another in its protocol's extension; an intent never writes them.

  /// Whether the intent is a ``LongRunningIntent``. Not for intents to implement.
  static var _isLongRunningIntent: Bool { get }
  /// Whether the intent is a ``CancellableIntent``. Not for intents to implement.
  static var _isCancellableIntent: Bool { get }
  /// Whether the intent is a ``NonSuspendingIntent``. Not for intents to implement.
  static var _isNonSuspendingIntent: Bool { get }
  /// Whether the intent is a ``ConfirmingIntent``. Not for intents to implement.
  static var _isConfirmingIntent: Bool { get }
  /// A ``ConfirmingIntent``'s ``ConfirmingIntent/confirmationParameter``, else `nil`. Not for
  /// intents to implement.
  static var _confirmationParameter: String? { get }
  /// A ``LiteralParameters`` intent's ``LiteralParameters/literalParameters``, else empty.
  /// Not for intents to implement.
  static var _literalParameters: [String: String] { get }
  /// A ``NonSuspendingIntent``'s work as the lifecycle calls it (an `InlineWork`), else `nil`;
  /// asked instead of casting the intent to ``NonSuspendingIntent``. Not for intents to
  /// implement.
  func _inlineWork() -> AnyObject?
}

extension AppIntent {
  public static var description: String { "" }
  public static var parameterSummary: String? { nil }
  public func confirm() async throws -> ConfirmationResult { .ready }
}

/// An intent that may run longer than the default 30-second step timeout, as long as it
/// keeps reporting progress: the timeout then counts from the latest progress report.
public protocol LongRunningIntent: AppIntent {}

extension LongRunningIntent {
  /// Reports progress; on a terminal, a progress bar.
  public var progress: ProgressReporter { IntentContext.current.progress }
}

/// An intent that wants to know when, and why, it is cancelled, to clean up.
public protocol CancellableIntent: AppIntent {
  /// Called once when the run cancels the intent, with the reason. `perform()` also sees
  /// `Task.isCancelled`.
  func onCancel(reason: CancellationReason) async
}
