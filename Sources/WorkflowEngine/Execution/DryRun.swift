public import IntentKit
import StrictJSON

/// `intentflow run --dry-run`: what a run would do, without performing anything.
///
/// The inputs are bound; every value that depends only on inputs and on the run's names
/// (`now`, `env.NAME`…) is evaluated, and each step that would run is listed with its
/// parameters. A value that needs an earlier step's output cannot be known without
/// performing that step, so the listing names what it depends on instead. A condition or a
/// loop that depends on outputs lists its steps as "may run".
public struct DryRun: Sendable {
  public var plan: Plan
  public var environment: EvaluationEnvironment
  /// Hides secret inputs in the listed values.
  public var redactor: Redactor

  public init(plan: Plan, environment: EvaluationEnvironment, redactor: Redactor) {
    self.plan = plan
    self.environment = environment
    self.redactor = redactor
  }

  /// The listing: a heading, then one line per step and one per parameter, indented by block.
  public func lines(inputs: [String: Value]) -> [String] {
    var walk = Walk(
      environment: environment, redactor: redactor, secrets: SecretSources(plan: plan), slots: [])
    walk.slots = Array(repeating: .null, count: plan.slotCount)
    for input in plan.inputs {
      walk.slots[input.slot] = inputs[input.name] ?? .null
      walk.known.insert(input.slot)
    }
    var lines = ["dry run of '\(plan.workflow.name)': nothing is performed"]
    for input in plan.inputs {
      lines.append("  input \(input.name) = \(walk.show(inputs[input.name] ?? .null))")
    }
    walk.block(plan.steps, depth: 1, previous: nil, into: &lines)
    return lines
  }

  private struct Walk {
    let environment: EvaluationEnvironment
    /// Learns, as values are evaluated, the texts they build from secrets.
    var redactor: Redactor
    let secrets: SecretSources
    var slots: [Value]
    var known: Set<Int> = []

    func show(_ value: Value) -> String {
      let redacted = redactor.redact(value)
      switch redacted {
      case .text, .date, .duration, .url:
        return JSONValue.string(redacted.textDescription).serialized()
      default:
        return redacted.jsonValue.serialized()
      }
    }

    /// The references in a value that name slots not known without performing.
    func unknown(_ value: CompiledValue) -> [String] {
      switch value {
      case .literal: return []
      case .expression(let expression): return unknown(expression)
      case .interpolation(let segments):
        return segments.flatMap { segment -> [String] in
          if case .expression(let expression) = segment { return unknown(expression) }
          return []
        }
      case .list(let items): return items.flatMap(unknown)
      case .dictionary(let members): return members.flatMap { unknown($0.value) }
      }
    }

    func unknown(_ expression: CompiledExpression) -> [String] {
      switch expression {
      case .literal, .inputs, .runValue: return []
      case .slot(let slot, _, let text, _): return known.contains(slot) ? [] : [text]
      case .not(let operand), .negate(let operand, _), .member(let operand, _, _, _):
        return unknown(operand)
      case .and(let lhs, let rhs), .or(let lhs, let rhs), .compare(let lhs, _, let rhs),
        .contains(let lhs, let rhs), .arithmetic(let lhs, _, let rhs, _),
        .coalesce(let lhs, let rhs), .subscripted(let lhs, let rhs, _, _):
        return unknown(lhs) + unknown(rhs)
      }
    }

    /// The value, or what it depends on.
    mutating func describe(_ value: CompiledValue) -> String {
      let missing = unknown(value)
      guard missing.isEmpty else { return Self.dependsOn(missing) }
      do {
        var texts: [SecretText] = []
        let result = try Evaluator.tracedValue(
          value, slots, environment, secrets: secrets, into: &texts)
        for text in texts { redactor.insert(text) }
        return show(result)
      } catch {
        return "(cannot be evaluated: \(redactor.redact(error.message)))"
      }
    }

    /// Whether a condition holds, or `nil` when it depends on outputs (or cannot be known).
    func holds(_ condition: CompiledExpression) -> Bool? {
      guard unknown(condition).isEmpty,
        let value = try? Evaluator.evaluate(condition, slots, environment)
      else { return nil }
      return Evaluator.isTrue(value)
    }

    static func dependsOn(_ references: [String]) -> String {
      var seen: [String] = []
      for reference in references where !seen.contains(reference) { seen.append(reference) }
      return "(depends on " + seen.map { "'\($0)'" }.joined(separator: ", ")
        + ", known only when the run gets there)"
    }

    mutating func block(
      _ steps: [PlannedStep], depth: Int, previous: String?, into lines: inout [String]
    ) {
      var previous = previous
      for step in steps {
        self.step(step, depth: depth, previous: previous, into: &lines)
        previous = step.label
      }
    }

    mutating func step(
      _ step: PlannedStep, depth: Int, previous: String?, into lines: inout [String]
    ) {
      let indent = String(repeating: "  ", count: depth)
      var heading = "\(indent)\(step.label)"
      if let intent = step.intent, intent.rawValue != step.label { heading += " (\(intent))" }
      if step.intent == nil { heading += " [\(step.kindName)]" }
      if let condition = step.condition {
        switch holds(condition) {
        case true?: heading += " — its 'if' is true"
        case false?:
          lines.append("\(heading) — skipped: its 'if' is false")
          return
        case nil: heading += " — runs only if its 'if' holds when the run gets there"
        }
      }
      lines.append(heading)
      let inner = indent + "  "
      switch step.kind {
      case .action(let action):
        for (name, value) in action.arguments {
          lines.append("\(inner)\(name) = \(describe(value))")
        }
        if let input = action.implicitInput,
          !action.arguments.contains(where: { $0.name == input })
        {
          let source = previous.map { "the output of '\($0)'" } ?? "the item"
          lines.append("\(inner)\(input) = (\(source), known only when the run gets there)")
        }
      case .forEach(let items, _, let body):
        lines.append("\(inner)for each of \(describe(items))")
        if step.forEachOptions.filter != nil {
          lines.append("\(inner)keeping the items its 'where' holds for")
        }
        if step.forEachOptions.concurrency > 1 {
          lines.append("\(inner)up to \(step.forEachOptions.concurrency) passes at once")
        }
        block(body, depth: depth + 1, previous: nil, into: &lines)
      case .branch(let condition, let then, let otherwise):
        switch holds(condition) {
        case true?: block(then, depth: depth + 1, previous: previous, into: &lines)
        case false?: block(otherwise, depth: depth + 1, previous: previous, into: &lines)
        case nil:
          lines.append("\(inner)then (if the condition holds):")
          block(then, depth: depth + 2, previous: previous, into: &lines)
          if !otherwise.isEmpty {
            lines.append("\(inner)else:")
            block(otherwise, depth: depth + 2, previous: previous, into: &lines)
          }
        }
      case .repeatLoop(let count, _, let body):
        lines.append("\(inner)times = \(describe(count))")
        block(body, depth: depth + 1, previous: previous, into: &lines)
      case .workflow(let subplan, let inputs):
        lines.append("\(inner)runs '\(subplan.workflow.source.path)'")
        for (name, value) in inputs { lines.append("\(inner)input \(name) = \(describe(value))") }
      }
      if let fallback = step.fallback {
        lines.append("\(inner)on error:")
        block(fallback.steps, depth: depth + 2, previous: previous, into: &lines)
      }
    }
  }
}
