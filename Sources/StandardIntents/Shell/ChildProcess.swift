import ChildProcesses
import IntentKit

/// A command that `shell.run` (and `notify-send` for notifications) starts: in a process group
/// of its own, stdout and stderr piped to the runner, `input` on stdin (else `/dev/null`), at
/// most `outputLimit` bytes of each kept (a command that writes more is stopped).
/// ``terminate(grace:)`` sends SIGTERM to the whole group (the command's children and their
/// children too), then SIGKILL once the grace period is over.
struct ChildProcess: Sendable {
  typealias Outcome = ChildProcesses.ChildProcess.Outcome

  private let process: ChildProcesses.ChildProcess

  /// Starts `executable` with `arguments` (the first is the program's name as it sees it),
  /// feeding it `input` (or nothing: `/dev/null`).
  ///
  /// - Throws: ``IntentError`` when the system cannot start it (not found, not executable).
  init(
    executable: String, arguments: [String], environment: [String: String],
    directory: String?, input: [UInt8]?, outputLimit: Int = BoundedBytes.defaultLimit
  ) throws(IntentError) {
    var command = ChildProcesses.ChildProcess.Command(
      executable: executable, arguments: Array(arguments.dropFirst()),
      programName: arguments.first, environment: environment, directory: directory,
      standardInput: input.map { .bytes($0) } ?? .null)
    command.outputLimit = outputLimit
    do {
      process = try ChildProcesses.ChildProcess(command)
    } catch {
      throw IntentError(error.message)
    }
  }

  /// Waits for the command to end and returns what it left. When the task is cancelled, the
  /// process group is terminated, SIGKILL following SIGTERM after `grace`.
  func run(grace: Duration) async -> Outcome {
    await process.outcome(grace: grace)
  }

  /// Sends SIGTERM to the process group, waits for the command to end or for `grace` to
  /// pass, then sends SIGKILL to whatever of the group is left.
  func terminate(grace: Duration) async {
    await process.terminate(grace: grace)
  }
}
