import CLIKit
import Storage
import WorkflowEngine

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `intentflow cancel RUN`: stops a running run as SIGTERM would.
enum CancelCommand: Command {
  static let runID = Positional("RUN", help: "The run's number (the ID column of 'history').")

  static let spec = CommandSpec(
    "cancel",
    abstract: "Cancel a running run, as SIGTERM would.",
    discussion: """
      Sends SIGTERM to the process running the run: its step is cancelled and told why, \
      the run ends 'cancelled' (exit 143) and is recorded so. Exits 0 when the signal was \
      sent, 2 when the run is not running (it ended, or its process died: 'abandoned').
      """,
    arguments: [runID.spec],
    examples: ["intentflow cancel 42"])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let id = try RunNumber.parse(command[Self.runID], command)
    guard let store = RunNumber.store(context) else {
      return refuse("there is no run \(id) in history; nothing has run yet", context: context)
    }
    guard let run = try? store.run(id: id) else {
      return refuse(
        "there is no run \(id) in history; 'intentflow history' lists the runs",
        context: context)
    }
    if let status = run.status {
      return refuse("run \(id) is not running: it ended \(status)", context: context)
    }
    // The run's lock proves its process is alive and is the one with this id: a process id
    // alone may since belong to another program.
    guard store.isLockHeld(runID: id) != false, let processID = run.processID, processID > 0
    else {
      return refuse("run \(id) is not running: its process has ended", context: context)
    }
    guard kill(processID, SIGTERM) == 0 else {
      return refuse(
        "cannot signal run \(id)'s process \(processID): \(String(cString: strerror(errno)))",
        context: context)
    }
    context.print("cancelling run \(id) (\(run.workflowName), process \(processID))")
    return ExitCode.success
  }

  private static func refuse(_ message: String, context: CLIContext) -> Int32 {
    context.printError(context.errorStyle.red("error: ") + message)
    return ExitCode.usage
  }
}
