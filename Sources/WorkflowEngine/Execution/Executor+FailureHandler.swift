public import IntentKit
import Synchronization

/// A workflow's `onFailure` steps (DESIGN §12): run after the run, apart from it, so that a
/// run without them pays nothing, and so that they run even when the run was cancelled.
///
/// The steps run in a task of their own, which the caller awaits: a cancelled run's task
/// cannot run anything to its end, and these steps must run precisely then. When the caller
/// is cancelled (a signal, before or while the steps run), they get ``failureHandlerGrace``
/// more to finish, then are cancelled in turn; a second signal ends the process at once (the
/// CLI's signal watcher).
extension Executor {
  /// How long `onFailure` steps may still run once their run was cancelled: 10 seconds.
  public static let failureHandlerGrace: Duration = .seconds(10)

  /// What the `onFailure` steps are told of the run (the rest is in its ``RunResult``).
  public struct FailedRun: Sendable {
    /// The run's identifier: its number in history, or empty when it is not recorded.
    public var id: String
    /// What started it: `manual`, `schedule`, `resume`, `mcp`.
    public var trigger: String
    /// The run's exit code.
    public var exitCode: Int32

    public init(id: String, trigger: String, exitCode: Int32) {
      self.id = id
      self.trigger = trigger
      self.exitCode = exitCode
    }
  }

  /// How a run's `onFailure` steps went; it changes neither the run's status nor its exit
  /// code.
  public struct FailureHandling: Sendable {
    /// `succeeded`, or how the steps stopped.
    public var status: RunStatus
    /// Why they stopped, when they did not succeed.
    public var error: IntentFlowError?
    /// The steps that ran or were skipped, in file order.
    public var steps: [StepRecord]
  }

  /// The value of `${run}` in `onFailure` steps.
  static func failedRunValue(_ result: RunResult, _ run: FailedRun) -> Value {
    var error: [String: Value] = ["step": .null, "kind": .null, "message": .null]
    if let failure = result.error {
      error["step"] = failure.step.map(Value.text) ?? .null
      error["kind"] = .text(failure.code.description)
      error["message"] = .text(failure.message)
    }
    return .dictionary([
      "id": .text(run.id), "workflow": .text(result.workflowName),
      "status": .text(result.status.rawValue), "exitCode": .integer(Int(run.exitCode)),
      "trigger": .text(run.trigger), "startedAt": .date(result.startedAt),
      "error": .dictionary(error),
    ])
  }

  /// Runs the plan's `onFailure` steps when `result` failed, timed out or was cancelled;
  /// `nil` (at once) when it did not, or when the plan has none.
  ///
  /// Their step history goes to the journal under `onFailure.` (`onFailure.1`); they see the
  /// run's bound `inputs` and `${run}`.
  public func handleFailure(
    of result: RunResult, in plan: Plan, inputs: [String: Value], run: FailedRun
  ) async -> FailureHandling? {
    guard let handler = plan.onFailure,
      [.failed, .timedOut, .cancelled].contains(result.status)
    else { return nil }
    var configuration = hidingSecrets(of: plan, inputs)
    configuration.journal?.pathPrefix = "onFailure."
    // A resumed run that fails is told again: its handler's steps are never restored.
    configuration.resume = nil
    let graceOver = GraceFlag()
    let reason = configuration.cancellationReason
    configuration.cancellationReason = {
      graceOver.isSet
        ? .stopped(
          "the onFailure steps ran past their grace of "
            + "\(DurationText.format(Self.failureHandlerGrace)) after the run was cancelled")
        : reason()
    }
    let runValue = Self.failedRunValue(result, run)
    let sleep = configuration.environment.runEnvironment.clock.sleep
    let (cancelled, cancel) = AsyncStream<Void>.makeStream()
    let steps = { @Sendable [configuration] () async -> FailureHandling in
      var state = RunState(plan: plan, configuration: configuration)
      for input in plan.inputs { state.slots[input.slot] = inputs[input.name] ?? .null }
      state.slots[handler.runSlot] = runValue
      var status = RunStatus.succeeded
      var failure: IntentFlowError?
      do throws(IntentFlowError) {
        _ = try await state.block(handler.steps, previous: .null)
      } catch {
        if !(error.underlying is WorkflowStop) {
          failure = error
          status = RunStatus(error.code)
        }
      }
      return FailureHandling(
        status: status, error: failure, steps: state.records.compactMap { $0 })
    }
    // Not a child of the caller's task, which may be cancelled already: awaited below, so it
    // does not outlive this call.
    let work = Task { () -> FailureHandling in
      await withTaskGroup(of: FailureHandling?.self) { group in
        group.addTask { await steps() }
        group.addTask {
          // Only once the caller is cancelled does the grace start.
          var signal = cancelled.makeAsyncIterator()
          guard await signal.next() != nil else { return nil }
          try? await sleep(Self.failureHandlerGrace)
          if !Task.isCancelled { graceOver.set() }
          return nil
        }
        var handled: FailureHandling?
        while let next = await group.next() {
          if let next {
            handled = next
            cancel.finish()
            group.cancelAll()  // a grace that started ends with the steps
          } else if handled == nil {
            group.cancelAll()  // the grace ran out: the steps stop as a cancelled run's do
          }
        }
        return handled ?? FailureHandling(status: .cancelled, error: nil, steps: [])
      }
    }
    return await withTaskCancellationHandler {
      await work.value
    } onCancel: {
      cancel.yield()
    }
  }
}

/// Whether the `onFailure` steps' grace ran out, read by their cancellation reason.
private final class GraceFlag: Sendable {
  private let value = Atomic<Bool>(false)
  var isSet: Bool { value.load(ordering: .acquiring) }
  func set() { value.store(true, ordering: .releasing) }
}
