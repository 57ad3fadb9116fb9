/// The `confirm()` and `perform()` of a ``NonSuspendingIntent``, which the lifecycle calls
/// itself, with the intent held by its own type.
///
/// Held as `any NonSuspendingIntent`, the intent would be copied out of its existential box
/// for each call (through the runtime's generic witnesses, about a quarter of a microsecond a
/// step); a subclass that stores it as its own type calls it in place.
class InlineWork: @unchecked Sendable {
  // `@unchecked`: the class has no stored state; its one subclass stores a `Sendable` intent
  // in a `let`.

  /// Wraps `intent`, once per instance of the intent (instances are pooled).
  static func of(_ intent: some NonSuspendingIntent) -> InlineWork {
    Typed(intent)
  }

  fileprivate init() {}

  func confirm() async throws -> ConfirmationResult {
    preconditionFailure("InlineWork is abstract")
  }

  func perform() async throws -> IntentInvocation.Result {
    preconditionFailure("InlineWork is abstract")
  }

  private final class Typed<Intent: NonSuspendingIntent>: InlineWork, @unchecked Sendable {
    let intent: Intent

    init(_ intent: Intent) {
      self.intent = intent
      super.init()
    }

    override func confirm() async throws -> ConfirmationResult {
      try await intent.confirm()
    }

    override func perform() async throws -> IntentInvocation.Result {
      try await intent._performForEngine()
    }
  }
}
