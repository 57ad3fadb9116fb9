// How the engine learns which refinements of `AppIntent` an intent adopts without casting.
//
// A cast such as `Intent.self is any LongRunningIntent.Type` is answered by the runtime, which
// the first time a type is cast to a protocol searches every protocol conformance record of
// the program (some 5,600 in `intentflow`, 40-50 µs each) and only then caches the answer:
// a cold run paid for seven such searches for the first intent it used, and seven more for
// each other one. A requirement of `AppIntent` with a default here and a more specific one in
// the refinement's extension is answered by the conformance's witness table instead: the
// compiler picks the refinement's witness for an intent that adopts it.
//
// The requirements are `@_spi(IntentEngine)`, so the protocol an author conforms to does not
// list them. Their defaults stay public (hidden from the documentation): the compiler picks a
// witness in the module that declares the conformance, and there an SPI default that the
// module does not import is not found, so every conformer would fail to compile, or would get
// `AppIntent`'s default where a refinement's was meant. One requirement per refinement, not one
// value for all: an intent adopting two refinements would have two equally specific defaults.
// `IntentTraitsTests` (StandardIntentsTests) checks intents declared outside IntentKit.

extension AppIntent {
  @_documentation(visibility: internal) public static var _isLongRunningIntent: Bool { false }
  @_documentation(visibility: internal) public static var _isCancellableIntent: Bool { false }
  @_documentation(visibility: internal) public static var _isNonSuspendingIntent: Bool { false }
  @_documentation(visibility: internal) public static var _isConfirmingIntent: Bool { false }
  @_documentation(visibility: internal)
  public static var _confirmationParameter: String? { nil }
  @_documentation(visibility: internal)
  public static var _literalParameters: [String: String] { [:] }
  @_documentation(visibility: internal) public func _inlineWork() -> AnyObject? { nil }
}

extension LongRunningIntent {
  @_documentation(visibility: internal) public static var _isLongRunningIntent: Bool { true }
}

extension CancellableIntent {
  @_documentation(visibility: internal) public static var _isCancellableIntent: Bool { true }
}

extension NonSuspendingIntent {
  @_documentation(visibility: internal) public static var _isNonSuspendingIntent: Bool { true }
  @_documentation(visibility: internal)
  public func _inlineWork() -> AnyObject? { InlineWork.of(self) }
}

extension ConfirmingIntent {
  @_documentation(visibility: internal) public static var _isConfirmingIntent: Bool { true }
  @_documentation(visibility: internal)
  public static var _confirmationParameter: String? { confirmationParameter }
}

extension LiteralParameters {
  @_documentation(visibility: internal)
  public static var _literalParameters: [String: String] { literalParameters }
}

/// Which refinements of ``AppIntent`` an intent type adopts, read once per type from the
/// requirements above when its descriptor's details are made.
struct IntentTraits: Sendable {
  var isLongRunning: Bool
  var isCancellable: Bool
  /// A ``NonSuspendingIntent`` that is not a ``CancellableIntent``: `perform()` runs inline.
  var performsInline: Bool
  var asksForConfirmation: Bool
  var confirmationParameter: String?
  var literalParameters: [String: String]

  init<Intent: AppIntent>(_: Intent.Type) {
    isLongRunning = Intent._isLongRunningIntent
    isCancellable = Intent._isCancellableIntent
    performsInline = Intent._isNonSuspendingIntent && !isCancellable
    asksForConfirmation = Intent._isConfirmingIntent
    confirmationParameter = Intent._confirmationParameter
    literalParameters = Intent._literalParameters
  }
}
