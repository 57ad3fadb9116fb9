// Hot code (Docs/Performance.md, "Rules for hot code"): planning is the larger part of
// `intentflow validate`, whose goal (10,000 steps within 3× the JSON parse) has the least to
// spare, and of every run's start. So everything is checked once, here, and bound by position
// for the executor; steps, arguments and template segments are read where they lie, by index
// (a `for … in`, or a value handed over, copies each element with a retain per field); an
// intent's descriptor is read once per workflow (`PlannedIntent`); and a compiled value is
// boxed only when it must be. An allocation or a copy more per step shows in the validation
// figures that CI checks.

import IntentKit
import Suggestions

/// The mutable state of planning one workflow (and, recursively, the ones it runs).
///
/// Steps are planned in file order, one function per step kind
/// (`PlanBuilder+Steps.swift`); values and expressions are compiled and type-checked in
/// `PlanBuilder+Values.swift`. Every problem is collected as a diagnostic, and planning goes
/// on, so that one validation reports them all.
struct PlanBuilder {
  let planner: Planner
  /// The keys of the workflow files being planned, outermost first (see
  /// ``WorkflowResolver/Location/key``): a file met again is a cycle.
  var chain: [String]
  /// The workflow files planned so far in this validation, shared by every builder of it.
  let subworkflows: SubworkflowCache
  var diagnostics: [Diagnostic] = []
  var sources: [String: WorkflowSource] = [:]

  var source = WorkflowSource(path: "", bytes: [])
  /// The name of the workflow being planned, for `workflow.name`.
  var workflowName = ""
  var slotCount = 0
  var stepCount = 0
  var scopes: [Scope] = [] {
    // Any change may shadow or end the binding kept in `lastBound`.
    didSet { lastBound = nil }
  }
  /// The binding ``planBlock(_:previous:)`` entered last in the innermost scope, with its
  /// name; `nil` after any other change of ``scopes``. A lookup of that name in the scopes
  /// finds it, so a reference to the step just before compares names instead of hashing.
  var lastBound: (name: String, binding: Binding)?
  var inputs: [PlannedInput] = []
  /// Every step id in the file, with the line it is declared on (all that messages name of
  /// it, rather than a whole location).
  var declaredSteps: [String: Int] = [:]
  /// Ids of steps the decoder could not read; references to them are not reported again.
  var brokenStepIDs: Set<String> = []
  /// Ids of the steps planned so far: a declared id not among them is a later step, the step
  /// being planned, or a block that encloses it. Only a reference that names no step in
  /// scope asks (see ``hasPlanned(_:)``), so ids are listed, and hashed only then.
  var plannedStepIDs: [String] = []
  /// ``plannedStepIDs`` as a set, up to ``hashedStepIDs`` of them.
  var plannedStepIDSet: Set<String> = []
  var hashedStepIDs = 0
  /// Where the latest reference was found in its string; the next one in the same string is
  /// found from there (see ``WorkflowSource/location(in:scalarOffset:from:)``).
  var stringCursor: WorkflowSource.StringCursor?
  /// The intents planned so far, by the name steps give them (see `PlanBuilder+Intents.swift`).
  var intents: [String: PlannedIntent] = [:]
  /// The intent found last, and the name the step gave it.
  var lastIntent: (name: String, intent: PlannedIntent)?
  /// The slots that compiled expressions read, noted as references are bound (see
  /// `Plan+Readers.swift`), rather than found by walking the plan again.
  var readSlots = SlotSet(count: 0)
  /// While `onFailure` is planned: the slot of `${run}`, and how many of
  /// ``plannedStepIDs`` are the workflow's own steps (see `PlanBuilder+FailureHandler.swift`).
  var failureHandler: (runSlot: Int, mainSteps: Int)?

  /// What a name in scope stands for.
  struct Binding {
    enum Kind { case step, loopVariable }
    var slot: Int
    var type: ValueType
    var kind: Kind
  }

  /// What planning one step's kind gives.
  struct PlannedKind {
    var kind: PlannedStep.Kind
    var outputType: ValueType
    /// How messages name the step when it has no id.
    var label: String
    var forEachOptions = ForEachOptions()
  }

