#if canImport(FoundationEssentials)
  public import FoundationEssentials
#else
  public import Foundation
#endif

/// One run of a workflow in the run history: begun with ``RunStore/beginRun(workflowName:workflowPath:trigger:startedAt:processID:)``
/// and, unless its process died, finished with
/// ``RunStore/finishRun(id:finishedAt:status:exitCode:errorMessage:failedStep:)``.
public struct RunRecord: Sendable, Hashable {
  /// The status given to a run whose process died before finishing it; see
  /// ``RunStore/markAbandonedRuns(isAlive:)``.
  public static let abandonedStatus = "abandoned"

  /// The error message of an abandoned run: all that is known of a process that another one
  /// finds dead (SIGKILL leaves no trace of its sender; the kernel's out-of-memory killer
  /// sends it).
  public static let abandonedReason =
    "the process ended without finishing the run: killed (signal 9, perhaps by the system "
    + "when memory ran out) or crashed"

  /// The run's id, unique in its store.
  public var id: Int64
  /// The workflow's `name`.
  public var workflowName: String
  /// The workflow file's path.
  public var workflowPath: String
  /// What started the run.
  public var trigger: RunTrigger
  /// When the run started.
  public var startedAt: Date
  /// When the run finished; `nil` while it runs, and for an abandoned run.
  public var finishedAt: Date?
  /// The engine's status text (`"succeeded"`, `"failed"`, `"needsValue"`, …, or
  /// ``abandonedStatus``); `nil` while the run is running.
  public var status: String?
  /// The runner's exit code, when it finished.
  public var exitCode: Int?
  /// The error the run stopped with, if any.
  public var errorMessage: String?
  /// The id of the step that failed, if any.
  public var failedStep: String?
  /// The id of the process that ran it, when known.
  public var processID: Int32?
  /// How many step failures `onError` carried the run past (it may still have succeeded).
  public var recoveredFailures = 0
  /// The SHA-256 of the workflow file as it ran, in hexadecimal, when known: `resume`
  /// refuses a file that changed since.
  public var fileHash: String?
  /// The run's inputs but its secret ones, as a JSON object, for `resume`.
  public var inputs: String?
  /// The run this one resumed (trigger `resume`).
  public var resumedRun: Int64?

  /// Creates a record; the store creates them, tests and previews may too.
  /// - Parameters:
  ///   - id: The run's id.
  ///   - workflowName: The workflow's name.
  ///   - workflowPath: The workflow file's path.
  ///   - trigger: What started the run.
  ///   - startedAt: When it started.
  ///   - finishedAt: When it finished.
  ///   - status: The engine's status text.
  ///   - exitCode: The runner's exit code.
  ///   - errorMessage: The error it stopped with.
  ///   - failedStep: The step that failed.
  ///   - processID: The process that ran it.
  ///   - recoveredFailures: How many failures `onError` carried it past.
  ///   - fileHash: The SHA-256 of the file as it ran.
  ///   - inputs: The inputs but the secret ones, as a JSON object.
  ///   - resumedRun: The run it resumed.
  public init(
    id: Int64, workflowName: String, workflowPath: String, trigger: RunTrigger, startedAt: Date,
    finishedAt: Date? = nil, status: String? = nil, exitCode: Int? = nil,
    errorMessage: String? = nil, failedStep: String? = nil, processID: Int32? = nil,
    recoveredFailures: Int = 0, fileHash: String? = nil, inputs: String? = nil,
    resumedRun: Int64? = nil
  ) {
    self.id = id
    self.workflowName = workflowName
    self.workflowPath = workflowPath
    self.trigger = trigger
    self.startedAt = startedAt
    self.finishedAt = finishedAt
    self.status = status
    self.exitCode = exitCode
    self.errorMessage = errorMessage
    self.failedStep = failedStep
    self.processID = processID
    self.recoveredFailures = recoveredFailures
    self.fileHash = fileHash
    self.inputs = inputs
    self.resumedRun = resumedRun
  }

  /// How long the run took, in seconds; `nil` until it has finished.
  public var durationSeconds: Double? {
    finishedAt.map { $0.timeIntervalSince(startedAt) }
  }

  /// Whether the run has no status yet: it is running, or its process died unnoticed.
  public var isRunning: Bool {
    status == nil
  }
}
