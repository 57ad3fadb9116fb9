// Hot code: every pass of every loop. It keeps the rules of the paragraph at the top of
// `Executor.swift` (no copy or allocation per step that a plain reading would not make; see
// Docs/Performance.md).

import IntentKit

/// `forEach` with its options: `where` drops items before the passes, `index` numbers the
/// passes over the items kept, and `concurrency` runs up to N passes at once.
///
/// Concurrent passes each run on their own copy of the run's state (slots and records), so
/// one pass's loop variable or step outputs never leak into another; every intent already
/// gets its own context per step. The copies' records are merged back as passes finish.
/// On the first failure no more passes start, the running ones are cancelled, and every
/// child is awaited before the loop fails.
extension RunState {
  nonisolated(nonsending) mutating func forEach(
    _ step: PlannedStep, items: CompiledValue, itemSlot: Int, body: [PlannedStep], ordinal: Int
  ) async throws(IntentFlowError) -> Value {
    let options = step.forEachOptions
    // The passes' place in the step history: `4[17].` for pass 17 of step 4.
    let (prefix, recordsAll) = (journalPrefix, recordsEverything)
    let passPrefix = journal != nil ? prefix + String(ordinal) + "[" : ""
    var passes = LoopPasses(total: 0, failed: 0, recorded: 0)
    defer {
      loopPasses = passes
      (journalPrefix, recordsEverything) = (prefix, recordsAll)
    }
    let all = try loopValue { () throws(EvaluationError) in
      try Evaluator.value(items, slots, configuration.environment)
    }
    // Without a `where`, every item is kept: share the list instead of copying it.
    var kept = options.filter == nil ? all.listItems : []
    if let filter = options.filter {
      for item in all.listItems {
        slots[itemSlot] = item
        let keep = try loopValue { () throws(EvaluationError) in
          try Evaluator.evaluate(filter, slots, configuration.environment)
        }
        guard Evaluator.isTrue(keep) else { continue }
        kept.append(item)
      }
    }
    guard options.concurrency > 1, kept.count > 1 else {
      // A loop whose output nothing reads does not collect it (see `Plan+Readers.swift`).
      let collects = keepsOutput(of: step)
      var outputs: [Value] = []
      // Reserved at once: growing by doubling would hold the old and the new buffer together.
      if collects { outputs.reserveCapacity(kept.count) }
      for (offset, item) in kept.enumerated() {
        slots[itemSlot] = item
        if let indexSlot = options.indexSlot { slots[indexSlot] = .integer(offset + 1) }
        let failuresBefore = failures
        if journal != nil {
          beginPass(offset + 1, prefix: passPrefix, recordsAll: recordsAll, counting: &passes)
        }
        let last = try await block(body, previous: item)
        if journal != nil {
          endPass(failed: failures != failuresBefore, recordsAll: recordsAll, counting: &passes)
        }
        if collects { outputs.append(last) }
      }
      return collects ? .list(outputs) : .null
    }
    return try await concurrentPasses(
      step, items: kept, itemSlot: itemSlot, indexSlot: options.indexSlot, body: body,
      concurrency: options.concurrency, passPrefix: passPrefix, recordsAll: recordsAll,
      counting: &passes)

    /// Evaluation errors in the list or the `where` fail the loop step, naming it.
    func loopValue(_ body: () throws(EvaluationError) -> Value) throws(IntentFlowError) -> Value {
      do {
        return try body()
      } catch {
        throw IntentFlowError(
          .failed, "step '\(step.label)': \(error.message)",
          location: error.location ?? step.location, step: step.label)
      }
    }
  }

  /// What one concurrent pass leaves: its output or error, and its copy of the records.
  private struct Pass: Sendable {
    var position: Int
    var outcome: Result<Value, IntentFlowError>
    var records: [StepRecord?]
    /// Whether a step of the pass failed (even one that `onError` carried past), and whether
    /// all its steps were recorded.
    var hadFailure: Bool
    var recordedAll: Bool
  }

