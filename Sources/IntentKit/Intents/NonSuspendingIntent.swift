/// An intent whose `perform()` never suspends: it computes in memory and awaits nothing (no
/// I/O, no sleep, no question, no other task). Text, number, list, dictionary and JSON
/// conversions are such intents.
///
/// It is written like any other intent (``Parameter`` properties, `perform() async throws`);
/// conforming only tells the engine that it need not prepare for a suspension. An intent that
/// may suspend gets a task of its own for `perform()`, so that a timeout or the run's
/// cancellation can end the step while the work is suspended; this one is called inline in
/// the run's task instead, which saves about a quarter of a step's cost in the engine.
///
/// ```swift
/// struct Uppercase: NonSuspendingIntent {
///   static let identifier: IntentIdentifier = "text.uppercase"
///   static let title = "Change Case to Uppercase"
///   @Parameter(title: "Text", isInput: true) var input: String
///   func perform() async throws -> IntentResult<String> { .result(value: input.uppercased()) }
/// }
/// ```
///
/// What a step of such an intent does is what it did with a task of its own:
/// - A step's timeout applies only to an intent that suspends (the timer is armed when the
///   work suspends), so a step of this intent is never timed out, however long it computes.
/// - A run cancelled before `perform()` starts never performs it: the step ends `cancelled`.
///   Once `perform()` has started, it runs to its end; its value or its error is the step's.
/// - Errors, retries, `onError` and fallbacks apply as to any step.
/// - The step's ``StepLease`` is live while `perform()` runs and revoked when it returns.
///
/// The engine keeps a few instances of such an intent between steps (see `InstancePool`): each
/// step sets every parameter before `confirm()`, and the parameters are emptied when the step
/// ends. Keep the intent's state in its parameters: a stored property that `init()` fills in is
/// made once per kept instance, not once per step.
///
/// If an intent that conforms suspends anyway, it still ends correctly: it runs in the run's
/// task, so the step waits for it without a timeout, and the run's cancellation reaches it
/// (`Task.isCancelled` is true, its awaits end; a `CancellationError` it throws ends the step
/// `cancelled`). An intent that is also a ``CancellableIntent`` expects to be told of
/// cancellation while it is suspended, so it keeps a task of its own: for it, conforming
/// changes nothing.
public protocol NonSuspendingIntent: AppIntent {
  // Calls `perform()` and converts its result for the engine. The engine's own requirement
  // (SPI, like `AppIntent`'s in `AppIntent+Conformances.swift`), with a public inlinable
  // default so that the intent's own module specialises it for the intent's type: the engine
  // calls it with no generic metadata to look up and no result of unknown size to allocate.
  @_spi(IntentEngine) func _performForEngine() async throws -> IntentInvocation.Result
}

extension NonSuspendingIntent {
  @_documentation(visibility: internal) @inlinable
  public func _performForEngine() async throws -> IntentInvocation.Result {
    let result = try await perform()
    // Unwrapped here rather than through an optional `Value`, which is copied through the
    // runtime's generic witnesses.
    guard let output = result.value else {
      return IntentInvocation.Result(output: .null, dialog: result.dialog, snippet: result.snippet)
    }
    return IntentInvocation.Result(
      output: output.intentValue, dialog: result.dialog, snippet: result.snippet)
  }
}
