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
  /// ``killAfter``.
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
    let process: ChildProcess
    do {
      process = try ChildProcess(
        ChildProcess.Command(
          executable: executable, arguments: ["run", run.workflow.path, "--non-interactive"],
          environment: childEnvironment))
    } catch {
      return RunOutcome(
        exitCode: nil, output: "", errorOutput: "cannot start \(executable): \(error.reason)\n",
        duration: clock.now - started)
    }
    // A cancellation that came during the spawn runs the handler as the wait begins.
    let outcome = await process.outcome(grace: killAfter)
    return RunOutcome(
      exitCode: outcome.exitCode,
      output: String(decoding: outcome.standardOutput, as: UTF8.self),
      errorOutput: String(decoding: outcome.standardError, as: UTF8.self),
      duration: clock.now - started)
  }
}