  private mutating func concurrentPasses(
    _ step: PlannedStep, items: [Value], itemSlot: Int, indexSlot: Int?, body: [PlannedStep],
    concurrency: Int, passPrefix: String, recordsAll: Bool, counting passes: inout LoopPasses
  ) async throws(IntentFlowError) -> Value {
    let sampled = journal?.sampledPasses ?? 0
    let (plan, configuration, slots, base) = (self.plan, self.configuration, self.slots, records)
    let info = StepInfo(
      index: step.index, id: step.id, label: step.label, intent: step.intent,
      location: step.location)
    var outputs = [Value](repeating: .null, count: items.count)
    var merged = records
    // Which pass each body step's record shows: the latest in item order, as when serial.
    var shownPass = [Int](repeating: -1, count: records.count)
    var failure: IntentFlowError?
    await withTaskGroup(of: Pass.self) { group in
      var next = 0
      var running = 0
      var done = 0
      while true {
        while failure == nil, running < concurrency, next < items.count {
          let (position, item) = (next, items[next])
          // On the global executor, whatever the run's task prefers: `intentflow` runs a
          // command on its main thread (`CallingThreadExecutor`), and passes are meant to use
          // every processor.
          group.addTask(executorPreference: globalConcurrentExecutor) {
            var pass = RunState(plan: plan, configuration: configuration)
            pass.slots = slots
            pass.records = base
            if pass.journal != nil {
              pass.journalPrefix = passPrefix + String(position + 1) + "]."
              pass.recordsEverything = recordsAll && position < sampled
            }
            pass.slots[itemSlot] = item
            if let indexSlot { pass.slots[indexSlot] = .integer(position + 1) }
            return await pass.pass(position, body: body, item: item)
          }
          next += 1
          running += 1
        }
        guard let pass = await group.next() else { break }
        running -= 1
        passes.total += 1
        if pass.recordedAll || pass.hadFailure { passes.recorded += 1 }
        if pass.hadFailure { passes.failed += 1 }
        // After the first failure, the passes it cancelled add their runs but do not hide
        // the failed step's record.
        Self.merge(pass, from: base, into: &merged, shownPass: &shownPass, show: failure == nil)
        switch pass.outcome {
        case .success(let output):
          outputs[pass.position] = output
          done += 1
          configuration.observer(
            .progress(info, ProgressReporter.Update(completed: done, total: items.count)))
        case .failure(let error):
          // The first failure stops the loop; the passes it cancels fail after it.
          if failure == nil {
            failure = error
            group.cancelAll()
          }
        }
      }
    }
    records = merged
    if let failure { throw failure }
    return .list(outputs)
  }

  /// Runs one pass on this copy of the state.
  private mutating func pass(_ position: Int, body: [PlannedStep], item: Value) async -> Pass {
    do {
      let output = try await block(body, previous: item)
      return Pass(
        position: position, outcome: .success(output), records: records,
        hadFailure: failures > 0, recordedAll: recordsEverything)
    } catch {
      return Pass(
        position: position, outcome: .failure(error), records: records, hadFailure: true,
        recordedAll: recordsEverything)
    }
  }

  /// Adds a pass's runs and durations to the merged records and, when `show` is set, shows
  /// its statuses and outputs unless a later item's pass is already shown.
  private static func merge(
    _ pass: Pass, from base: [StepRecord?], into merged: inout [StepRecord?],
    shownPass: inout [Int], show: Bool
  ) {
    for index in pass.records.indices {
      guard let record = pass.records[index] else { continue }
      let before = base[index]
      let addedRuns = record.runs - (before?.runs ?? 0)
      let addedDuration = record.duration - (before?.duration ?? .zero)
      guard addedRuns > 0 || record.status != before?.status else { continue }
      var result = merged[index] ?? record
      if show, pass.position >= shownPass[index] || merged[index]?.status == .cancelled {
        let (runs, duration) = (result.runs, result.duration)
        result = record
        (result.runs, result.duration) = (runs, duration)
        shownPass[index] = pass.position
      }
      if merged[index] == nil {
        result.runs = (before?.runs ?? 0) + addedRuns
        result.duration = (before?.duration ?? .zero) + addedDuration
      } else {
        result.runs += addedRuns
        result.duration += addedDuration
      }
      merged[index] = result
    }
  }
}
