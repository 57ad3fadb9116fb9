import ChildProcesses
public import IntentKit
import Synchronization

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

/// `shell.run`: runs a command or a script and returns its output.
///
/// Workflow values never become shell text: `command` is a list of words run directly (the
/// first found on `PATH`), and a `script` receives values only as `$1`, `$2`… from
/// `arguments`. The command runs in a process group of its own; on timeout or cancellation
/// the whole group gets SIGTERM, then SIGKILL after a grace period.
public struct ShellRun: AppIntent, CancellableIntent, LiteralParameters {
  public static let identifier: IntentIdentifier = "shell.run"
  public static let title = "Run Shell Command"
  public static let description =
    "Runs a command (a list of words, no shell) or a script (run by /bin/sh, with arguments as "
    + "$1…), feeding input to its stdin; returns stdout, stderr and the exit code. A non-zero "
    + "exit fails the step unless allowFailure."
  public static let parameterSummary: String? = "Run {command}{script}"
  public static let literalParameters = [
    "script":
      "it is run as shell text, where a value could run as code; pass values in 'arguments' "
      + "and read them as \"$1\", \"$2\"… (write $${ for a literal ${)"
  ]

  @Parameter(
    title: "Command",
    description: "The program and its arguments as a list: [\"git\", \"status\"]. Not a shell.")
  public var command: [String]?

  @Parameter(
    title: "Script",
    description: "Shell text run by /bin/sh -c; use \"$1\"… for values from arguments.")
  public var script: String?

  @Parameter(
    title: "Arguments", description: "The script's $1, $2…, or more words after the command.")
  public var arguments: [String] = []

  @Parameter(
    title: "Input", description: "Text fed to the command's standard input.", isInput: true)
  public var input: String?

  @Parameter(
    title: "Directory",
    description: "Where the command runs, relative to the current directory; the current one "
      + "if unset.")
  public var directory: String?

  @Parameter(title: "Environment", description: "Variables added to the runner's environment.")
  public var environment: [String: Value] = [:]

  @Parameter(
    title: "Allow failure", description: "Whether a non-zero exit code still succeeds.")
  public var allowFailure: Bool = false

  @Parameter(
    title: "Output limit",
    description: "The most bytes of standard output, and of standard error, that the step "
      + "keeps: 67108864 (64 MiB) unless set. A command that writes more is stopped and the "
      + "step fails.",
    resolve: byteLimitRule(named: "outputLimit"))
  public var outputLimit: Int = BoundedBytes.defaultLimit

  @Dependency({ $0.currentDirectory }) var currentDirectory: String
  @Dependency({ $0.shell }) var settings: ShellSettings
  @Dependency({ $0.secrets }) var secrets: SecretValues

  /// The running process, for `onCancel`: each run makes a fresh intent, so a fresh box.
  private let running = RunningProcess()

  public init() {}

