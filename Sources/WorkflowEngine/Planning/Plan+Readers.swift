import IntentKit

/// Which steps' outputs anything can read, found once when a workflow is planned.
///
/// A loop's output is the list of its passes' outputs: a `forEach` over a million items keeps a
/// million values. When no expression reads the loop's slot, no later step takes it as its
/// implicit input, and the loop does not end its block, nobody can see that list, and a run
/// that does not record step outputs (see ``Executor/Configuration/keepsStepOutputs``) does not
/// build it.
extension Plan {
  /// Plans a workflow, noting whose outputs can be read.
  init(
    workflow: Workflow, inputs: [PlannedInput], steps: [PlannedStep], output: CompiledValue?,
    outputType: ValueType, slotCount: Int, stepCount: Int
  ) {
    // By slot number, not a set: slots are numbered from 0, and an array needs no hashing.
    var readSlots = SlotSet(count: slotCount)
    output.map { Self.collect($0, into: &readSlots) }
    Self.collect(steps, into: &readSlots)
    var outputIsRead = [Bool](repeating: true, count: stepCount)
    Self.markUnread(steps, readSlots: readSlots, into: &outputIsRead)
    self.init(
      workflow: workflow, inputs: inputs, steps: steps, output: output, outputType: outputType,
      slotCount: slotCount, stepCount: stepCount, outputIsRead: outputIsRead)
  }

  private static func markUnread(
    _ block: [PlannedStep], readSlots: SlotSet, into outputIsRead: inout [Bool]
  ) {
    // Indices rather than copies of the steps: a copy retains every field of a step.
    for position in block.indices {
      let isLast = position + 1 == block.count
      outputIsRead[block[position].index] =
        readSlots.contains(block[position].slot) || isLast
        || Self.mayReadPrevious(block[position + 1])
      switch block[position].kind {
      case .action, .workflow: break
      case .forEach(_, _, let body), .repeatLoop(_, _, let body):
        markUnread(body, readSlots: readSlots, into: &outputIsRead)
      case .branch(_, let then, let otherwise):
        markUnread(then, readSlots: readSlots, into: &outputIsRead)
        markUnread(otherwise, readSlots: readSlots, into: &outputIsRead)
      }
      if let fallback = block[position].fallback {
        markUnread(fallback.steps, readSlots: readSlots, into: &outputIsRead)
      }
    }
  }

  /// Whether a step may use, or pass on, the output of the step before it.
  private static func mayReadPrevious(_ step: PlannedStep) -> Bool {
    // A skipped step, or one whose failure the run goes past, passes the previous output on.
    // So does a failed step's `onError` block, which may also read it.
    if step.condition != nil || step.options.onError == .continue || step.fallback != nil {
      return true
    }
    switch step.kind {
    case .action(let action): return action.readsPrevious
    case .forEach, .workflow: return false
    case .branch, .repeatLoop: return true
    }
  }

  private static func collect(_ steps: [PlannedStep], into slots: inout SlotSet) {
    // Indices rather than copies of the steps: a copy retains every field of a step.
    for position in steps.indices {
      if let condition = steps[position].condition { collect(condition, into: &slots) }
      if let filter = steps[position].forEachOptions.filter { collect(filter, into: &slots) }
      if let fallback = steps[position].fallback { collect(fallback.steps, into: &slots) }
      switch steps[position].kind {
      case .action(let action):
        for case .given(let value) in action.sources { collect(value, into: &slots) }
      case .forEach(let items, _, let body):
        collect(items, into: &slots)
        collect(body, into: &slots)
      case .branch(let condition, let then, let otherwise):
        collect(condition, into: &slots)
        collect(then, into: &slots)
        collect(otherwise, into: &slots)
      case .repeatLoop(let count, _, let body):
        collect(count, into: &slots)
        collect(body, into: &slots)
      case .workflow(_, let inputs):
        for (_, value) in inputs { collect(value, into: &slots) }
      }
    }
  }

  private static func collect(_ value: CompiledValue, into slots: inout SlotSet) {
    switch value {
    case .literal: break
    case .expression(let expression): collect(expression, into: &slots)
    case .interpolation(let segments):
      for case .expression(let expression) in segments { collect(expression, into: &slots) }
    case .list(let items): for item in items { collect(item, into: &slots) }
    case .dictionary(let members): for (_, member) in members { collect(member, into: &slots) }
    }
  }

  private static func collect(_ expression: CompiledExpression, into slots: inout SlotSet) {
    switch expression {
    case .literal: break
    case .slot(let slot, _, _, _): slots.insert(slot)
    case .inputs(let inputs): for (_, slot) in inputs { slots.insert(slot) }
    case .not(let operand): collect(operand, into: &slots)
    case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs),
      .contains(let lhs, let rhs), .arithmetic(let lhs, _, let rhs, _), .coalesce(let lhs, let rhs),
      .subscripted(let lhs, let rhs, _, _):
      collect(lhs, into: &slots)
      collect(rhs, into: &slots)
    case .negate(let operand, _), .member(let operand, _, _, _): collect(operand, into: &slots)
    case .runValue: break
    }
  }
}
