// Hot code: planning every step. It keeps the rules of the paragraph at the top of
// `PlanBuilder.swift` (no copy or allocation per step that a plain reading would not make; see
// Docs/Performance.md).

import IntentKit
import Suggestions

/// One function per step kind: each checks its step and returns its planned kind.
extension PlanBuilder {
  mutating func planAction(_ action: ActionStep, at location: SourceLocation, previous: ValueType?)
    -> PlannedKind?
  {
    guard let intent = plannedIntent(action.intent) else {
      var message = "unknown intent '\(action.intent)'"
      if let suggestion = planner.registry.suggestion(for: action.intent) {
        message += "; did you mean '\(suggestion)'?"
      } else {
        message += "; run 'intentflow intents' to list the intents"
      }
      error(message, at: action.intentLocation)
      for argument in action.parameters { _ = compile(argument.value) }
      return nil
    }
    // Each value given, compiled, checked and bound to its parameter by position, in one
    // list the plan keeps (see `Plan+Binding.swift`). The intent's descriptor is read only
    // for a message.
    var sources = ArgumentSource.unset(count: intent.targets.count)
    var ascending = true
    var last = -1
    for position in action.parameters.indices {
      guard let index = intent.position(of: action.parameters[position].name) else {
        _ = compile(action.parameters[position].value)
        error(
          Self.unknownParameter(action.parameters[position], of: intent.descriptor),
          at: action.parameters[position].nameLocation)
        continue
      }
      let target = intent.targets[index]
      sources[index] = .given(
        compileChecked(
          action.parameters[position].value, against: target.type,
          what: "parameter '\(target.name)' of '\(intent.descriptor.identifier)'"))
      if index < last { ascending = false }
      last = index
    }
    // Some parameters (a shell script's text) must be written out in the file: a value
    // spliced in at run time could change what they do.
    for position in action.parameters.indices where !intent.literalParameters.isEmpty {
      let name = action.parameters[position].name
      guard let reason = intent.literalParameters[name], let index = intent.position(of: name),
        case .given(let value) = sources[index]
      else { continue }
      if case .literal = value { continue }
      error(
        "'\(intent.descriptor.identifier)' takes no ${…} in '\(name)': \(reason)",
        at: action.parameters[position].value.span.location)
    }
    var chained: String?
    let implicitInput = chainInput(
      of: intent, sources: sources, chained: &chained, previous: previous, at: location)
    for index in intent.requiredParameters where intent.names[index] != chained {
      if case .given = sources[index] { continue }
      let parameter = intent.parameters[index]
      let descriptor = intent.descriptor
      var message =
        "'\(descriptor.identifier)' needs a value for '\(parameter.name)' (\(parameter.type))"
      message += "; add \"\(parameter.name)\": … to the step's parameters"
      if parameter.isInput { message += ", or put a step that produces it just before" }
      error(message, at: location)
    }
    if implicitInput != nil, let index = intent.input?.index, case .unset = sources[index] {
      sources[index] = .previous
    }
    return PlannedKind(
      kind: .action(
        ActionPlan(
          intent: intent, sources: sources,
          givenOrder: ascending
            ? nil : action.parameters.compactMap { intent.position(of: $0.name) },
          chainsInput: implicitInput != nil)),
      outputType: intent.outputType, label: action.intent)
  }

  /// Compiles the values a step gives to named targets (an intent's parameters, a
  /// workflow's inputs) and checks each against its target's type; reports names that are
  /// no target with `unknown`'s message.
  private mutating func checkArguments(
    _ given: [Argument], against targets: [(name: String, type: ValueType)],
    what: (String) -> String, unknown: (Argument) -> String
  ) -> [(name: String, value: CompiledValue)] {
    var arguments: [(name: String, value: CompiledValue)] = []
    arguments.reserveCapacity(given.count)
    for position in given.indices {
      let typed = compile(given[position].value)
      guard let target = targets.first(where: { $0.name == given[position].name }) else {
        error(unknown(given[position]), at: given[position].nameLocation)
        continue
      }
      let checked = checkValue(
        given[position].value, typed, against: target.type, what: what(target.name))
      arguments.append((target.name, checked))
    }
    return arguments
  }

  private static func unknownParameter(_ argument: Argument, of descriptor: IntentDescriptor)
    -> String
  {
    var message = "'\(descriptor.identifier)' has no parameter '\(argument.name)'"
    let names = descriptor.parameters.map(\.name)
    if let suggestion = Spelling.closest(to: argument.name, among: names) {
      message += "; did you mean '\(suggestion)'?"
    } else if names.isEmpty {
      message += "; it takes no parameters"
    } else {
      message += "; its parameters are " + Diagnostic.list(names, joinedBy: "and")
    }
    return message
  }

