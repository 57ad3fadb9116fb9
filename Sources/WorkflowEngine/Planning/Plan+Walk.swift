/// The one traversal of a plan: where a step keeps its steps (a loop's body, a branch's
/// `then` and `else`, the `onError` steps, a nested workflow's plan) is known here only.
/// The readers of a plan (`Plan+Readers.swift`, `Plan+Confirmations.swift`, the secrets of
/// `Evaluator+Secrets.swift`, the CLI's `Plan+EntityParameters.swift`) walk it through
/// ``Plan/walk(_:intoNestedWorkflows:_:)`` or, when they need each block as a whole,
/// ``PlannedStep/forEachBlock(_:)``. A new kind of step that holds steps adds them here.
extension PlannedStep {
  /// Calls `body` with each block of steps this step holds, in file order: a loop's body, a
  /// branch's `then` and `else`, then its `onError` steps. A nested workflow's steps are a
  /// plan of their own (``nestedPlan``), not a block of this one.
  ///
  /// - Complexity: O(1) calls of `body`; no allocation.
  public func forEachBlock(_ body: ([PlannedStep]) throws -> Void) rethrows {
    switch kind {
    case .action, .workflow: break
    case .forEach(_, _, let steps), .repeatLoop(_, _, let steps): try body(steps)
    case .branch(_, let then, let otherwise):
      try body(then)
      try body(otherwise)
    }
    if let fallback { try body(fallback.steps) }
  }

  /// The plan of the workflow a `workflow` step runs.
  public var nestedPlan: Plan? {
    if case .workflow(let plan, _) = kind { return plan }
    return nil
  }
}

extension Plan {
  /// Calls `visit` with every step of `steps` and of the blocks in them, depth first in file
  /// order (a step, then its blocks); with `intoNestedWorkflows`, a `workflow` step is
  /// followed by the steps of the plan it runs, before its `onError` steps. A nested plan is
  /// walked once however many steps run it: a file is planned once and shared by every call
  /// site (25 files each calling the next twice are 25 plans, not 2^24 walks).
  ///
  /// - Parameter visit: returns `false` to stop the walk.
  /// - Returns: `false` when `visit` stopped it.
  /// - Complexity: O(*n*) in the number of distinct steps.
  @discardableResult
  public static func walk(
    _ steps: [PlannedStep], intoNestedWorkflows: Bool = false,
    _ visit: (PlannedStep) throws -> Bool
  ) rethrows -> Bool {
    var walkedPlans: Set<UInt> = []
    return try walk(steps, intoNestedWorkflows, &walkedPlans, visit)
  }

  private static func walk(
    _ steps: [PlannedStep], _ intoNestedWorkflows: Bool, _ walkedPlans: inout Set<UInt>,
    _ visit: (PlannedStep) throws -> Bool
  ) rethrows -> Bool {
    for step in steps {
      guard try visit(step) else { return false }
      if intoNestedWorkflows, let plan = step.nestedPlan,
        walkedPlans.insert(identity(of: plan.steps)).inserted,
        try !walk(plan.steps, true, &walkedPlans, visit)
      {
        return false
      }
      var goesOn = true
      try step.forEachBlock { block in
        if goesOn { goesOn = try walk(block, intoNestedWorkflows, &walkedPlans, visit) }
      }
      guard goesOn else { return false }
    }
    return true
  }

  /// The address of a plan's steps: the same for every copy of one planned file's plan.
  private static func identity(of steps: [PlannedStep]) -> UInt {
    steps.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
  }
}
