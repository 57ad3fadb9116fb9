import Foundation
import Scheduling
import Storage
import WorkflowEngine

/// Records each `intentflow run` in the run store (`runs.sqlite` under the IntentFlow home),
/// for `intentflow history` and for the scheduler's catch-up. Recording never fails a run:
/// a store that cannot be written is reported as a warning.
struct RunHistory {
  private let store: RunStore?
  private let context: CLIContext
  private var runID: Int64?

  /// The run's number in history, once ``begin(_:path:)`` recorded it.
  var id: Int64? { runID }

  init(context: CLIContext) {
    self.context = context
    do {
      store = try RunStore(home: IntentFlowHome.resolve(environment: context.environment))
    } catch {
      context.printError("warning: the run will not be recorded in history: \(error)")
      store = nil
    }
  }

  /// Notes that a run starts. The trigger is `schedule` when the scheduler started it.
  mutating func begin(_ plan: Plan, path: String) {
    guard let store else { return }
    let trigger: RunTrigger =
      context.environment["INTENTFLOW_TRIGGER"] == "schedule" ? .schedule : .manual
    do {
      runID = try store.beginRun(
        workflowName: plan.workflow.name,
        workflowPath: Self.absolute(path, in: context.currentDirectory),
        trigger: trigger, startedAt: Date(), processID: getpid())
    } catch {
      context.printError("warning: the run will not be recorded in history: \(error)")
    }
  }

  /// Notes how the run ended.
  func finish(_ result: RunResult, exitCode: Int32) {
    guard let store, let runID else { return }
    do {
      try store.finishRun(
        id: runID, finishedAt: Date(), status: result.status.rawValue, exitCode: Int(exitCode),
        errorMessage: result.error?.message, failedStep: result.error?.step)
    } catch {
      context.printError("warning: the run's end was not recorded in history: \(error)")
    }
  }

  /// The path as the scheduler keys it, so that history and the scheduler's overlap and
  /// catch-up checks agree on which file a run was.
  static func absolute(_ path: String, in directory: String) -> String {
    path == "-" ? "-" : WorkflowPath.absolute(path, in: directory)
  }
}
