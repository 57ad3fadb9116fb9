import Dispatch
import Foundation
import IntentKit
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

  /// Runs the workflow to completion; on cancellation sends SIGTERM, then SIGKILL after
  /// ``killAfter``.
  ///
  /// Standard output and standard error are read to their end on threads of their own, so a
  /// child that writes more than a pipe holds never blocks, and nothing is lost or reordered.
  /// A run cancelled before it starts never starts its child; a cancellation that comes while
  /// the child is being started still stops it, as soon as the child has a process id.
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
    let child = ChildState()
    let killAfter = self.killAfter
    // Cancelled before anything started (a stop whose grace period ran out first): the child
    // is never started. A signal sent in the instant after a spawn can be lost, so starting
    // a child only to stop it could leave it running until the SIGKILL.
    if Task.isCancelled {
      return RunOutcome(
        exitCode: nil, output: "", errorOutput: "the run was cancelled before it started\n",
        duration: clock.now - started)
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
          return
        }
        collected.drain(output.fileHandleForReading, error: false)
        collected.drain(errors.fileHandleForReading, error: true)
        if child.started(process.processIdentifier) {
          Self.stop(process, killAfter: killAfter)
        }
      }
    } onCancel: {
      if child.cancel() != nil { Self.stop(process, killAfter: killAfter) }
    }
    await collected.untilRead()
    let (out, err) = collected.texts
    return RunOutcome(
      exitCode: status, output: out, errorOutput: err, duration: clock.now - started)
  }

  /// Sends SIGTERM now and SIGKILL after `killAfter` if the child is still running then.
  private static func stop(_ process: Process, killAfter: Duration) {
    guard process.isRunning else { return }
    let pid = process.processIdentifier
    kill(pid, SIGTERM)
    DispatchQueue.global().asyncAfter(deadline: .now() + killAfter.inSeconds) {
      if process.isRunning { kill(pid, SIGKILL) }
    }
  }
}

/// Whether the child has started and whether the run was cancelled, so that a cancellation
/// and the start can come in either order and the child is still stopped exactly once.
private final class ChildState: Sendable {
  private let state = Mutex<(pid: Int32?, cancelled: Bool)>((nil, false))

  /// Notes the child's process id; true if the run was cancelled before it started.
  func started(_ pid: Int32) -> Bool {
    state.withLock { state in
      state.pid = pid
      return state.cancelled
    }
  }

  /// Notes the cancellation; the child's process id if it has started (else the start will
  /// stop it).
  func cancel() -> Int32? {
    state.withLock { state in
      state.cancelled = true
      return state.pid
    }
  }
}

/// A child's output, read from its pipes on threads of their own.
private final class Collected: Sendable {
  private let state = Mutex<(output: Data, errors: Data)>((Data(), Data()))
  private let readers = DispatchGroup()

  func append(_ data: Data, error: Bool) {
    guard !data.isEmpty else { return }
    state.withLock { state in
      if error { state.errors.append(data) } else { state.output.append(data) }
    }
  }

  /// Reads `handle` to its end on a thread of its own (a blocking read must not hold a
  /// thread of the cooperative pool), then closes it.
  func drain(_ handle: FileHandle, error: Bool) {
    readers.enter()
    let descriptor = handle.fileDescriptor
    Thread { [self] in
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        append(Data(chunk[0..<count]), error: error)
      }
      try? handle.close()
      readers.leave()
    }.start()
  }

  /// Returns once every pipe has been read to its end.
  func untilRead() async {
    await withCheckedContinuation { continuation in
      readers.notify(queue: .global()) { continuation.resume() }
    }
  }

  var texts: (String, String) {
    state.withLock {
      (String(decoding: $0.output, as: UTF8.self), String(decoding: $0.errors, as: UTF8.self))
    }
  }
}
