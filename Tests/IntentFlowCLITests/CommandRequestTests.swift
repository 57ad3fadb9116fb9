import CLIKit
import IntentFlowCLI
import Testing

/// The answers the executable gives before it starts the concurrency runtime or reads the
/// environment: they must be the ones `main` gives.
@Suite("Requests answered without running a command")
struct CommandRequestTests {
  struct Answer {
    var request: IntentFlowCommand.Request
    var output: String
    var errors: String
  }

  func request(_ arguments: [String]) -> Answer {
    let output = OutputRecorder()
    let errors = OutputRecorder()
    let request = IntentFlowCommand.request(
      arguments, terminal: Terminal(isInputTerminal: false, width: 100),
      standardOutput: output.output, standardError: errors.output)
    return Answer(request: request, output: output.text, errors: errors.text)
  }

  func status(_ request: IntentFlowCommand.Request) -> Int32? {
    if case .answered(let status) = request { return status }
    return nil
  }

  @Test("--version is answered with the version and exit code 0")
  func version() {
    let answer = request(["--version"])
    #expect(status(answer.request) == 0)
    #expect(answer.output == "intentflow \(IntentFlowCommand.version)\n")
  }

  @Test("help is answered; no arguments print the overview")
  func help() {
    let help = request(["help", "run"])
    #expect(status(help.request) == 0)
    #expect(help.output.hasPrefix("OVERVIEW: Run a workflow file."))
    let bare = request([])
    #expect(status(bare.request) == 0)
    #expect(bare.output.hasPrefix("OVERVIEW: Run workflows that chain typed intents"))
  }

  @Test("a usage error is answered with exit code 2 on standard error")
  func usageError() {
    let answer = request(["--bogus"])
    #expect(status(answer.request) == 2)
    #expect(answer.output.isEmpty)
    #expect(answer.errors.contains("unknown option '--bogus'"))
  }

  @Test("a command is left to run, its values parsed")
  func command() {
    let answer = request(["run", "plan.json", "--json"])
    guard case .command(let parsed) = answer.request else {
      Issue.record("'run' was answered instead of run")
      return
    }
    #expect(parsed.path == ["intentflow", "run"])
    #expect(answer.output.isEmpty && answer.errors.isEmpty)
  }
}
