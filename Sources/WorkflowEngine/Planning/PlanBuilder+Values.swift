// Hot code: compiling every value and expression of a file. It keeps the rules of the paragraph at
// the top of `PlanBuilder.swift` (no copy or allocation per step that a plain reading would not
// make; see Docs/Performance.md).

import IntentKit
import Suggestions

/// Compiling values and expressions: references bound to slots, types inferred and checked,
/// literals converted in advance.
extension PlanBuilder {
  /// What a reference that names nothing compiles to, after it is reported. Made only then,
  /// since a compiled expression is boxed.
  static var unresolved: Typed<CompiledExpression> {
    Typed(compiled: .literal(.null), type: .any)
  }

  /// Checks a value against the type it must take; pre-coerces literals. `what` names the
  /// value in a message, and is worked out only for one.
  @discardableResult
  mutating func checkValue(
    _ source: ValueSource, _ typed: Typed<CompiledValue>, against target: ValueType,
    what: @autoclosure () -> String
  ) -> CompiledValue {
    let compiled = typed.compiled
    if case .literal(let value, let span) = source, !value.isWrittenList {
      return checkLiteral(value, at: span, compiled, against: target, what: what())
    }
    if case .never(let reason) = typed.type.coercion(to: target) {
      error(
        "\(what()) expects \(target.article) \(target), but this is \(typed.type.article) "
          + "\(typed.type): \(reason)", at: source.span.location)
    }
    return compiled
  }

  /// ``compile(_:)`` and ``checkValue(_:_:against:what:)`` in one: the value source is
  /// matched once (each match copies it whole).
  mutating func compileChecked(
    _ source: ValueSource, against target: ValueType, what: @autoclosure () -> String
  ) -> CompiledValue {
    let typed: Typed<CompiledValue>
    let location: SourceLocation
    switch source {
    case .literal(let value, let span) where !value.isWrittenList:
      return checkLiteral(value, at: span, .literal(value), against: target, what: what())
    case .literal(let value, let span):
      typed = Typed(compiled: .literal(value), type: value.valueType)
      location = span.location
    case .template(let template, let span):
      typed = compile(template, span: span)
      location = span.location
    case .list(_, let span), .dictionary(_, let span):
      typed = compile(source)
      location = span.location
    }
    if case .never(let reason) = typed.type.coercion(to: target) {
      error(
        "\(what()) expects \(target.article) \(target), but this is \(typed.type.article) "
          + "\(typed.type): \(reason)", at: location)
    }
    return typed.compiled
  }

  /// The literal branch of ``checkValue(_:_:against:what:)``: pre-coerces the value.
  private mutating func checkLiteral(
    _ value: Value, at span: ValueSource.Span, _ compiled: CompiledValue,
    against target: ValueType, what: @autoclosure () -> String
  ) -> CompiledValue {
    if case .null = value { return compiled }
    let needsQuery: Bool
    switch target {
    case .entity, .list(.entity): needsQuery = true
    default: needsQuery = false
    }
    if needsQuery, case .never(let reason) = value.valueType.coercion(to: target) {
      error("\(what()) expects \(target.article) \(target): \(reason)", at: span.location)
      return compiled
    }
    guard !needsQuery else { return compiled }
    do {
      return .literal(try value.coerced(to: target))
    } catch {
      self.error("\(what()): \(error.message)", at: span.location)
      return compiled
    }
  }

