import CLIKit
public import IntentKit
import StandardIntents
import WorkflowEngine

/// The `intentflow` command: parses arguments, runs a command, returns the exit code.
///
/// The executable's `main.swift` only calls ``main(_:context:)``; everything testable is here.
public enum IntentFlowCommand {
  /// The runner's version, printed by `intentflow --version`.
  public static let version = "0.1.0"

  /// The commands, in the order `intentflow --help` lists them.
  static let commands: [any Command.Type] = [
    RunCommand.self, ValidateCommand.self, IntentsCommand.self, DescribeCommand.self,
    NextCommand.self, ScheduleCommand.self, CrontabCommand.self, HistoryCommand.self,
    SchemaCommand.self, ExtensionsCommand.self, SayCommand.self, RelevantCommand.self,
  ]

  static var root: CommandSpec {
    CommandSpec(
      "intentflow",
      abstract: "Run workflows that chain typed intents, by hand or on a cron schedule.",
      discussion: """
        Workflow files (JSON) chain intents: each step's output feeds the next step's \
        parameters. Every parameter is resolved, the intent confirmed, then performed.
        State lives in $INTENTFLOW_HOME (default: ~/.local/state/intentflow).
        """,
      subcommands: commands.map { $0.spec },
      examples: [
        "intentflow run Workflows/plan-the-day.json",
        "intentflow validate Workflows/*.json",
        "intentflow describe todos.add",
      ])
  }

  /// The intents the stock runner knows.
  public static var registry: IntentRegistry { StandardIntents.registry }

  /// Runs the command line `arguments` (without the program name).
  public static func main(_ arguments: [String], context: CLIContext) async -> Int32 {
    let parser = ArgumentParser(root: root, version: version, width: context.terminal.width)
    let outcome: ParseOutcome
    do {
      outcome = try parser.parse(arguments)
    } catch {
      context.printError(error.rendered(style: context.errorStyle))
      return ExitCode.usage
    }
    switch outcome {
    case .version:
      context.print("intentflow \(version)")
      return ExitCode.success
    case .help(let text):
      context.print(text)
      return ExitCode.success
    case .command(let parsed):
      guard let name = parsed.path.dropFirst().first,
        let command = commands.first(where: { $0.spec.name == name })
      else {
        context.print(parser.help(for: []))
        return ExitCode.usage
      }
      // Extensions add their intents first; their processes end with the command.
      var context = context
      let extensions = name == "extensions" ? nil : await ExtensionLoading.prepare(&context)
      let status: Int32
      do {
        status = try await command.run(parsed, context: context)
      } catch {
        context.printError(error.rendered(style: context.errorStyle))
        status = ExitCode.usage
      }
      await extensions?.shutdown()
      return status
    }
  }
}

/// One `intentflow` command.
protocol Command: Sendable {
  /// Its name, options and help.
  static var spec: CommandSpec { get }
  /// Runs it and returns the exit code; a thrown ``UsageError`` exits with 2.
  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32
}
