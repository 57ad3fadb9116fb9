import IntentKit

/// Provenance of secrets: which slots hold values of secret inputs, and which evaluated values
/// show them and where.
///
/// A value read from a secret input's slot is secret as a whole; text interpolated from one
/// (`"Bearer ${inputs.token}"`) is secret at the spans the secret's text fills. The run reports
/// each such value (``Executor/Configuration/onSecretText``), so that what shows it is masked at
/// exactly those spans, and nothing else is searched for short secrets.
struct SecretSources: Sendable {
  /// The slots whose values are secret: secret inputs', and the item slot of each `forEach`
  /// over a value that reads one.
  private(set) var slots: Set<Int> = []
  /// The environment variables secret inputs come from (`env.NAME` reads them as well).
  private(set) var environmentNames: Set<String> = []

  var isEmpty: Bool { slots.isEmpty && environmentNames.isEmpty }

  private init(slots: Set<Int>, environmentNames: Set<String>) {
    self.slots = slots
    self.environmentNames = environmentNames
  }

  /// The parameters of `shell.run` that become the child's command line, which any user of
  /// the machine can read (`/proc/PID/cmdline`).
  static let commandLineParameters: Set<String> = ["command", "script", "arguments"]

  /// A warning for each `shell.run` step that puts a secret on the child's command line,
  /// naming the step and the input and suggesting the `environment` form.
  static func commandLineWarnings(_ plan: Plan) -> [Diagnostic] {
    let sources = SecretSources(plan: plan)
    guard !sources.isEmpty else { return [] }
    var warnings: [Diagnostic] = []
    for step in plan.allSteps {
      guard case .action(let action) = step.kind, step.intent == "shell.run" else { continue }
      for (name, value) in action.arguments
      where commandLineParameters.contains(name) && sources.reads(value) {
        let input =
          plan.inputs.first { input in
            input.isSecret
              && SecretSources(
                slots: [input.slot],
                environmentNames: Set([input.environmentName].compactMap { $0 })
              ).reads(value)
          }?.name ?? "token"
        let variable = input.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        warnings.append(
          Diagnostic(
            .warning,
            "step '\(step.label)' puts secret input '\(input)' in '\(name)', on the command line "
              + "of the program it runs, where any user of the machine can read it "
              + "(/proc/PID/cmdline); give it in 'environment' instead "
              + "(\"environment\": {\"\(String(variable))\": \"${inputs.\(input)}\"}) and read "
              + "\"$\(String(variable))\", or feed it on standard input with 'input'",
            at: step.location))
      }
    }
    return warnings
  }

  init(plan: Plan) {
    for input in plan.inputs where input.isSecret {
      slots.insert(input.slot)
      if let name = input.environmentName { environmentNames.insert(name) }
    }
    guard !isEmpty else { return }
    // A loop over secrets makes its item secret; loops inside it may read that item.
    let loops = plan.allSteps.compactMap { step -> (CompiledValue, Int)? in
      if case .forEach(let items, let itemSlot, _) = step.kind { return (items, itemSlot) }
      return nil
    }
    var changed = true
    while changed {
      changed = false
      for (items, itemSlot) in loops where !slots.contains(itemSlot) && reads(items) {
        slots.insert(itemSlot)
        changed = true
      }
    }
  }

  /// Whether evaluating `value` reads a secret.
  func reads(_ value: CompiledValue) -> Bool {
    switch value {
    case .literal: return false
    case .expression(let expression): return reads(expression)
    case .interpolation(let segments):
      return segments.contains { segment in
        if case .expression(let expression) = segment { return reads(expression) }
        return false
      }
    case .list(let items): return items.contains(where: reads)
    case .dictionary(let members): return members.contains { reads($0.value) }
    }
  }

  /// Whether evaluating `expression` reads a secret.
  func reads(_ expression: CompiledExpression) -> Bool {
    switch expression {
    case .literal: return false
    case .slot(let slot, _, _, _): return slots.contains(slot)
    case .inputs(let inputs): return inputs.contains { slots.contains($0.slot) }
    case .runValue(.environment(let name)): return environmentNames.contains(name)
    case .runValue: return false
    case .not(let operand), .negate(let operand, _), .member(let operand, _, _, _):
      return reads(operand)
    case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs),
      .contains(let lhs, let rhs), .arithmetic(let lhs, _, let rhs, _),
      .coalesce(let lhs, let rhs), .subscripted(let lhs, let rhs, _, _):
      return reads(lhs) || reads(rhs)
    }
  }
}

extension Evaluator {
  /// The value of `value`, as ``value(_:_:_:)`` gives it, adding to `texts` each text of it
  /// that shows a secret of `secrets`, with the secret's spans.
  static func tracedValue(
    _ value: CompiledValue, _ slots: [Value], _ environment: EvaluationEnvironment,
    secrets: SecretSources, into texts: inout [SecretText]
  ) throws(EvaluationError) -> Value {
    switch value {
    case .literal(let literal):
      return literal
    case .expression(let expression):
      let result = try evaluate(expression, slots, environment)
      if case .inputs(let inputs) = expression {
        // `${inputs}`: only the secret inputs' values are secret.
        for (_, slot) in inputs where secrets.slots.contains(slot) {
          texts += Redactor.texts(of: slots[slot]).map(SecretText.init(whole:))
        }
      } else if secrets.reads(expression) {
        texts += Redactor.texts(of: result).map(SecretText.init(whole:))
      }
      return result
    case .interpolation(let segments):
      var text = ""
      var spans: [Range<Int>] = []
      for segment in segments {
        switch segment {
        case .text(let piece): text += piece
        case .expression(let expression):
          let piece = try evaluate(expression, slots, environment).textDescription
          if secrets.reads(expression), !piece.isEmpty {
            let start = text.utf8.count
            spans.append(start..<start + piece.utf8.count)
          }
          text += piece
        }
      }
      if !spans.isEmpty { texts.append(SecretText(text, spans: spans)) }
      return .text(text)
    case .list(let items):
      var result: [Value] = []
      result.reserveCapacity(items.count)
      for item in items {
        result.append(
          try tracedValue(item, slots, environment, secrets: secrets, into: &texts))
      }
      return .list(result)
    case .dictionary(let members):
      var result: [String: Value] = [:]
      for (key, member) in members {
        result[key] = try tracedValue(member, slots, environment, secrets: secrets, into: &texts)
      }
      return .dictionary(result)
    }
  }
}
