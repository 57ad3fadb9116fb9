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
  /// Whether performing the intent twice with the same parameters has the effect of
  /// performing it once, so that `intentflow resume` may perform it again without asking
  /// after a run that stopped while it performed. Defaults to `false`; intents that only
  /// read or compute are idempotent whatever they say (``IntentDescriptor/isIdempotent``).
  static var isIdempotent: Bool { get }

  /// Creates an intent whose parameters have no values yet.
  init()

  /// Checks that the intent can go ahead, after its parameters are resolved. The default
  /// is ``ConfirmationResult/ready``.
  func confirm() async throws -> ConfirmationResult

  /// Does the work.
  func perform() async throws -> IntentResult<Output>

  // The engine's own requirements, which tell it without a cast which of the protocols below
  // an intent adopts (see `AppIntent+Conformances.swift`). They are SPI: not part of the
  // protocol an intent author sees, and an intent never writes them.

  @_spi(IntentEngine) static var _isLongRunningIntent: Bool { get }
  @_spi(IntentEngine) static var _isCancellableIntent: Bool { get }
  @_spi(IntentEngine) static var _isNonSuspendingIntent: Bool { get }
  @_spi(IntentEngine) static var _isConfirmingIntent: Bool { get }
  @_spi(IntentEngine) static var _confirmationParameter: String? { get }
  @_spi(IntentEngine) static var _literalParameters: [String: String] { get }
  @_spi(IntentEngine) func _inlineWork() -> AnyObject?
}

extension AppIntent {
  public static var description: String { "" }
  public static var parameterSummary: String? { nil }
  public static var isIdempotent: Bool { false }
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
