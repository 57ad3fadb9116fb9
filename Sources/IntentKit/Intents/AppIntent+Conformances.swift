// How the engine learns which refinements of `AppIntent` an intent adopts without casting.
//
// A cast such as `Intent.self is any LongRunningIntent.Type` is answered by the runtime, which
// the first time a type is cast to a protocol searches every protocol conformance record of
// the program (some 5,600 in `intentflow`, 40-50 µs each) and only then caches the answer:
// a cold run paid for seven such searches for the first intent it used, and seven more for
// each other one. A requirement of `AppIntent` with a default here and a more specific one in
// the refinement's extension is answered by the conformance's witness table instead: the
// compiler picks the refinement's witness for an intent that adopts it.

extension AppIntent {
  public static var _isLongRunningIntent: Bool { false }
  public static var _isCancellableIntent: Bool { false }
  public static var _isNonSuspendingIntent: Bool { false }
  public static var _isConfirmingIntent: Bool { false }
  public static var _confirmationParameter: String? { nil }
  public static var _literalParameters: [String: String] { [:] }
  public func _inlineWork() -> AnyObject? { nil }
}

extension LongRunningIntent {
  public static var _isLongRunningIntent: Bool { true }
}

extension CancellableIntent {
  public static var _isCancellableIntent: Bool { true }
}

extension NonSuspendingIntent {
  public static var _isNonSuspendingIntent: Bool { true }
  public func _inlineWork() -> AnyObject? { InlineWork.of(self) }
}

extension ConfirmingIntent {
  public static var _isConfirmingIntent: Bool { true }
  public static var _confirmationParameter: String? { confirmationParameter }
}

extension LiteralParameters {
  public static var _literalParameters: [String: String] { literalParameters }
}
