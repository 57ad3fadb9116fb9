/// What an intent and its queries can reach while they run: dependencies (stores, clock),
/// the progress reporter, and which step is running.
///
/// The engine sets it for the duration of each step as a task-local value, so intents keep
/// the seed's signatures (`perform()`, `entities(for:)`) while tests substitute any
/// dependency without globals.
public struct IntentContext: Sendable {
  /// The values that intents read through ``Dependency``.
  public var dependencies: DependencyValues
  /// Where progress reports go.
  public var progress: ProgressReporter
  /// The id of the running step, if any.
  public var stepID: String?
  /// The running step's permission to change app data; `nil` outside a step.
  public var lease: StepLease?
  /// Who answers questions an intent asks itself (`ask.text`); set by ``IntentInvocation``.
  public var interaction: any InteractionHandler = NonInteractiveHandler()

  /// Creates a context.
  public init(
    dependencies: DependencyValues = DependencyValues(), progress: ProgressReporter = .ignored,
    stepID: String? = nil
  ) {
    self.dependencies = dependencies
    self.progress = progress
    self.stepID = stepID
  }

  /// The context of the running intent.
  @TaskLocal public static var current = IntentContext()
}
