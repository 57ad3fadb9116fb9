public import IntentKit

/// Checks a decoded workflow against the intents and turns it into a ``Plan``, or reports
/// every problem it finds, before anything runs.
///
/// It checks: intents exist ("did you mean"), parameters exist and get values of types that
/// can be coerced, required parameters have values (given, defaulted, or chained from the
/// previous step), step ids are unique, references name inputs, earlier steps or loop
/// variables that are in scope, properties exist on the types they are read from, input
/// types and defaults, sub-workflows (recursively, refusing cycles), and the schedule.
public struct Planner: Sendable {
  /// How many workflow files may run inside one another, the outermost included: 64. A
  /// deeper chain is refused before anything runs, with the chain in the message, rather
  /// than exhausting the stack.
  public static let maximumNesting = 64

  public var registry: IntentRegistry
  /// Finds and decodes the workflow files that `workflow` steps run.
  public var resolver: WorkflowResolver
  /// Checks a schedule's cron string and time zone; returns problems as diagnostics.
  public var checkSchedule: @Sendable (WorkflowSchedule) -> [Diagnostic]

  /// A planner that checks intents against `registry` and reaches other workflow files
  /// through `resolver` (``WorkflowResolver/files(read:)`` reads them from disk).
  public init(
    registry: IntentRegistry,
    resolver: WorkflowResolver,
    checkSchedule: @escaping @Sendable (WorkflowSchedule) -> [Diagnostic] = ScheduleCheck.check
  ) {
    self.registry = registry
    self.resolver = resolver
    self.checkSchedule = checkSchedule
  }

  /// Validates a workflow and plans it.
  ///
  /// - Throws: ``WorkflowInvalid`` with every error found, in file order.
  public func plan(_ workflow: Workflow) throws(WorkflowInvalid) -> Plan {
    let root = resolver.locate(workflow.source.path, "")
    var builder = PlanBuilder(planner: self, chain: [root.key])
    var plan = builder.plan(workflow)
    let errors = builder.diagnostics.filter { $0.severity == .error }
    guard errors.isEmpty else {
      throw WorkflowInvalid(
        diagnostics: builder.diagnostics.sorted(by: Self.fileOrder), sources: builder.sources)
    }
    plan.warnings =
      (builder.diagnostics.filter { $0.severity == .warning }
      + SecretSources.commandLineWarnings(plan)).sorted(by: Self.fileOrder)
    return plan
  }

  static func fileOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    switch (lhs.location, rhs.location) {
    case let (l?, r?): return l < r
    case (nil, _?): return true
    default: return false
    }
  }
}
