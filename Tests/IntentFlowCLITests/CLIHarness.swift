import CLIKit
import Foundation
import IntentFlowCLI
import IntentKit
import Testing

/// Runs `intentflow` commands in process, with recorded output, a scripted terminal and a
/// temporary home.
struct CLIHarness {
  let home: URL
  let directory: URL
  /// The commands' clock, time zone, randomness and identifiers: the machine's unless a test
  /// fixes them.
  var runEnvironment = RunEnvironment.live
  /// The commands' clock.
  var now: @Sendable () -> Date {
    get { runEnvironment.clock.now }
    set { runEnvironment.clock.now = newValue }
  }
  /// The commands' time zone.
  var timeZone: TimeZone {
    get { runEnvironment.timeZone }
    set { runEnvironment.timeZone = newValue }
  }

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "cli-\(UUID().uuidString)")
    home = base.appendingPathComponent("home")
    directory = base.appendingPathComponent("work")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  struct Result {
    var status: Int32
    var output: String
    var errors: String
  }

  /// Runs a command line; `answers` makes standard input a terminal that types them.
  func run(_ arguments: [String], answers: [String]? = nil) async -> Result {
    let output = OutputRecorder()
    let errors = OutputRecorder()
    let context = CLIContext(
      environment: ["INTENTFLOW_HOME": home.path, "NO_COLOR": "1", "HOME": home.path],
      terminal: Terminal(isInputTerminal: answers != nil, width: 100),
      standardOutput: output.output, standardError: errors.output,
      standardInput: .lines(answers ?? []), registry: IntentFlowCommand.registry,
      currentDirectory: directory.path, handlesSignals: false, runEnvironment: runEnvironment)
    let status = await IntentFlowCommand.main(arguments, context: context)
    return Result(status: status, output: output.text, errors: errors.text)
  }

  /// Writes a file into the working directory and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let url = directory.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
    return url.path
  }
}