  mutating func compile(_ source: ValueSource) -> Typed<CompiledValue> {
    switch source {
    case .literal(let value, _):
      return Typed(compiled: .literal(value), type: value.valueType)
    case .template(let template, let span):
      return compile(template, span: span)
    case .list(let items, _):
      let typed = items.map { compile($0) }
      let types = typed.map(\.type)
      let element = types.dropFirst().allSatisfy { $0 == types.first } ? types.first ?? .any : .any
      let literals = typed.compactMap { item -> Value? in
        if case .literal(let value) = item.compiled { value } else { nil }
      }
      if !typed.isEmpty, literals.count == typed.count {
        return Typed(compiled: .literal(.list(literals)), type: .list(element))
      }
      return Typed(compiled: .list(typed.map(\.compiled)), type: .list(element))
    case .dictionary(let members, _):
      let compiled = members.map { (key: $0.key, value: compile($0.value).compiled) }
      return Typed(compiled: .dictionary(compiled), type: .dictionary)
    }
  }

  /// A string with `${…}` in it: exactly one expression passes its typed value; any other
  /// text is text.
  private mutating func compile(_ template: Template, span: ValueSource.Span)
    -> Typed<CompiledValue>
  {
    // The segments by index, each matched in place.
    let parts = template.segments
    if parts.count == 1, case .expression(let expression, let offset) = parts[0] {
      let typed = compile(expression, span: span, base: offset + 2)
      return Typed(compiled: .expression(typed.compiled), type: typed.type)
    }
    var segments: [CompiledValue.Segment] = []
    segments.reserveCapacity(parts.count)
    for index in parts.indices {
      switch parts[index] {
      case .text(let text): segments.append(.text(text))
      case .expression(let expression, let offset):
        let typed = compile(expression, span: span, base: offset + 2)
        if typed.type == .nothing {
          error(
            "this expression produces no value to put in the text",
            at: self.source.location(in: span, scalarOffset: offset))
        }
        segments.append(.expression(typed.compiled))
      }
    }
    return Typed(compiled: .interpolation(segments), type: .text)
  }

  mutating func compileCondition(_ condition: Condition) -> CompiledExpression {
    compile(condition.expression, span: condition.text, base: 0).compiled
  }

  mutating func compile(_ expression: Expression, span: ValueSource.Span, base: Int)
    -> Typed<CompiledExpression>
  {
    func boolean(_ compiled: CompiledExpression) -> Typed<CompiledExpression> {
      Typed(compiled: compiled, type: .boolean)
    }
    switch expression {
    case .literal(let value):
      return Typed(compiled: .literal(value), type: value.valueType)
    case .reference(let reference):
      let location: SourceLocation
      (location, stringCursor) = source.location(
        in: span, scalarOffset: base + reference.offset, from: stringCursor)
      return resolve(reference, at: location)
    case .not(let operand):
      return boolean(.not(compile(operand, span: span, base: base).compiled))
    case .and(let lhs, let rhs):
      let left = compile(lhs, span: span, base: base).compiled
      return boolean(.and(left, compile(rhs, span: span, base: base).compiled))
    case .or(let lhs, let rhs):
      let left = compile(lhs, span: span, base: base).compiled
      return boolean(.or(left, compile(rhs, span: span, base: base).compiled))
    case .compare(let lhs, let op, let rhs):
      let left = compile(lhs, span: span, base: base).compiled
      return boolean(.compare(left, op, compile(rhs, span: span, base: base).compiled))
    case .contains(let lhs, let rhs):
      let left = compile(lhs, span: span, base: base).compiled
      return boolean(.contains(left, compile(rhs, span: span, base: base).compiled))
    case .arithmetic, .negate, .coalesce, .subscripted, .member:
      return compileOperation(expression, span: span, base: base)
    }
  }

