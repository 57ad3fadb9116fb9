/// The files a plan was made from: its own and those of the workflows it runs, so that a
/// message about a step of a nested workflow quotes that workflow's line, not its caller's.
extension Plan {
  /// The source of the file at `path`: this plan's, or a nested workflow's; `nil` when no
  /// workflow of the plan was read from it.
  ///
  /// - Complexity: O(*n*) in the number of steps, nested workflows' included.
  public func source(for path: String?) -> WorkflowSource? {
    guard let path else { return nil }
    if workflow.source.path == path { return workflow.source }
    for step in allSteps {
      if case .workflow(let subplan, _) = step.kind, let found = subplan.source(for: path) {
        return found
      }
    }
    return nil
  }
}
