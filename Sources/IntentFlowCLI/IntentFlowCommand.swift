public import CLIKit
import Extensions
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
    RunCommand.self, ListCommand.self, ValidateCommand.self, IntentsCommand.self,
    DescribeCommand.self, NextCommand.self, ScheduleCommand.self, CrontabCommand.self,
    ExportCommand.self, HistoryCommand.self, ResumeCommand.self, CancelCommand.self,
    SchemaCommand.self, ExtensionsCommand.self, SayCommand.self, RelevantCommand.self,
    CompletionsCommand.self, LanguageServerCommand.self, MCPCommand.self,
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

  /// What a command line asks of the runner, once parsed.
  public enum Request: Sendable {
    /// Answered already (the version, help, a usage error): exit with this code.
    case answered(Int32)
    /// A command to run with ``run(_:context:)``.
    case command(ParsedCommand)
  }

  /// Parses the command line `arguments` (without the program name) and answers what needs
  /// no command: `--version`, help and usage errors, written to `standardOutput` and
  /// `standardError`.
  ///
  /// Synchronous and independent of the registry, the environment and the concurrency
  /// runtime, so that the executable answers these before starting any of them.
  /// - Returns: The exit code of an answered request, or the command to run.
  public static func request(
    _ arguments: [String], terminal: Terminal, standardOutput: TextOutput,
    standardError: TextOutput
  ) -> Request {
    let parser = ArgumentParser(root: root, version: version, width: terminal.width)
    let outcome: ParseOutcome
    do {
      outcome = try parser.parse(arguments)
    } catch {
      standardError.writeLine(error.rendered(style: terminal.errorStyle))
      return .answered(ExitCode.usage)
    }
    switch outcome {
    case .version:
      standardOutput.writeLine("intentflow \(version)")
      return .answered(ExitCode.success)
    case .help(let text):
      standardOutput.writeLine(text)
      return .answered(ExitCode.success)
    case .command(let parsed):
      guard let name = parsed.path.dropFirst().first,
        commands.contains(where: { $0.spec.name == name })
      else {
        standardOutput.writeLine(parser.help(for: []))
        return .answered(ExitCode.usage)
      }
      return .command(parsed)
    }
  }

  /// Runs the command line `arguments` (without the program name).
  public static func main(_ arguments: [String], context: CLIContext) async -> Int32 {
    let request = request(
      arguments, terminal: context.terminal, standardOutput: context.standardOutput,
      standardError: context.standardError)
    switch request {
    case .answered(let status): return status
    case .command(let parsed): return await run(parsed, context: context)
    }
  }

  /// Runs a command that ``request(_:terminal:standardOutput:standardError:)`` parsed.
  public static func run(_ parsed: ParsedCommand, context: CLIContext) async -> Int32 {
    guard let name = parsed.path.dropFirst().first,
      let command = commands.first(where: { $0.spec.name == name })
    else { return ExitCode.usage }  // `request` answers these
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

/// One `intentflow` command.
protocol Command: Sendable {
  /// Its name, options and help.
  static var spec: CommandSpec { get }
  /// Runs it and returns the exit code; a thrown ``UsageError`` exits with 2.
  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32
}