  public func perform() async throws -> IntentResult<ShellResult> {
    let words: [String]
    switch (command, script) {
    case (let command?, nil):
      guard let first = command.first, !first.isEmpty else {
        throw IntentError("'command' is empty; give the program and its arguments as a list")
      }
      words = command + arguments
    case (nil, let script?):
      words = ["/bin/sh", "-c", script, "sh"] + arguments
    case (nil, nil):
      throw IntentError(
        "give either 'command' (a list of words, such as [\"ls\", \"-l\"]) or 'script' "
          + "(shell text)")
    case (.some, .some):
      throw IntentError("give 'command' or 'script', not both")
    }
    var environment = settings.environment
    for (name, value) in self.environment { environment[name] = value.textDescription }
    let workingDirectory = directory.map { Paths.absolute($0, in: currentDirectory) }
    let start = workingDirectory ?? Paths.absolute(".", in: currentDirectory)
    var info = stat()
    guard stat(start, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
      throw IntentError("the directory '\(start)' does not exist")
    }
    let executable = try Self.locate(words[0], path: environment["PATH"], in: start)

    try Task.checkCancellation()
    let process = try ChildProcess(
      executable: executable, arguments: words, environment: environment, directory: start,
      input: input.map { Array($0.utf8) }, outputLimit: outputLimit)
    running.set(process)
    let outcome = await process.run(grace: settings.terminationGrace)
    try Task.checkCancellation()
    let name = command.map { "'\($0.joined(separator: " "))'" } ?? "the script"
    if outcome.outputOverLimit || outcome.errorsOverLimit {
      // Stopped at the limit: what it wrote is incomplete, whatever allowFailure says.
      let stream = outcome.outputOverLimit ? "standard output" : "standard error"
      throw IntentError(
        "\(name) wrote more than \(outputLimit) bytes to \(stream), the step's outputLimit, "
          + "and was stopped; raise 'outputLimit', or send the output to a file and read what "
          + "you need of it")
    }
    let result = ShellResult(
      stdout: outcome.outputText, stderr: outcome.errorText, exitCode: Int(outcome.exitCode))
    if let log = IntentContext.current.log {
      // The ends of both streams, for the run's step history; secrets masked first.
      log.append(secrets.masking(Self.end(of: result.stdout)), stream: "stdout")
      log.append(secrets.masking(Self.end(of: result.stderr)), stream: "stderr")
    }
    if outcome.exitCode != 0 && !allowFailure {
      var message =
        outcome.termination.signal.map {
          "\(name) was killed by \(CancellationReason.signalName($0))"
        }
        ?? "\(name) exited with code \(outcome.exitCode)"
      // Masked before the cut, so that no fragment of a secret survives it.
      let tail = Self.tail(of: secrets.masking(result.stderr))
      message += tail.isEmpty ? " (set allowFailure to go on anyway)" : ": \(tail)"
      throw IntentError(secrets.masking(message))
    }
    return .result(value: result)
  }

  public func onCancel(reason: CancellationReason) async {
    await running.get()?.terminate(grace: settings.terminationGrace)
  }

  /// The executable for `name`: a path (with a `/`) relative to `directory`, else the first
  /// executable file called `name` in `PATH`.
  static func locate(_ name: String, path: String?, in directory: String) throws -> String {
    if name.contains(Character("/")) {
      let candidate = Paths.absolute(name, in: directory)
      guard access(candidate, X_OK) == 0 else {
        throw IntentError("cannot run '\(name)': \(Paths.reason())")
      }
      return candidate
    }
    let folders = (path ?? "/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false)
      .map { $0.isEmpty ? directory : Paths.absolute(String($0), in: directory) }
    if let found = ChildProcesses.ChildProcess.executable(named: name, searching: folders) {
      return found
    }
    var message = "command '\(name)' was not found on PATH"
    if name.contains(Character(" ")) {
      message +=
        "; 'command' is a list of words (write [\"ls\", \"-l\"], not \"ls -l\"), or use 'script' "
        + "for shell text"
    }
    throw IntentError(message)
  }

  /// The last ``StepLog/byteLimit`` bytes of `text`, from a line's start where one is in
  /// them: what a step's log can keep of it.
  static func end(of text: String) -> String {
    let utf8 = text.utf8
    guard utf8.count > StepLog.byteLimit else { return text }
    var start = utf8.index(utf8.endIndex, offsetBy: -StepLog.byteLimit)
    if let newline = utf8[start...].firstIndex(of: UInt8(ascii: "\n")) {
      start = utf8.index(after: newline)
    }
    while start < utf8.endIndex, utf8[start] & 0xC0 == 0x80 { start = utf8.index(after: start) }
    return String(decoding: utf8[start...], as: UTF8.self)
  }

  /// The last lines of stderr, at most 5 lines and 500 characters.
  static func tail(of text: String) -> String {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true).suffix(5)
    var tail = Substring(lines.joined(separator: "\n"))
    while let first = tail.first, first.isWhitespace { tail.removeFirst() }
    while let last = tail.last, last.isWhitespace { tail.removeLast() }
    return tail.count > 500 ? "…" + tail.suffix(500) : String(tail)
  }
}

/// The process a `shell.run` step started, shared by its `perform()` and `onCancel`.
final class RunningProcess: Sendable {
  private let process = Mutex<ChildProcess?>(nil)
  func set(_ value: ChildProcess) { process.withLock { $0 = value } }
  func get() -> ChildProcess? { process.withLock { $0 } }
}
