public import IntentKit
import StrictJSON

/// What a resumed run takes from the run it resumes (DESIGN §12): which steps it does not
/// perform again, by path, and what they ended with there.
///
/// A step found here at its path is not performed: a succeeded step's output is restored
/// from its stored JSON (entities read again by id through their query), and a failure that
/// `onError` carried the run past is carried past again, its `onError` steps restored in
/// turn. Any other step runs as in a new run, so a loop goes on at its first pass that did
/// not succeed and a block at its first step that did not.
public struct ResumedSteps: Sendable {
  /// How a step ended in the run resumed.
  public enum Outcome: Sendable {
    /// It succeeded with this output, as JSON text; `nil` when the output was not kept whole
    /// (it held a secret, or it was too long): the step is performed again if anything reads
    /// its output.
    case succeeded(output: String?)
    /// It failed with this error and `onError` carried the run past it.
    case carriedPast(IntentFlowError)
  }

  /// The run resumed, for messages.
  public var runID: String
  /// The steps not to perform again, by path (`3`, `4[17].1`, `5.2`, `2.onError.1`).
  public var outcomes: [String: Outcome]
  /// The paths of steps that were stopped while they performed (cancelled, timed out): one
  /// that is not idempotent may have had its effect, so it asks before it runs again.
  public var interrupted: Set<String>
  /// Every path the run resumed recorded.
  public var recorded: Set<String>
  /// Whether the run resumed died without recording its end (abandoned): the first step
  /// that may wait and that it did not record was perhaps performing, and asks as an
  /// interrupted one does.
  public var wasAbandoned: Bool

  public init(
    runID: String, outcomes: [String: Outcome], interrupted: Set<String> = [],
    recorded: Set<String> = [], wasAbandoned: Bool = false
  ) {
    self.runID = runID
    self.outcomes = outcomes
    self.interrupted = interrupted
    self.recorded = recorded
    self.wasAbandoned = wasAbandoned
  }
}

extension RunState {
  /// The output of a step that the run resumed finished, or `nil` when the step is to be
  /// performed. A failure carried past is thrown, to be carried past again.
  ///
  /// An output nothing reads is not parsed: restoring costs what the remaining steps read.
  nonisolated(nonsending) mutating func restoredOutput(
    of step: PlannedStep, at path: String, from resumed: ResumedSteps
  ) async throws(IntentFlowError) -> Value? {
    guard let outcome = resumed.outcomes[path] else { return nil }
    let json: String
    switch outcome {
    case .carriedPast(var error):
      error.step = error.step ?? step.label
      error.location = error.location ?? step.location
      restoring = true
      throw error
    case .succeeded(let output):
      let isRead = configuration.keepsStepOutputs || plan.outputIsRead[step.index]
      guard isRead else {
        restoring = true
        return .null
      }
      guard let output else { return nil }
      json = output
    }
    let node: JSONNode
    do {
      node = try JSONParser.parse(json)
    } catch {
      return nil  // a damaged record: perform the step again
    }
    let value = try await Self.revive(
      Value(json: node), as: step.outputType, context: context, step: step,
      runID: resumed.runID)
    restoring = true
    return value
  }

  /// A value read back from JSON, given the type its step declares: dates, durations and URLs
  /// from their text, entities read again by id (`nil` when the type cannot be restored, as a
  /// record's, which has no identity).
  private static func revive(
    _ value: Value, as type: ValueType, context: IntentContext, step: PlannedStep,
    runID: String
  ) async throws(IntentFlowError) -> Value {
    switch (value, type) {
    case (.null, _), (_, .any), (_, .nothing):
      return value
    case (.list(let items), .list(let element)):
      var revived: [Value] = []
      revived.reserveCapacity(items.count)
      for item in items {
        revived.append(
          try await revive(item, as: element, context: context, step: step, runID: runID))
      }
      return .list(revived)
    case (.dictionary(let members), .entity(let entityType)):
      if entityType.isRecord {
        // A record has no identity to read again: it is rebuilt from its properties.
        return try await record(members, of: entityType, context: context, step: step, runID: runID)
      }
      guard case .text(let id)? = members["id"] else { return value }
      let found: [AnyEntity]
      do {
        found = try await IntentContext.$current.withValue(context) {
          try await entityType.entities(for: [id])
        }
      } catch {
        throw IntentFlowError(
          .failed,
          "step '\(step.label)': cannot read \(entityType.name) '\(id)' again, which it "
            + "returned in run \(runID): \(error)", location: step.location, step: step.label)
      }
      guard let entity = found.first else {
        throw IntentFlowError(
          .failed,
          "step '\(step.label)' returned \(entityType.name) '\(id)' in run \(runID), and it "
            + "is gone; resume from this step (--from \(step.id ?? step.label)) to make it "
            + "again", location: step.location, step: step.label)
      }
      return .entity(entity)
    default:
      return (try? value.coerced(to: type)) ?? value
    }
  }

  /// A record (``AppRecord``: `ShellResult`, `HTTPResponse`) from its JSON, as a dynamic
  /// entity of its type: the same properties, text form and JSON.
  private static func record(
    _ members: [String: Value], of type: EntityType, context: IntentContext, step: PlannedStep,
    runID: String
  ) async throws(IntentFlowError) -> Value {
    guard case .dictionary(let stored)? = members["properties"] else { return .dictionary(members) }
    var values: [String: Value] = [:]
    for (name, propertyType) in type.properties {
      guard let value = stored[name] else { continue }
      values[name] = try await revive(
        value, as: propertyType, context: context, step: step, runID: runID)
    }
    let title = members["display"].map(\.textDescription) ?? ""
    return .entity(
      AnyEntity(DynamicEntity(type: type, id: "", display: .init(title: title), values: values)))
  }

  /// Asks before an intent step that may have had its effect in the run resumed is performed
  /// again: it was stopped while performing, or it is the first step that may wait which an
  /// abandoned run did not record. Idempotent intents do not ask; nor does `--yes`.
  nonisolated(nonsending) mutating func confirmRepeat(
    of step: PlannedStep, at path: String, from resumed: ResumedSteps
  ) async throws(IntentFlowError) {
    guard case .action(let action) = step.kind, !action.descriptor.performsInline else { return }
    var mayHaveRun = resumed.interrupted.contains(path)
    if resumed.wasAbandoned, !checkedUnrecorded, !resumed.recorded.contains(path) {
      checkedUnrecorded = true
      mayHaveRun = true
    }
    guard mayHaveRun, !action.descriptor.isIdempotent, !configuration.assumeYes else { return }
    let prompt =
      "Step '\(step.label)' (\(action.descriptor.identifier)) may have had its effect in run "
      + "\(resumed.runID) before it stopped. Perform it again?"
    let answer: Bool?
    do {
      answer = try await configuration.interaction.requestConfirmation(
        ConfirmationRequest(step: step.label, intent: action.descriptor.identifier, prompt: prompt))
    } catch {
      throw IntentFlowError(
        .cancelled, "the run was cancelled while asking about step '\(step.label)'",
        location: step.location, step: step.label)
    }
    switch answer {
    case true?:
      return
    case false?:
      throw IntentFlowError(
        .confirmationFailed,
        "step '\(step.label)' was not performed again: you answered no", location: step.location,
        step: step.label)
    case nil:
      throw IntentFlowError(
        .confirmationRequired,
        "step '\(step.label)' (\(action.descriptor.identifier)) may have had its effect in run "
          + "\(resumed.runID) before it stopped, and it is not idempotent; resume on a terminal "
          + "to be asked, or pass --yes to perform it again", location: step.location,
        step: step.label)
    }
  }
}
