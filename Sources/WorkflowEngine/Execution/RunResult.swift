public import IntentKit

#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// What one step did in a run. A step inside a loop has one record for all its passes.
public struct StepRecord: Sendable {
  /// Position among the plan's steps, depth first.
  public var index: Int
  public var id: String?
  public var label: String
  public var intent: IntentIdentifier?
  /// `intent`, `forEach`, `if`, `repeat` or `workflow`.
  public var kind: String
  public var location: SourceLocation
  public var status: StepStatus
  /// The latest pass's output.
  public var output: Value = .null
  public var dialog: String?
  public var snippet: String?
  /// How many times the step ran (passes of enclosing loops, plus retries).
  public var runs = 0
  /// How long the step took in all.
  public var duration: Duration = .zero
  /// Why it failed, when it did.
  public var error: IntentFlowError?
}

/// The outcome of a run.
public struct RunResult: Sendable {
  public var workflowName: String
  public var status: RunStatus
  /// The workflow's output (the `output` expression, or the last step's output).
  public var output: Value
  /// The steps that ran or were skipped, in file order.
  public var steps: [StepRecord]
  /// Why the run stopped, when it did not succeed.
  public var error: IntentFlowError?
  public var startedAt: Date
  public var duration: Duration

  public init(
    workflowName: String, status: RunStatus, output: Value, steps: [StepRecord],
    error: IntentFlowError?, startedAt: Date, duration: Duration
  ) {
    self.workflowName = workflowName
    self.status = status
    self.output = output
    self.steps = steps
    self.error = error
    self.startedAt = startedAt
    self.duration = duration
  }
}

/// Something that happened during a run, for the CLI to render and stores to record.
public enum RunEvent: Sendable {
  case runStarted(workflow: String)
  case stepStarted(StepInfo)
  case stepResolved(StepInfo, parameters: [String: Value])
  case stepConfirmed(StepInfo)
  case stepFinished(StepInfo, output: Value, dialog: String?, snippet: String?, duration: Duration)
  case stepSkipped(StepInfo)
  case stepFailed(StepInfo, error: IntentFlowError, willRetry: Bool)
  case progress(StepInfo, ProgressReporter.Update)
  case runFinished(status: RunStatus)
}

/// The identity of a step in events.
public struct StepInfo: Sendable, Hashable {
  public var index: Int
  public var id: String?
  public var label: String
  public var intent: IntentIdentifier?
  public var location: SourceLocation
}
