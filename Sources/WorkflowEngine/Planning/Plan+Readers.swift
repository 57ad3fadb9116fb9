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
  ///
  /// - Parameter readSlots: the slots some expression of the plan reads (by slot number,
  ///   not a set: slots are numbered from 0, and an array needs no hashing). Planning notes
  ///   them as it binds references; a slot noted by an expression that did not make it into
  ///   the plan only keeps an output that nobody reads.
  init(
    workflow: Workflow, inputs: [PlannedInput], steps: [PlannedStep], output: CompiledValue?,
    outputType: ValueType, slotCount: Int, stepCount: Int, readSlots: SlotSet
  ) {
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
      block[position].forEachBlock { steps in
        markUnread(steps, readSlots: readSlots, into: &outputIsRead)
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
}