  init(planner: Planner, chain: [String], subworkflows: SubworkflowCache = SubworkflowCache()) {
    self.planner = planner
    self.chain = chain
    self.subworkflows = subworkflows
  }

  mutating func plan(_ workflow: Workflow) -> Plan {
    source = workflow.source
    workflowName = workflow.name
    brokenStepIDs = workflow.brokenStepIDs
    sources[workflow.source.path] = workflow.source
    // The top-level steps' ids, at least, go into these; growing them costs a rehash each.
    declaredSteps.reserveCapacity(workflow.steps.count)
    collectIDs(workflow.steps)
    if let handler = workflow.onFailure { collectIDs(handler) }
    planInputs(workflow.inputs)
    if let schedule = workflow.schedule { diagnostics += planner.checkSchedule(schedule) }
    scopes = [Scope(capacity: workflow.steps.count)]
    let (steps, lastType) = planBlock(workflow.steps, previous: nil)
    var output: CompiledValue?
    var outputType = lastType ?? .nothing
    if let source = workflow.output {
      let typed = compile(source)
      output = typed.compiled
      outputType = typed.type
    }
    let handler = workflow.onFailure.map { planFailureHandler($0) }
    if let schedule = workflow.schedule {
      checkUnattended(schedule, steps: steps, onFailure: handler?.steps ?? [])
    }
    var plan = Plan(
      workflow: workflow, inputs: inputs, steps: steps, output: output, outputType: outputType,
      slotCount: slotCount, stepCount: stepCount, readSlots: readSlots)
    plan.onFailure = handler
    return plan
  }

  // MARK: Ids and inputs

  private mutating func collectIDs(_ steps: [WorkflowStep]) {
    for index in steps.indices {
      if let id = steps[index].id, let location = steps[index].idLocation {
        // One hash for the common case, a new id; a duplicate puts the first one back.
        if let first = declaredSteps.updateValue(location.line, forKey: id) {
          declaredSteps[id] = first
          error(
            "duplicate step id '\(id)'; ids must be unique in the file (first used at line "
              + "\(first))", at: location)
        }
      }
      if let fallback = steps[index].fallback { collectIDs(fallback) }
      switch steps[index].kind {
      case .action, .workflow: break
      case .forEach(let loop): collectIDs(loop.steps)
      case .repeatLoop(let loop): collectIDs(loop.steps)
      case .branch(let branch):
        collectIDs(branch.then)
        collectIDs(branch.otherwise)
      }
    }
  }

  private mutating func planInputs(_ declared: [WorkflowInput]) {
    for input in declared {
      guard let type = ValueType.named(input.typeName) else {
        var message = "unknown input type '\(input.typeName)'"
        if let suggestion = Spelling.closest(to: input.typeName, among: ValueType.keywords) {
          message += "; did you mean '\(suggestion)'?"
        } else {
          message += "; use one of \(ValueType.keywords.joined(separator: ", "))"
        }
        error(message, at: input.typeLocation)
        // Keep the input known (as any type), so references to it are not reported too.
        inputs.append(
          PlannedInput(
            name: input.name, type: .any, defaultValue: input.defaultValue,
            description: input.description, location: input.location, slot: newSlot()))
        continue
      }
      var defaultValue = input.defaultValue
      if let value = input.defaultValue, case .null = value {
        defaultValue = nil
      } else if let value = input.defaultValue {
        do {
          defaultValue = try value.coerced(to: type)
        } catch {
          // A secret's complaint would quote its value.
          let reason = input.isSecret ? "the value is not \(type.article) \(type)" : error.message
          self.error(
            "the default of input '\(input.name)' does not fit its type \(type): \(reason)",
            at: input.defaultLocation ?? input.location)
        }
      }
      var planned = PlannedInput(
        name: input.name, type: type, defaultValue: defaultValue,
        description: input.description, location: input.location, slot: newSlot())
      planned.isSecret = input.isSecret
      planned.environmentName = input.environmentName
      inputs.append(planned)
    }
  }

  // MARK: Blocks

