public import IntentKit

/// What validating a workflow text finds, whether or not it is valid: every diagnostic, and
/// the plan made on the way, for editors (the language server) that show problems and
/// types while a file is being written.
public struct WorkflowAnalysis: Sendable {
  /// Every error and warning, in file order, those of the files it runs included.
  public var diagnostics: [Diagnostic]
  /// The plan, as far as planning got; `nil` when the text is not a workflow at all (a JSON
  /// syntax error, a top level that is not an object). Steps that could not be planned are
  /// missing from it.
  public var plan: Plan?

  /// The output type of every step of the file (not of the files it runs) that has an id and
  /// could be planned.
  public var stepOutputTypes: [String: ValueType] {
    var types: [String: ValueType] = [:]
    guard let plan else { return types }
    Plan.walk(plan.steps) { step in
      if let id = step.id { types[id] = step.outputType }
      return true
    }
    return types
  }

  /// The type of the value read by `path` from a value of type `type`, by the rules the
  /// planner checks references with; `nil` when the path cannot be read.
  public static func type(of type: ValueType, reading path: [PathComponent]) -> ValueType? {
    var type = type
    for component in path {
      guard let next = ExpressionTypes.member(of: type, component) else { return nil }
      type = next
    }
    return type
  }
}

extension WorkflowLoader {
  /// Decodes and plans a workflow text, collecting every problem rather than throwing.
  ///
  /// - Complexity: as ``load(_:)``: O(*n*) in the size of the text and the files it runs.
  public func analyze(_ source: WorkflowSource) -> WorkflowAnalysis {
    let workflow: Workflow
    let problems: [Diagnostic]
    do {
      (workflow, problems) = try Self.decodeCollecting(source)
    } catch {
      return WorkflowAnalysis(diagnostics: error.diagnostics, plan: nil)
    }
    let root = planner.resolver.locate(workflow.source.path, "")
    var builder = PlanBuilder(planner: planner, chain: [root.key])
    let plan = builder.plan(workflow)
    let diagnostics = problems + builder.diagnostics + SecretSources.commandLineWarnings(plan)
    return WorkflowAnalysis(diagnostics: diagnostics.sorted(by: Planner.fileOrder), plan: plan)
  }
}
