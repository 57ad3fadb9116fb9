/// What an intent and its queries can reach while they run: dependencies (stores, clock),
/// the progress reporter, and which step is running.
///
/// The engine sets it for the duration of each step as a task-local value, so intents keep
/// the seed's signatures (`perform()`, `entities(for:)`) while tests substitute any
/// dependency without globals.
public struct IntentContext: Sendable {
  /// The fields a run's steps share, behind one reference: a step copies its context a few
  /// times (into the invocation, the task-local binding), and one reference is cheaper to copy
  /// than a dictionary, a closure and an existential. Changing one of them makes a new box.
  private final class Shared: Sendable {
    let dependencies: DependencyValues
    let progress: ProgressReporter
    let interaction: any InteractionHandler

    init(
      dependencies: DependencyValues, progress: ProgressReporter,
      interaction: any InteractionHandler
    ) {
      self.dependencies = dependencies
      self.progress = progress
      self.interaction = interaction
    }
  }

  private var shared: Shared

  /// The values that intents read through ``Dependency``.
  public var dependencies: DependencyValues {
    get { shared.dependencies }
    set {
      shared = Shared(dependencies: newValue, progress: progress, interaction: interaction)
    }
  }
  /// Where progress reports go.
  public var progress: ProgressReporter {
    get { shared.progress }
    set {
      shared = Shared(dependencies: dependencies, progress: newValue, interaction: interaction)
    }
  }
  /// The id of the running step, if any.
  public var stepID: String?
  /// The running step's permission to change app data; `nil` outside a step.
  public var lease: StepLease?
  /// Where the step's log lines go when the run keeps a step history (see ``StepLog``);
  /// `nil` when nobody keeps them.
  public var log: StepLog?
  /// Who answers questions an intent asks itself (`ask.text`); set by ``IntentInvocation``.
  public var interaction: any InteractionHandler {
    get { shared.interaction }
    set {
      shared = Shared(dependencies: dependencies, progress: progress, interaction: newValue)
    }
  }

  /// Creates a context.
  public init(
    dependencies: DependencyValues = DependencyValues(), progress: ProgressReporter = .ignored,
    stepID: String? = nil
  ) {
    self.init(
      dependencies: dependencies, progress: progress, stepID: stepID,
      interaction: NonInteractiveHandler())
  }

  /// Creates a context with the handler that answers its intents' questions.
  package init(
    dependencies: DependencyValues, progress: ProgressReporter, stepID: String?,
    interaction: any InteractionHandler
  ) {
    shared = Shared(dependencies: dependencies, progress: progress, interaction: interaction)
    self.stepID = stepID
  }

  /// The context of the running intent.
  @TaskLocal public static var current = IntentContext()
}
