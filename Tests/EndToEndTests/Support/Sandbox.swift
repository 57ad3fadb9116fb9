import Foundation

/// A fresh temporary directory for one test: an `INTENTFLOW_HOME` (`home/`) and a working
/// directory (`work/`) for the workflow files the test writes. Removed with everything in it
/// when the value goes away.
///
/// Every run gets a small, fixed environment — `INTENTFLOW_HOME`, `NO_COLOR=1`, `TZ=UTC`,
/// `HOME` inside the sandbox — so that nothing of the machine's or the developer's state leaks
/// in, and several tests can run the binary at once.
final class Sandbox: Sendable {
  let root: URL
  /// The `INTENTFLOW_HOME` of every run.
  let home: URL
  /// The current directory of every run, where ``write(_:_:)`` puts files.
  let work: URL
  /// Variables added to every run's environment (`INTENTFLOW_STORE`, say).
  let extraEnvironment: [String: String]

  init(environment extra: [String: String] = [:]) throws {
    extraEnvironment = extra
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("intentflow-e2e-\(UUID().uuidString)", isDirectory: true)
    home = root.appendingPathComponent("home", isDirectory: true)
    work = root.appendingPathComponent("work", isDirectory: true)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// The environment of every run.
  var environment: [String: String] {
    [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": root.path, "INTENTFLOW_HOME": home.path, "NO_COLOR": "1", "TZ": "UTC",
      "LANG": "C.UTF-8", "SHELL": "/bin/sh",
    ].merging(extraEnvironment) { _, extra in extra }
  }

  /// Writes `text` to `name` in the working directory and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    try write(name, Data(text.utf8))
  }

  /// Writes `data` to `name` in the working directory and returns its path.
  @discardableResult
  func write(_ name: String, _ data: Data) throws -> String {
    let url = work.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
    return url.path
  }

  /// Copies the fixture `name` (a path under `Fixtures/`) into the working directory under
  /// its file name, and returns that name, so that diagnostics name it as a user would.
  @discardableResult
  func copyFixture(_ name: String) throws -> String {
    let fileName = URL(fileURLWithPath: name).lastPathComponent
    try write(fileName, try Fixtures.data(name))
    return fileName
  }

  /// Starts `intentflow` with `arguments` and lets it run.
  /// Standard input is kept open after `standardInput` when `keepingInputOpen` (see
  /// ``IntentFlowProcess/type(_:)``).
  func start(
    _ arguments: [String], standardInput: String? = nil, keepingInputOpen: Bool = false
  ) throws -> IntentFlowProcess {
    try IntentFlowProcess(
      executable: IntentFlowBinary.url(), arguments: arguments, environment: environment,
      currentDirectory: work, standardInput: standardInput, keepingInputOpen: keepingInputOpen)
  }

  /// Runs `intentflow` with `arguments` to the end; standard input is `standardInput` or
  /// `/dev/null`, so the run is never on a terminal.
  func run(
    _ arguments: String..., standardInput: String? = nil, timeout: Duration = .seconds(20)
  ) async throws -> IntentFlowProcess.Output {
    try await start(arguments, standardInput: standardInput).finish(timeout: timeout)
  }

  /// Runs `intentflow` with `arguments` on a pseudo-terminal (through util-linux `script`),
  /// typing `answers` one line each, then end of input. The terminal merges standard output
  /// and standard error into the returned `stdout`, and echoes the typed lines.
  func runOnTerminal(
    _ arguments: [String], answers: [String], timeout: Duration = .seconds(20)
  ) async throws -> IntentFlowProcess.Output {
    let typed = answers.map { $0 + "\n" }.joined()
    let process = try startOnTerminal(arguments, typing: typed, keepingInputOpen: false)
    return Self.withoutCarriageReturns(await process.finish(timeout: timeout))
  }

  /// Starts `intentflow` with `arguments` on a pseudo-terminal, with `typing` typed at once
  /// and the keyboard left open for ``IntentFlowProcess/type(_:)`` unless told otherwise.
  func startOnTerminal(
    _ arguments: [String], typing: String = "", keepingInputOpen: Bool = true
  ) throws -> IntentFlowProcess {
    // `exec` makes intentflow the terminal's foreground process itself, not a shell's child.
    let command =
      "exec "
      + ([try IntentFlowBinary.url().path] + arguments).map(Self.shellQuoted)
      .joined(separator: " ")
    return try IntentFlowProcess(
      executable: URL(fileURLWithPath: Self.scriptPath), arguments: ["-qec", command, "/dev/null"],
      environment: environment, currentDirectory: work, standardInput: typing,
      keepingInputOpen: keepingInputOpen)
  }

  /// The output with the terminal's line endings (`\r\n`) turned into `\n`.
  static func withoutCarriageReturns(_ output: IntentFlowProcess.Output) -> IntentFlowProcess.Output
  {
    var output = output
    output.stdout = output.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    return output
  }

  /// util-linux `script`, which runs a command on a new pseudo-terminal.
  static let scriptPath = "/usr/bin/script"

  /// Whether ``runOnTerminal(_:answers:timeout:)`` can work here.
  static var hasScript: Bool {
    #if os(Linux)
      FileManager.default.isExecutableFile(atPath: scriptPath)
    #else
      false  // BSD script takes other options.
    #endif
  }

  /// Whether the file `name` exists in the IntentFlow home.
  func homeContains(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: home.appendingPathComponent(name).path)
  }

  private static func shellQuoted(_ word: String) -> String {
    "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}