  /// The parameter that takes the previous step's output (implicit chaining), if the step
  /// leaves its intent's input parameter unset and the output fits; reports an output that
  /// cannot fit a required input. Sets `chained` to the input parameter when the output gives
  /// it, or when it was reported as not fitting (so that it is not reported as missing too).
  private mutating func chainInput(
    of intent: PlannedIntent, sources: [ArgumentSource], chained: inout String?,
    previous: ValueType?, at location: SourceLocation
  ) -> String? {
    guard let input = intent.input, case .unset = sources[input.index], let previous,
      previous != .nothing
    else { return nil }
    let descriptor = intent.descriptor
    if case .never(let reason) = previous.coercion(to: input.type) {
      if input.isRequired {
        error(
          "'\(descriptor.identifier)' takes its '\(input.name)' (\(input.type)) from the "
            + "previous step, but that step's output does not fit: \(reason); set "
            + "\"\(input.name)\" in the step's parameters", at: location)
        chained = input.name
      }
      return nil
    }
    chained = input.name
    return input.name
  }

  mutating func planForEach(_ loop: ForEachStep, at location: SourceLocation) -> PlannedKind {
    let items = compile(loop.items)
    let elementType: ValueType
    switch items.type {
    case .list(let element): elementType = element
    case .nothing:
      error("forEach needs a list, but this produces no value", at: loop.items.span.location)
      elementType = .any
    default: elementType = items.type
    }
    let itemSlot = newSlot()
    checkShadowing(loop.variable, at: loop.variableLocation ?? location)
    var bindings = [loop.variable: Binding(slot: itemSlot, type: elementType, kind: .loopVariable)]
    var options = ForEachOptions()
    options.concurrency = loop.concurrency
    if let filter = loop.filter {
      // `where` sees the loop variable, not the pass number: items are numbered once kept.
      scopes.append(Scope(bindings))
      options.filter = compileCondition(filter)
      scopes.removeLast()
    }
    if let index = loop.index {
      let indexLocation = loop.indexLocation ?? location
      if index == loop.variable {
        error(
          "'index' and 'as' both name '\(index)'; give the pass number another name",
          at: indexLocation)
      } else {
        checkShadowing(index, at: indexLocation)
        let slot = newSlot()
        options.indexSlot = slot
        bindings[index] = Binding(slot: slot, type: .integer, kind: .loopVariable)
      }
    }
    let (body, lastType) = planScoped(loop.steps, previous: elementType, bindings: bindings)
    return PlannedKind(
      kind: .forEach(items: items.compiled, itemSlot: itemSlot, body: body),
      outputType: .list(lastType ?? .any), label: "forEach", forEachOptions: options)
  }

  mutating func planBranch(_ branch: BranchStep, previous: ValueType?) -> PlannedKind {
    let condition = compileCondition(branch.condition)
    let (then, thenType) = planScoped(branch.then, previous: previous)
    let (otherwise, elseType) = planScoped(branch.otherwise, previous: previous)
    // An empty branch passes the previous output on.
    return PlannedKind(
      kind: .branch(condition: condition, then: then, otherwise: otherwise),
      outputType: union(thenType ?? previous ?? .nothing, elseType ?? previous ?? .nothing),
      label: "if")
  }

  mutating func planRepeat(_ loop: RepeatStep, at location: SourceLocation, previous: ValueType?)
    -> PlannedKind
  {
    let count = compile(loop.count)
    checkValue(loop.count, count, against: .integer, what: "the repeat count")
    if case .literal(let value, let span) = loop.count,
      case .integer(let times)? = try? value.coerced(to: .integer), times < 0
    {
      error("the repeat count must be 0 or more, not \(times)", at: span.location)
    } else if case .literal(let value, let span) = loop.count,
      case .integer(let times)? = try? value.coerced(to: .integer), times > RepeatStep.maximumCount
    {
      error(
        "the repeat count \(times) is over the limit of \(RepeatStep.maximumCount) passes; "
          + "split the work (a forEach over its items, or several runs)", at: span.location)
    }
    var passSlot: Int?
    var bindings: [String: Binding] = [:]
    if let variable = loop.variable {
      let slot = newSlot()
      passSlot = slot
      bindings[variable] = Binding(slot: slot, type: .integer, kind: .loopVariable)
      checkShadowing(variable, at: loop.variableLocation ?? location)
    }
    let (body, lastType) = planScoped(loop.steps, previous: previous, bindings: bindings)
    return PlannedKind(
      kind: .repeatLoop(count: count.compiled, passSlot: passSlot, body: body),
      outputType: .list(lastType ?? .any), label: "repeat")
  }

