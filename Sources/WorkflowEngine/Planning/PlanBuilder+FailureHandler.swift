import IntentKit
import Suggestions

/// Planning a workflow's `onFailure` steps (DESIGN §12): a block of its own after the
/// workflow's steps, which sees the inputs and `${run}` (typed: ``FailedRunFields``) but not
/// the run's steps, which may not have run.
extension PlanBuilder {
  /// Plans `steps` as the workflow's `onFailure` handler.
  mutating func planFailureHandler(_ steps: [WorkflowStep]) -> FailureHandler {
    let runSlot = newSlot()
    let enclosing = scopes
    scopes = [Scope(capacity: steps.count)]
    failureHandler = (runSlot, plannedStepIDs.count)
    let (planned, _) = planBlock(steps, previous: nil)
    failureHandler = nil
    scopes = enclosing
    return FailureHandler(steps: planned, runSlot: runSlot)
  }

  /// Whether `id` names one of the workflow's steps seen from its `onFailure` steps.
  func isRunStepSeenFromFailureHandler(_ id: String) -> Bool {
    guard let (_, mainSteps) = failureHandler else { return false }
    return plannedStepIDs[..<mainSteps].contains(id)
  }

  /// Binds `run`, `run.FIELD` or `run.error.FIELD` in `onFailure` steps.
  mutating func resolveFailedRun(_ reference: Reference, slot: Int, at location: SourceLocation)
    -> Typed<CompiledExpression>
  {
    var type = ValueType.dictionary
    var known = 0
    if case .property(let name)? = reference.path.first {
      guard let field = FailedRunFields.run[name] else {
        return unknownField(name, of: "run", among: FailedRunFields.run, reference, at: location)
      }
      type = field
      known = 1
      if name == "error", reference.path.count > 1, case .property(let inner) = reference.path[1] {
        guard let field = FailedRunFields.error[inner] else {
          return unknownField(
            inner, of: "run.error", among: FailedRunFields.error, reference, at: location)
        }
        type = field
        known = 2
      }
    }
    let rest = Array(reference.path.dropFirst(known))
    if !rest.isEmpty {
      guard let restType = pathType(type, rest, reference: reference, at: location) else {
        return Self.unresolved
      }
      type = restType
    }
    readSlots.insert(slot)
    return Typed(
      compiled: .slot(slot, path: reference.path, text: reference.description, location: location),
      type: type)
  }

  private mutating func unknownField(
    _ name: String, of root: String, among fields: [String: ValueType], _ reference: Reference,
    at location: SourceLocation
  ) -> Typed<CompiledExpression> {
    let names = fields.keys.sorted()
    var message = "'\(reference)': \(root) has no '\(name)'"
    if let suggestion = Spelling.closest(to: name, among: names) {
      message += "; did you mean '\(root).\(suggestion)'?"
    } else {
      message += "; it has " + names.map { "'\($0)'" }.joined(separator: ", ")
    }
    error(message, at: location)
    return Self.unresolved
  }
}

/// The fields of `${run}` in `onFailure` steps, with their types.
enum FailedRunFields {
  static let run: [String: ValueType] = [
    "id": .text, "workflow": .text, "status": .text, "exitCode": .integer, "trigger": .text,
    "startedAt": .date, "error": .dictionary,
  ]
  static let error: [String: ValueType] = ["step": .text, "kind": .text, "message": .text]
}
