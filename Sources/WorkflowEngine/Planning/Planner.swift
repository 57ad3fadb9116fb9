import Foundation
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
  public var registry: IntentRegistry
  /// Reads another workflow file named by a `workflow` step.
  public var readFile: @Sendable (String) throws -> [UInt8]
  /// Checks a schedule's cron string and time zone; returns problems as diagnostics.
  public var checkSchedule: @Sendable (WorkflowSchedule) -> [Diagnostic]

  public init(
    registry: IntentRegistry,
    readFile: @escaping @Sendable (String) throws -> [UInt8] = WorkflowLoader.readFile,
    checkSchedule: @escaping @Sendable (WorkflowSchedule) -> [Diagnostic] = ScheduleCheck.check
  ) {
    self.registry = registry
    self.readFile = readFile
    self.checkSchedule = checkSchedule
  }

  /// Validates a workflow and plans it.
  ///
  /// - Throws: ``WorkflowInvalid`` with every error found, in file order.
  public func plan(_ workflow: Workflow) throws(WorkflowInvalid) -> Plan {
    var builder = PlanBuilder(planner: self, chain: [Self.canonical(workflow.source.path)])
    let plan = builder.plan(workflow)
    let errors = builder.diagnostics.filter { $0.severity == .error }
    guard errors.isEmpty else {
      throw WorkflowInvalid(
        diagnostics: builder.diagnostics.sorted(by: Self.fileOrder), sources: builder.sources)
    }
    return plan
  }

  static func canonical(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  static func fileOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
    switch (lhs.location, rhs.location) {
    case let (l?, r?): return l < r
    case (nil, _?): return true
    default: return false
    }
  }
}

/// The mutable state of planning one workflow (and, recursively, the ones it runs).
private struct PlanBuilder {
  let planner: Planner
  var chain: [String]
  var diagnostics: [Diagnostic] = []
  var sources: [String: WorkflowSource] = [:]

  private var source = WorkflowSource(path: "", bytes: [])
  private var slotCount = 0
  private var stepCount = 0
  private var scopes: [[String: Binding]] = []
  private var inputs: [PlannedInput] = []
  /// Every step id in the file, with where it is declared.
  private var declaredSteps: [String: SourceLocation] = [:]
  /// Ids of steps the decoder could not read; references to them are not reported again.
  private var brokenStepIDs: Set<String> = []
  /// Ids of the steps planned so far: a declared id not among them is a later step, the step
  /// being planned, or a block that encloses it.
  private var plannedStepIDs: Set<String> = []
  /// Where the latest reference was found in its string; the next one in the same string is
  /// found from there (see ``WorkflowSource/location(in:scalarOffset:from:)``).
  private var stringCursor: WorkflowSource.StringCursor?

  struct Binding {
    enum Kind { case step, loopVariable }
    var slot: Int
    var type: ValueType
    var kind: Kind
  }

  init(planner: Planner, chain: [String]) {
    self.planner = planner
    self.chain = chain
  }

  mutating func plan(_ workflow: Workflow) -> Plan {
    source = workflow.source
    brokenStepIDs = workflow.brokenStepIDs
    sources[workflow.source.path] = workflow.source
    collectIDs(workflow.steps)
    planInputs(workflow.inputs)
    if let schedule = workflow.schedule { diagnostics += planner.checkSchedule(schedule) }
    scopes = [[:]]
    let (steps, lastType) = planBlock(workflow.steps, previous: nil)
    var output: CompiledValue?
    var outputType = lastType ?? .nothing
    if let source = workflow.output {
      (output, outputType) = compile(source)
    }
    return Plan(
      workflow: workflow, inputs: inputs, steps: steps, output: output, outputType: outputType,
      slotCount: slotCount, stepCount: stepCount)
  }

  // MARK: Ids and inputs

