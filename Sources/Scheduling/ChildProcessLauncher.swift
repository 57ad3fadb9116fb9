import Foundation
import Synchronization

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
    return Bundle.main.executablePath ?? CommandLine.arguments[0]
  }

  /// Runs the workflow to completion; on cancellation sends SIGTERM, then SIGKILL.
  @Sendable public func launch(_ run: ScheduledRun) async -> RunOutcome {
    let clock = ContinuousClock()
    let started = clock.now
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["run", run.workflow.path, "--non-interactive"]
    var childEnvironment = environment
    childEnvironment["INTENTFLOW_TRIGGER"] = "schedule"
    childEnvironment["NO_COLOR"] = "1"
    childEnvironment["INTENTFLOW_PARENT_PID"] = String(getpid())  // the run ends if we die
    process.environment = childEnvironment
    process.standardInput = FileHandle.nullDevice
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    let collected = Collected()
    output.fileHandleForReading.readabilityHandler = { handle in
      collected.append(handle.availableData, error: false)
    }
    errors.fileHandleForReading.readabilityHandler = { handle in
      collected.append(handle.availableData, error: true)
    }
    let status: Int32? = await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Int32?, Never>) in
        process.terminationHandler = { finished in
          let code =
            finished.terminationReason == .uncaughtSignal
            ? 128 + finished.terminationStatus : finished.terminationStatus
          continuation.resume(returning: code)
        }
        do {
          try process.run()
        } catch {
          process.terminationHandler = nil
          collected.append(Data("cannot start \(executable): \(error)\n".utf8), error: true)
          continuation.resume(returning: nil)
        }
      }
    } onCancel: {
      guard process.isRunning else { return }
      let pid = process.processIdentifier
      kill(pid, SIGTERM)
      let grace = killAfter
      Task.detached {
        try? await Task.sleep(for: grace)
        if process.isRunning { kill(pid, SIGKILL) }
      }
    }
    output.fileHandleForReading.readabilityHandler = nil
    errors.fileHandleForReading.readabilityHandler = nil
    collected.append(output.fileHandleForReading.readDataToEndOfFile(), error: false)
    collected.append(errors.fileHandleForReading.readDataToEndOfFile(), error: true)
    let (out, err) = collected.texts
    return RunOutcome(
      exitCode: status, output: out, errorOutput: err, duration: clock.now - started)
  }
}

/// A child's output, gathered from pipe callbacks on other threads.
private final class Collected: Sendable {
  private let state = Mutex<(output: Data, errors: Data)>((Data(), Data()))

  func append(_ data: Data, error: Bool) {
    guard !data.isEmpty else { return }
    state.withLock { state in
      if error { state.errors.append(data) } else { state.output.append(data) }
    }
  }

  var texts: (String, String) {
    state.withLock {
      (String(decoding: $0.output, as: UTF8.self), String(decoding: $0.errors, as: UTF8.self))
    }
  }
}