  private mutating func checkShadowing(_ name: String, at location: SourceLocation) {
    if let line = declaredSteps[name] {
      error(
        "loop variable '\(name)' has the same name as the step at line \(line); "
          + "rename one of them", at: location)
    }
  }

  /// Plans the workflow file a `workflow` step runs, recursively (refusing cycles), and
  /// checks the inputs the step passes it.
  ///
  /// Each file is read and planned once per validation, however many steps run it: its
  /// plan does not depend on who calls it, and planning it again at every call site made a
  /// tree of files that each call the next twice cost 2ⁿ plans. Its problems are reported
  /// once, at the first call; later calls only check their own inputs against it.
  mutating func planSubworkflow(_ call: SubworkflowStep) -> PlannedKind? {
    let location = planner.resolver.locate(call.path, source.path)
    guard !chain.contains(location.key) else {
      error(
        "workflow '\(call.path)' would run itself again (\(Self.names(chain + [location.key]))); "
          + "remove the cycle", at: call.pathLocation)
      return nil
    }
    guard chain.count < Planner.maximumNesting else {
      error(
        "workflow '\(call.path)' would be nested \(chain.count + 1) workflows deep, more than "
          + "the limit of \(Planner.maximumNesting) (\(Self.names(chain + [location.key]))); "
          + "run fewer workflows inside one another", at: call.pathLocation)
      return nil
    }
    let plan: Plan
    switch subworkflows.entries[location.key] {
    case .planned(let planned)?:
      plan = planned
    case .unusable?:
      error("workflow '\(call.path)' is invalid (see the errors above)", at: call.pathLocation)
      return nil
    case nil:
      guard let planned = planFile(call, at: location) else {
        subworkflows.entries[location.key] = .unusable
        return nil
      }
      subworkflows.entries[location.key] = .planned(planned)
      plan = planned
    }
    let arguments = checkArguments(
      call.inputs, against: plan.inputs.map { ($0.name, $0.type) },
      what: { "input '\($0)' of '\(call.path)'" },
      unknown: { argument in
        var message = "workflow '\(call.path)' has no input '\(argument.name)'"
        if let suggestion = Spelling.closest(to: argument.name, among: plan.inputs.map(\.name)) {
          message += "; did you mean '\(suggestion)'?"
        }
        return message
      })
    let given = Set(arguments.map(\.name))
    for input in plan.inputs where input.defaultValue == nil && !given.contains(input.name) {
      error(
        "workflow '\(call.path)' needs its input '\(input.name)'; add it to the step's 'inputs'",
        at: call.pathLocation)
    }
    return PlannedKind(
      kind: .workflow(plan, inputs: arguments), outputType: plan.outputType, label: call.path)
  }

  /// Reads and plans the file `call` names, adding its problems; `nil` when it could not be
  /// read or decoded.
  private mutating func planFile(_ call: SubworkflowStep, at location: WorkflowResolver.Location)
    -> Plan?
  {
    let workflow: Workflow
    switch planner.resolver.resolve(location) {
    case .unreadable(let reason):
      error("cannot read workflow '\(call.path)': \(reason)", at: call.pathLocation)
      return nil
    case .invalid(let failure):
      diagnostics += failure.diagnostics
      sources.merge(failure.sources) { first, _ in first }
      error("workflow '\(call.path)' is invalid (see the errors above)", at: call.pathLocation)
      return nil
    case .decoded(let decoded, let problems):
      workflow = decoded
      diagnostics += problems
    }
    var child = PlanBuilder(
      planner: planner, chain: chain + [location.key], subworkflows: subworkflows)
    let plan = child.plan(workflow)
    diagnostics += child.diagnostics
    sources.merge(child.sources) { first, _ in first }
    return plan
  }

  /// The files of a chain by name, `a.json → b.json → c.json`; a long chain shows its first
  /// and last three.
  private static func names(_ keys: [String]) -> String {
    let names = keys.map { String($0.split(separator: "/").last ?? "") }
    guard names.count > 8 else { return names.joined(separator: " → ") }
    return (names.prefix(3) + ["…"] + names.suffix(3)).joined(separator: " → ")
  }
}

/// The workflow files one validation has planned, by ``WorkflowResolver/Location/key``.
///
/// A reference shared by the builders of one ``Planner/plan(_:)`` call, which plans
/// synchronously on one thread; it ends with that call.
final class SubworkflowCache {
  enum Entry {
    /// The file's plan; its problems, if any, were reported at its first call.
    case planned(Plan)
    /// The file could not be read or decoded; that was reported at its first call.
    case unusable
  }

  var entries: [String: Entry] = [:]
}