  private mutating func collectIDs(_ steps: [WorkflowStep]) {
    for step in steps {
      if let id = step.id, let location = step.idLocation {
        if let first = declaredSteps[id] {
          error(
            "duplicate step id '\(id)'; ids must be unique in the file (first used at line "
              + "\(first.line))", at: location)
        } else {
          declaredSteps[id] = location
        }
      }
      switch step.kind {
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
          self.error(
            "the default of input '\(input.name)' does not fit its type \(type): \(error.message)",
            at: input.defaultLocation ?? input.location)
        }
      }
      inputs.append(
        PlannedInput(
          name: input.name, type: type, defaultValue: defaultValue,
          description: input.description, location: input.location, slot: newSlot()))
    }
  }

  // MARK: Steps

  /// Plans a block; returns its steps and the type of its last output (`nil` if it has none).
  private mutating func planBlock(_ steps: [WorkflowStep], previous: ValueType?)
    -> ([PlannedStep], ValueType?)
  {
    var planned: [PlannedStep] = []
    var previous = previous
    for step in steps {
      guard let result = planStep(step, previous: previous) else {
        // Keep the id known, so that steps using it are not reported as well.
        if let id = step.id {
          scopes[scopes.count - 1][id] = Binding(slot: newSlot(), type: .any, kind: .step)
          plannedStepIDs.insert(id)
        }
        previous = .any
        continue
      }
      planned.append(result)
      // A conditional step, or one whose failure the run goes past, may pass the previous
      // output on instead of its own.
      let mayPassThrough = result.condition != nil || result.options.onError == .continue
      previous = mayPassThrough ? union(previous, result.outputType) : result.outputType
      if let id = step.id {
        scopes[scopes.count - 1][id] = Binding(
          slot: result.slot, type: result.outputType, kind: .step)
        plannedStepIDs.insert(id)
      }
    }
    return (planned, previous)
  }

  private mutating func planStep(_ step: WorkflowStep, previous: ValueType?) -> PlannedStep? {
    let index = stepCount
    stepCount += 1
    let condition = step.condition.map { compileCondition($0) }
    let slot = newSlot()
    var planned = PlannedStep(
      index: index, id: step.id, label: step.id ?? "", location: step.location,
      condition: condition, options: step.options, outputType: .any,
      kind: .branch(condition: .literal(.boolean(false)), then: [], otherwise: []), slot: slot)
    switch step.kind {
    case .action(let action):
      guard let (plan, outputType) = planAction(action, step: step, previous: previous) else {
        return nil
      }
      planned.kind = .action(plan)
      planned.outputType = outputType
      planned.label = step.id ?? action.intent
    case .forEach(let loop):
      let (items, itemsType) = compile(loop.items)
      let elementType: ValueType
      switch itemsType {
      case .list(let element): elementType = element
      case .nothing:
        error("forEach needs a list, but this produces no value", at: loop.items.span.location)
        elementType = .any
      default: elementType = itemsType
      }
      let itemSlot = newSlot()
      scopes.append([loop.variable: Binding(slot: itemSlot, type: elementType, kind: .loopVariable)]
      )
      checkShadowing(loop.variable, at: loop.variableLocation ?? step.location)
      let (body, lastType) = planBlock(loop.steps, previous: elementType)
      scopes.removeLast()
      planned.kind = .forEach(items: items, itemSlot: itemSlot, body: body)
      planned.outputType = .list(lastType ?? .any)
      planned.label = step.id ?? "forEach"
    case .branch(let branch):
      let branchCondition = compileCondition(branch.condition)
      scopes.append([:])
      let (then, thenType) = planBlock(branch.then, previous: previous)
      scopes.removeLast()
      scopes.append([:])
      let (otherwise, elseType) = planBlock(branch.otherwise, previous: previous)
      scopes.removeLast()
      planned.kind = .branch(condition: branchCondition, then: then, otherwise: otherwise)
      // An empty branch passes the previous output on.
      planned.outputType = union(thenType ?? previous ?? .nothing, elseType ?? previous ?? .nothing)
      planned.label = step.id ?? "if"
    case .repeatLoop(let loop):
      let (count, countType) = compile(loop.count)
      checkValue(
        loop.count, compiled: count, type: countType, against: .integer,
        what: "the repeat count")
      if case .literal(let value, let span) = loop.count,
        case .integer(let times)? = try? value.coerced(to: .integer), times < 0
      {
        error("the repeat count must be 0 or more, not \(times)", at: span.location)
      }
      var passSlot: Int?
      var bindings: [String: Binding] = [:]
      if let variable = loop.variable {
        let slot = newSlot()
        passSlot = slot
        bindings[variable] = Binding(slot: slot, type: .integer, kind: .loopVariable)
        checkShadowing(variable, at: loop.variableLocation ?? step.location)
      }
      scopes.append(bindings)
      let (body, lastType) = planBlock(loop.steps, previous: previous)
      scopes.removeLast()
      planned.kind = .repeatLoop(count: count, passSlot: passSlot, body: body)
      planned.outputType = .list(lastType ?? .any)
      planned.label = step.id ?? "repeat"
    case .workflow(let call):
      guard let (subplan, arguments) = planSubworkflow(call) else { return nil }
      planned.kind = .workflow(subplan, inputs: arguments)
      planned.outputType = subplan.outputType
      planned.label = step.id ?? call.path
    }
    return planned
  }

  private mutating func checkShadowing(_ name: String, at location: SourceLocation) {
    if let declared = declaredSteps[name] {
      error(
        "loop variable '\(name)' has the same name as the step at line \(declared.line); "
          + "rename one of them", at: location)
    }
  }

  private mutating func planAction(_ action: ActionStep, step: WorkflowStep, previous: ValueType?)
    -> (ActionPlan, ValueType)?
  {
    guard let descriptor = planner.registry.intent(IntentIdentifier(action.intent)) else {
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
    var arguments: [(name: String, value: CompiledValue)] = []
    var given = Set<String>()
    for argument in action.parameters {
      let (compiled, type) = compile(argument.value)
      guard let parameter = descriptor.parameter(named: argument.name) else {
        var message = "'\(descriptor.identifier)' has no parameter '\(argument.name)'"
        if let suggestion = Spelling.closest(
          to: argument.name, among: descriptor.parameters.map(\.name))
        {
          message += "; did you mean '\(suggestion)'?"
        } else if descriptor.parameters.isEmpty {
          message += "; it takes no parameters"
        } else {
          message +=
            "; its parameters are "
            + WorkflowDecoder.choices(descriptor.parameters.map(\.name)).replacingOccurrences(
              of: " or ", with: " and ")
        }
        error(message, at: argument.nameLocation)
        continue
      }
      given.insert(parameter.name)
      if let reason = descriptor.literalParameters[parameter.name] {
        if case .literal = compiled {
        } else {
          error(
            "'\(descriptor.identifier)' takes no ${…} in '\(parameter.name)': \(reason)",
            at: argument.value.span.location)
        }
      }
      let checked = checkValue(
        argument.value, compiled: compiled, type: type, against: parameter.type,
        what: "parameter '\(parameter.name)' of '\(descriptor.identifier)'")
      arguments.append((parameter.name, checked))
    }
    var implicitInput: String?
    if let input = descriptor.inputParameter, !given.contains(input.name), let previous,
      previous != .nothing
    {
      if case .never(let reason) = previous.coercion(to: input.type) {
        if input.isRequired {
          error(
            "'\(descriptor.identifier)' takes its '\(input.name)' (\(input.type)) from the "
              + "previous step, but that step's output does not fit: \(reason); set "
              + "\"\(input.name)\" in the step's parameters", at: step.location)
          given.insert(input.name)
        }
      } else {
        implicitInput = input.name
        given.insert(input.name)
      }
    }
    for parameter in descriptor.parameters
    where parameter.isRequired && !given.contains(parameter.name) {
      var message =
        "'\(descriptor.identifier)' needs a value for '\(parameter.name)' (\(parameter.type))"
      message += "; add \"\(parameter.name)\": … to the step's parameters"
      if parameter.isInput { message += ", or put a step that produces it just before" }
      error(message, at: step.location)
    }
    return (
      ActionPlan(descriptor: descriptor, arguments: arguments, implicitInput: implicitInput),
      descriptor.outputType
    )
  }

  private mutating func planSubworkflow(_ call: SubworkflowStep)
    -> (Plan, [(name: String, value: CompiledValue)])?
  {
    let directory = (source.path as NSString).deletingLastPathComponent
    let path =
      call.path.hasPrefix("/") || directory.isEmpty
      ? call.path : (directory as NSString).appendingPathComponent(call.path)
    let canonical = Planner.canonical(path)
    guard !chain.contains(canonical) else {
      error(
        "workflow '\(call.path)' would run itself again (\(chain.map { ($0 as NSString).lastPathComponent }.joined(separator: " → ")) → \((canonical as NSString).lastPathComponent)); remove the cycle",
        at: call.pathLocation)
      return nil
    }
    let bytes: [UInt8]
    do {
      bytes = try planner.readFile(path)
    } catch {
      self.error(
        "cannot read workflow '\(call.path)': \(WorkflowLoader.describe(error))",
        at: call.pathLocation)
      return nil
    }
    let workflow: Workflow
    do {
      let decoded = try WorkflowLoader.decodeCollecting(WorkflowSource(path: path, bytes: bytes))
      workflow = decoded.0
      diagnostics += decoded.1
    } catch {
      diagnostics += error.diagnostics
      sources.merge(error.sources) { first, _ in first }
      self.error("workflow '\(call.path)' is invalid (see the errors above)", at: call.pathLocation)
      return nil
    }
    var child = PlanBuilder(planner: planner, chain: chain + [canonical])
    let plan = child.plan(workflow)
    diagnostics += child.diagnostics
    sources.merge(child.sources) { first, _ in first }
    var arguments: [(name: String, value: CompiledValue)] = []
    var given = Set<String>()
    for argument in call.inputs {
      let (compiled, type) = compile(argument.value)
      guard let input = plan.inputs.first(where: { $0.name == argument.name }) else {
        var message = "workflow '\(call.path)' has no input '\(argument.name)'"
        if let suggestion = Spelling.closest(to: argument.name, among: plan.inputs.map(\.name)) {
          message += "; did you mean '\(suggestion)'?"
        }
        error(message, at: argument.nameLocation)
        continue
      }
      given.insert(input.name)
      arguments.append(
        (
          input.name,
          checkValue(
            argument.value, compiled: compiled, type: type, against: input.type,
            what: "input '\(input.name)' of '\(call.path)'")
        ))
    }
    for input in plan.inputs where input.defaultValue == nil && !given.contains(input.name) {
      error(
        "workflow '\(call.path)' needs its input '\(input.name)'; add it to the step's 'inputs'",
        at: call.pathLocation)
    }
    return (plan, arguments)
  }

  // MARK: Values and types

  /// Checks a value against the type it must take; pre-coerces literals.
  @discardableResult
  private mutating func checkValue(
    _ source: ValueSource, compiled: CompiledValue, type: ValueType, against target: ValueType,
    what: String
  ) -> CompiledValue {
    if case .literal(let value, let span) = source {
      if case .null = value { return compiled }
      let needsQuery: Bool
      switch target {
      case .entity, .list(.entity): needsQuery = true
      default: needsQuery = false
      }
      if needsQuery, case .never(let reason) = value.valueType.coercion(to: target) {
        error("\(what) expects \(target.article) \(target): \(reason)", at: span.location)
        return compiled
      }
      guard !needsQuery else { return compiled }
      do {
        return .literal(try value.coerced(to: target))
      } catch {
        self.error("\(what): \(error.message)", at: span.location)
        return compiled
      }
    }
    if case .never(let reason) = type.coercion(to: target) {
      error(
        "\(what) expects \(target.article) \(target), but this is \(type.article) \(type): \(reason)",
        at: source.span.location)
    }
    return compiled
  }

  private mutating func compile(_ source: ValueSource) -> (CompiledValue, ValueType) {
    switch source {
    case .literal(let value, _):
      return (.literal(value), value.valueType)
    case .template(let template, let span):
      if let expression = template.singleExpression,
        case .expression(_, let offset) = template.segments[0]
      {
        let (compiled, type) = compile(expression, span: span, base: offset + 2)
        return (.expression(compiled), type)
      }
      var segments: [CompiledValue.Segment] = []
      for segment in template.segments {
        switch segment {
        case .text(let text): segments.append(.text(text))
        case .expression(let expression, let offset):
          let (compiled, type) = compile(expression, span: span, base: offset + 2)
          if type == .nothing {
            error(
              "this expression produces no value to put in the text",
              at: self.source.location(in: span, scalarOffset: offset))
          }
          segments.append(.expression(compiled))
        }
      }
      return (.interpolation(segments), .text)
    case .list(let items, _):
      var compiled: [CompiledValue] = []
      var types: [ValueType] = []
      for item in items {
        let (value, type) = compile(item)
        compiled.append(value)
        types.append(type)
      }
      let element = types.dropFirst().allSatisfy { $0 == types.first } ? types.first ?? .any : .any
      if case .literal = compiled.first,
        compiled.allSatisfy({ if case .literal = $0 { true } else { false } })
      {
        return (
          .literal(.list(compiled.compactMap { if case .literal(let v) = $0 { v } else { nil } })),
          .list(element)
        )
      }
      return (.list(compiled), .list(element))
    case .dictionary(let members, _):
      return (.dictionary(members.map { ($0.key, compile($0.value).0) }), .dictionary)
    }
  }

  private mutating func compileCondition(_ condition: Condition) -> CompiledExpression {
    compile(condition.expression, span: condition.text, base: 0).0
  }

  private mutating func compile(_ expression: Expression, span: ValueSource.Span, base: Int)
    -> (CompiledExpression, ValueType)
  {
    switch expression {
    case .literal(let value):
      return (.literal(value), value.valueType)
    case .reference(let reference):
      let location: SourceLocation
      (location, stringCursor) = source.location(
        in: span, scalarOffset: base + reference.offset, from: stringCursor)
      return resolve(reference, at: location)
    case .not(let operand):
      return (.not(compile(operand, span: span, base: base).0), .boolean)
    case .and(let lhs, let rhs):
      return (
        .and(compile(lhs, span: span, base: base).0, compile(rhs, span: span, base: base).0),
        .boolean
      )
    case .or(let lhs, let rhs):
      return (
        .or(compile(lhs, span: span, base: base).0, compile(rhs, span: span, base: base).0),
        .boolean
      )
    case .compare(let lhs, let op, let rhs):
      return (
        .compare(
          compile(lhs, span: span, base: base).0, op, compile(rhs, span: span, base: base).0),
        .boolean
      )
    case .contains(let lhs, let rhs):
      return (
        .contains(compile(lhs, span: span, base: base).0, compile(rhs, span: span, base: base).0),
        .boolean
      )
    }
  }

  private mutating func resolve(_ reference: Reference, at location: SourceLocation)
    -> (CompiledExpression, ValueType)
  {
    let unresolved: (CompiledExpression, ValueType) = (.literal(.null), .any)
    if reference.root == "inputs" {
      guard case .property(let name)? = reference.path.first else {
        if reference.path.isEmpty {
          return (.inputs(inputs.map { ($0.name, $0.slot) }), .dictionary)
        }
        error("write inputs.NAME to read an input", at: location)
        return unresolved
      }
      guard let input = inputs.first(where: { $0.name == name }) else {
        var message = "no input named '\(name)'"
        if let suggestion = Spelling.closest(to: name, among: inputs.map(\.name)) {
          message += "; did you mean 'inputs.\(suggestion)'?"
        } else if inputs.isEmpty {
          message += "; the workflow declares no inputs (add them under \"inputs\")"
        } else {
          message += "; the inputs are " + inputs.map { "'\($0.name)'" }.joined(separator: ", ")
        }
        error(message, at: location)
        return unresolved
      }
      let path = Array(reference.path.dropFirst())
      guard let type = pathType(input.type, path, reference: reference, at: location) else {
        return unresolved
      }
      return (.slot(input.slot, path: path, text: reference.description, location: location), type)
    }
    for scope in scopes.reversed() {
      guard let binding = scope[reference.root] else { continue }
      if binding.type == .nothing, binding.kind == .step {
        error(
          "step '\(reference.root)' produces no value (its intent returns nothing)",
          at: location)
        return unresolved
      }
      guard let type = pathType(binding.type, reference.path, reference: reference, at: location)
      else { return unresolved }
      return (
        .slot(binding.slot, path: reference.path, text: reference.description, location: location),
        type
      )
    }
    if brokenStepIDs.contains(reference.root) { return unresolved }
    if let declared = declaredSteps[reference.root] {
      if !plannedStepIDs.contains(reference.root) {
        error(
          "'\(reference.root)' refers to the step at line \(declared.line), which has not run "
            + "yet here; a step can only use the outputs of steps before it", at: location)
      } else {
        error(
          "step '\(reference.root)' (line \(declared.line)) is inside a block that has ended; "
            + "give the block an id and refer to that instead", at: location)
      }
      return unresolved
    }
    var names = scopes.flatMap(\.keys)
    names.append("inputs")
    var message = "no step, input or loop variable named '\(reference.root)'"
    if let suggestion = Spelling.closest(to: reference.root, among: names) {
      message += "; did you mean '\(suggestion)'?"
    } else if inputs.contains(where: { $0.name == reference.root }) {
      message += "; write 'inputs.\(reference.root)' to read the input"
    }
    error(message, at: location)
    return unresolved
  }

  /// The type at the end of a path, or `nil` after reporting why the path is wrong.
  private mutating func pathType(
    _ root: ValueType, _ path: [PathComponent], reference: Reference, at location: SourceLocation
  ) -> ValueType? {
    var type = root
    for component in path {
      guard let next = ExpressionTypes.member(of: type, component) else {
        // A property of a list is read from each item, so a list of entities lacks the
        // property its entity lacks.
        var itemType = type
        while case .list(let element) = itemType { itemType = element }
        switch (itemType.entityType != nil ? itemType : type, component) {
        case (.entity(let entity), .property(let name)):
          var message = "\(entity.name) has no property '\(name)'"
          let names = ["id"] + entity.properties.map(\.name)
          if let suggestion = Spelling.closest(to: name, among: names) {
            message += "; did you mean '\(suggestion)'?"
          } else {
            message += "; it has " + names.map { "'\($0)'" }.joined(separator: ", ")
          }
          error(message + " (in '\(reference)')", at: location)
        case (_, .index):
          error(
            "'\(reference)': \(type.article) \(type) cannot be indexed; only lists can",
            at: location)
        case (_, .property(let name)):
          error(
            "'\(reference)': \(type.article) \(type) has no property '\(name)'"
              + (type == .text ? " (text has only 'count')" : ""), at: location)
        }
        return nil
      }
      type = next
    }
    return type
  }

  private func union(_ lhs: ValueType?, _ rhs: ValueType) -> ValueType {
    guard let lhs else { return rhs }
    return lhs == rhs ? lhs : .any
  }

  private mutating func newSlot() -> Int {
    defer { slotCount += 1 }
    return slotCount
  }

  private mutating func error(_ message: String, at location: SourceLocation) {
    diagnostics.append(Diagnostic(.error, message, at: location))
  }
}

/// The static types of paths into values; the runtime rules are in ``Evaluator``.
enum ExpressionTypes {
  /// The type of `component` read from a value of `type`; `nil` when it cannot be read.
  static func member(of type: ValueType, _ component: PathComponent) -> ValueType? {
    switch (type, component) {
    case (.any, _): return .any
    case (.list(let element), .index): return element
    case (.list, .property("count")), (.text, .property("count")),
      (.dictionary, .property("count")):
      return .integer
    case (.list(let element), .property):
      return member(of: element, component).map { .list($0) }
    case (.dictionary, .property): return .any
    case (.entity(let entity), .property(let name)): return entity.propertyType(name)
    default: return nil
    }
  }
}
