import ChildProcesses
import IntentKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs scheduled workflows as `intentflow run FILE --non-interactive` child processes, so
/// that each run is isolated (its own memory, its own crash) and is recorded by the runner
/// itself with the trigger `schedule`.
public struct ChildProcessLauncher: Sendable {
  /// The `intentflow` executable.
  public var executable: String
  /// The environment of children (the daemon's own), plus `INTENTFLOW_TRIGGER=schedule`.
  public var environment: [String: String]
  /// How long a cancelled child has between SIGTERM and SIGKILL.
  public var killAfter: Duration = .seconds(5)
  /// The most bytes of a run's standard output, and of its standard error, kept for the log:
  /// 64 MiB. The rest is read and dropped, and the log says so.
  public var outputLimit = BoundedBytes.defaultLimit

  private var dropped: String {
    "\n[more than \(outputLimit) bytes: the rest was not kept]\n"
  }

  public init(executable: String, environment: [String: String]) {
    self.executable = executable
    self.environment = environment
  }

  /// The path of the running executable (`/proc/self/exe` on Linux).
  public static var currentExecutable: String {
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
        return path
      }
    #endif
    return CommandLine.arguments[0]
  }

  /// Runs the workflow to completion; on cancellation sends SIGTERM, then SIGKILL after
  /// ``killAfter``. The run leads a session of its own, and once it has ended, every process
  /// left in that session is killed (see `ChildProcess.endSession()`).
  ///
  /// Standard output and standard error are read to their end on a thread of their own, so a
  /// child that writes more than a pipe holds never blocks, and nothing is lost or reordered.
  /// A run cancelled before it starts never starts its child; a cancellation that comes while
  /// the child is being started still stops it, as soon as the child has a process id.
  @Sendable public func launch(_ run: ScheduledRun) async -> RunOutcome {
    let clock = ContinuousClock()
    let started = clock.now
    var childEnvironment = environment
    childEnvironment["INTENTFLOW_TRIGGER"] = "schedule"
    childEnvironment["NO_COLOR"] = "1"
    childEnvironment["INTENTFLOW_PARENT_PID"] = String(getpid())  // the run ends if we die
    // Cancelled before anything started (a stop whose grace period ran out first): the child
    // is never started, rather than started only to be stopped.
    if Task.isCancelled {
      return RunOutcome(
        exitCode: nil, output: "", errorOutput: "the run was cancelled before it started\n",
        duration: clock.now - started)
    }
    var command = ChildProcess.Command(
      executable: executable, arguments: ["run", run.workflow.path, "--non-interactive"],
      environment: childEnvironment)
    command.newSession = true
    let process: ChildProcess
    // The run records itself; the daemon keeps its output for the log, up to a bound, and
    // reads the rest away so that the run is never blocked by a full pipe.
    command.outputLimit = outputLimit
    command.overLimit = .discard
    do {
      process = try ChildProcess(command)
    } catch {
      return RunOutcome(
        exitCode: nil, output: "", errorOutput: "cannot start \(executable): \(error.reason)\n",
        duration: clock.now - started)
    }
    // A cancellation that came during the spawn runs the handler as the wait begins. As
    // soon as the run's process has ended, whatever it left running in its session is
    // killed: a run killed by SIGKILL could not stop its own children, and one of them
    // holding the output pipes open would otherwise hold the outcome back too.
    let outcome = await withTaskGroup(of: ChildProcess.Outcome?.self) { group in
      group.addTask { await process.outcome(grace: killAfter) }
      group.addTask {
        _ = await process.terminated()
        process.endSession()
        return nil
      }
      var outcome: ChildProcess.Outcome?
      for await result in group where result != nil { outcome = result }
      return outcome
        ?? ChildProcess.Outcome(
          outputText: "", errorText: "", termination: process.waitUntilExit())
    }
    return RunOutcome(
      exitCode: outcome.exitCode, signal: outcome.termination.signal,
      output: outcome.outputText + (outcome.outputOverLimit ? dropped : ""),
      errorOutput: outcome.errorText + (outcome.errorsOverLimit ? dropped : ""),
      duration: clock.now - started)
  }
}