  /// Plans a block; returns its steps and the type of its last output (`nil` if it has none).
  mutating func planBlock(_ steps: [WorkflowStep], previous: ValueType?)
    -> ([PlannedStep], ValueType?)
  {
    var planned: [PlannedStep] = []
    planned.reserveCapacity(steps.count)
    var previous = previous
    for index in steps.indices {
      guard let result = planStep(steps, at: index, previous: previous) else {
        // Keep the id known, so that steps using it are not reported as well.
        if let id = steps[index].id {
          scopes[scopes.count - 1].bind(id, to: Binding(slot: newSlot(), type: .any, kind: .step))
          plannedStepIDs.append(id)
        }
        previous = .any
        continue
      }
      // A conditional step, or one whose failure the run goes past, may pass the previous
      // output on instead of its own.
      let mayPassThrough = result.condition != nil || result.options.onError == .continue
      previous = mayPassThrough ? union(previous, result.outputType) : result.outputType
      if let id = steps[index].id {
        let binding = Binding(slot: result.slot, type: result.outputType, kind: .step)
        scopes[scopes.count - 1].bind(id, to: binding)
        lastBound = (id, binding)
        plannedStepIDs.append(id)
      }
      // Last, so that the step is moved into the list rather than copied.
      planned.append(result)
    }
    return (planned, previous)
  }

  /// Plans a block in a scope of its own, in which `bindings` are visible.
  mutating func planScoped(
    _ steps: [WorkflowStep], previous: ValueType?, bindings: [String: Binding] = [:]
  ) -> ([PlannedStep], ValueType?) {
    scopes.append(Scope(bindings))
    defer { scopes.removeLast() }
    return planBlock(steps, previous: previous)
  }

  /// Plans one step: what all kinds share (index, condition, slot), then its kind.
  ///
  /// The step is read where it is in its block, field by field, not handed over as a value.
  private mutating func planStep(_ steps: [WorkflowStep], at position: Int, previous: ValueType?)
    -> PlannedStep?
  {
    let index = stepCount
    stepCount += 1
    let condition = steps[position].condition.map { compileCondition($0) }
    let slot = newSlot()
    let location = steps[position].location
    let planned: PlannedKind?
    switch steps[position].kind {
    case .action(let action): planned = planAction(action, at: location, previous: previous)
    case .forEach(let loop): planned = planForEach(loop, at: location)
    case .branch(let branch): planned = planBranch(branch, previous: previous)
    case .repeatLoop(let loop): planned = planRepeat(loop, at: location, previous: previous)
    case .workflow(let call): planned = planSubworkflow(call)
    }
    // Taken out of the optional, so that its kind is moved into the step, not copied.
    guard let planned = consume planned else { return nil }
    var outputType = planned.outputType
    var fallback: Fallback?
    if let steps = steps[position].fallback {
      let errorSlot = newSlot()
      let (planned, fallbackType) = planScoped(
        steps, previous: previous,
        bindings: ["error": Binding(slot: errorSlot, type: .dictionary, kind: .loopVariable)])
      fallback = Fallback(steps: planned, errorSlot: errorSlot)
      outputType = union(outputType, fallbackType ?? previous ?? .nothing)
    }
    // Made whole at the end, not made and then changed: a step of some 400 bytes is then
    // built in place rather than copied.
    let id = steps[position].id
    return PlannedStep(
      index: index, id: id, label: id ?? planned.label, location: location,
      condition: condition, options: steps[position].options, outputType: outputType,
      kind: planned.kind, slot: slot, forEachOptions: planned.forEachOptions,
      fallback: fallback)
  }

  // MARK: Helpers

  /// Whether the step with this id has been planned (see ``plannedStepIDs``).
  mutating func hasPlanned(_ id: String) -> Bool {
    if hashedStepIDs < plannedStepIDs.count {
      plannedStepIDSet.formUnion(plannedStepIDs[hashedStepIDs...])
      hashedStepIDs = plannedStepIDs.count
    }
    return plannedStepIDSet.contains(id)
  }

  func union(_ lhs: ValueType?, _ rhs: ValueType) -> ValueType {
    guard let lhs else { return rhs }
    return lhs == rhs ? lhs : .any
  }

  mutating func newSlot() -> Int {
    defer { slotCount += 1 }
    return slotCount
  }

  mutating func error(_ message: String, at location: SourceLocation) {
    diagnostics.append(Diagnostic(.error, message, at: location))
  }
}