  /// Binds a reference to the input, step or loop variable it names, or reports why it
  /// names nothing that is in scope.
  private mutating func resolve(_ reference: Reference, at location: SourceLocation)
    -> Typed<CompiledExpression>
  {
    if reference.root == "inputs" {
      return resolveInput(reference, at: location) ?? Self.unresolved
    }
    if let binding = binding(named: reference.root) {
      if binding.type == .nothing, binding.kind == .step {
        error(
          "step '\(reference.root)' produces no value (its intent returns nothing)",
          at: location)
        return Self.unresolved
      }
      guard let type = pathType(binding.type, reference.path, reference: reference, at: location)
      else { return Self.unresolved }
      readSlots.insert(binding.slot)
      return Typed(
        compiled: .slot(
          binding.slot, path: reference.path, text: reference.description, location: location),
        type: type)
    }
    if let typed = resolveRunName(reference, at: location) { return typed }
    if brokenStepIDs.contains(reference.root) { return Self.unresolved }
    if let line = declaredSteps[reference.root] {
      if isRunStepSeenFromFailureHandler(reference.root) {
        error(
          "'onFailure' steps cannot read step '\(reference.root)' (line \(line)): it may not "
            + "have run; ${run.error} says what failed", at: location)
      } else if !hasPlanned(reference.root) {
        error(
          "'\(reference.root)' refers to the step at line \(line), which has not run "
            + "yet here; a step can only use the outputs of steps before it", at: location)
      } else {
        error(
          "step '\(reference.root)' (line \(line)) is inside a block that has ended; "
            + "give the block an id and refer to that instead", at: location)
      }
      return Self.unresolved
    }
    var names: [String] = []
    for index in scopes.indices { names += scopes[index].names() }
    names.append("inputs")
    names += Self.runNames
    var message = "no step, input or loop variable named '\(reference.root)'"
    if let suggestion = Spelling.closest(to: reference.root, among: names) {
      message += "; did you mean '\(suggestion)'?"
    } else if inputs.contains(where: { $0.name == reference.root }) {
      message += "; write 'inputs.\(reference.root)' to read the input"
    } else if let hint = subtractionHint(reference.root) {
      message += hint
    }
    error(message, at: location)
    return Self.unresolved
  }

  /// What `name` stands for in the innermost scope that has it.
  ///
  /// A step most often reads the step just before it: the binding entered last is compared
  /// first, so that its name is not hashed again.
  private mutating func binding(named name: String) -> Binding? {
    if let last = lastBound, last.name == name { return last.binding }
    for index in scopes.indices.reversed() {
      if let binding = scopes[index].binding(named: name) { return binding }
    }
    return nil
  }

  /// Binds `inputs` or `inputs.NAME…`; `nil` after reporting why it names no input.
  private mutating func resolveInput(_ reference: Reference, at location: SourceLocation)
    -> Typed<CompiledExpression>?
  {
    guard case .property(let name)? = reference.path.first else {
      if reference.path.isEmpty {
        for input in inputs { readSlots.insert(input.slot) }
        return Typed(compiled: .inputs(inputs.map { ($0.name, $0.slot) }), type: .dictionary)
      }
      error("write inputs.NAME to read an input", at: location)
      return nil
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
      return nil
    }
    let path = Array(reference.path.dropFirst())
    guard let type = pathType(input.type, path, reference: reference, at: location) else {
      return nil
    }
    readSlots.insert(input.slot)
    return Typed(
      compiled: .slot(input.slot, path: path, text: reference.description, location: location),
      type: type)
  }

  /// The type at the end of a path, or `nil` after reporting why the path is wrong.
  mutating func pathType(
    _ root: ValueType, _ path: [PathComponent], reference: Reference, at location: SourceLocation
  ) -> ValueType? {
    var type = root
    for component in path {
      guard let next = ExpressionTypes.member(of: type, component) else {
        reportMissingMember(component, of: type, reference: reference, at: location)
        return nil
      }
      type = next
    }
    return type
  }

  mutating func reportMissingMember(
    _ component: PathComponent, of type: ValueType, reference: Reference,
    at location: SourceLocation
  ) {
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
  }
}

extension Value {
  /// Whether a literal is a list written out in the file (the decoder makes one literal of a
  /// list of literals): such a list is checked by its type, as a list with expressions in it
  /// is, and converted when the step runs.
  fileprivate var isWrittenList: Bool {
    if case .list = self { return true }
    return false
  }
}
