import CLIKit
import IntentKit
import MCPServer
import StandardIntents
import Storage
import Synchronization
import WorkflowEngine

/// `intentflow mcp`: IntentFlow as a Model Context Protocol server on standard input and
/// output, for AI agents (DESIGN section 14).
enum MCPCommand: Command {
  static let workflows = Option<String>(
    "workflows", valueName: "DIR",
    help: "The directory whose workflow files are the tools.",
    defaultDescription: "$INTENTFLOW_WORKFLOWS, else workflows/ in the IntentFlow home")
  static let intents = Option<String>(
    "intents", valueName: "PATTERN",
    help: "Expose the intents whose identifiers match (todos.*, notes.find) as tools too.",
    isRepeating: true)
  static let yes = Flag(
    "yes", short: "y", help: "Answer every confirmation with yes (destructive tools run).")

  static let spec = CommandSpec(
    "mcp",
    abstract: "Serve workflows and chosen intents to AI agents over MCP (stdio).",
    discussion: """
      Speaks the Model Context Protocol (revisions 2025-06-18, 2025-03-26, 2024-11-05) as \
      newline-delimited JSON-RPC on standard input and output; messages about the server go \
      to standard error. Each valid workflow of the workflows directory is a tool named by \
      its 'name'; intents are exposed only when --intents names them. Arguments are checked \
      before anything runs. Nothing is asked: a call that needs a value, a choice or a \
      confirmation ends with an error naming it (the candidates too); --yes answers \
      confirmations. Calls are recorded in history with the trigger 'mcp'.
      """,
    options: [workflows.spec, intents.spec, yes.spec],
    examples: [
      "intentflow mcp --workflows ~/workflows",
      "intentflow mcp --intents 'todos.*' --intents notes.find",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let directory = SayCommand.workflowsDirectory(given: command[Self.workflows], context: context)
    if directory.isExplicit, !context.files.isDirectory(directory.path) {
      throw command.usageError(
        "the workflows directory '\(directory.path)' does not exist; create it, or name "
          + "another with --workflows DIR")
    }
    let patterns = command.values(of: Self.intents)
    for pattern in patterns
    where !context.registry.intents.contains(where: {
      ToolCatalog.matches($0.identifier.rawValue, pattern: pattern)
    }) {
      var message = "no intent matches '\(pattern)'"
      if let suggestion = context.registry.suggestion(for: pattern) {
        message += "; did you mean '\(suggestion)'?"
      } else {
        message += "; run 'intentflow intents' to list them"
      }
      throw command.usageError(message)
    }
    let tools = ToolCatalog.tools(
      workflowsIn: directory.path, registry: context.registry, intents: patterns,
      warn: { context.printError(context.errorStyle.yellow("warning: ") + $0) })

    var configuration = MCPServer.Configuration(version: IntentFlowCommand.version, tools: tools)
    configuration.assumeYes = command[Self.yes]
    configuration.taskExecutor = context.taskExecutor
    var executor = Executor.Configuration()
    executor.dependencies.installLive(StandardIntents.domains, context.liveDomains)
    executor.dependencies.entityRanking = RelevantCommand.ranking(context: context)
    executor.environment = RunCommand.evaluationEnvironment(context)
    configuration.executor = executor
    configuration.ranking = { RelevantCommand.ranking(context: context) }
    // INTENTFLOW_STEP_HISTORY=off records the calls without their steps, as for `run`.
    let recordsSteps = context.environment["INTENTFLOW_STEP_HISTORY"] != "off"
    // One connection to the run store for every call: opening it (reading the schema, the
    // log's index) was most of a warm call's cost.
    let store = SharedRunStore(context: context)
    // A workflow's run keeps what `resume` needs, as `run` does.
    var plans: [String: Plan] = [:]
    for tool in tools {
      if case .workflow(let plan, _) = tool.kind { plans[tool.name] = plan }
    }
    configuration.record = { [plans] tool, path, arguments in
      let history = RunHistory(context: context, trigger: .mcp, store: store.open)
      let launch =
        plans[tool].map {
          RunCommand.runLaunch(
            $0, path: path, in: context.currentDirectory, inputs: arguments, resumes: nil)
        } ?? RunLaunch()
      history.begin(workflowName: tool, path: path, inputs: arguments, launch: launch)
      return CallRecord(history: history, recordsSteps: recordsSteps)
    }
    let output = context.standardOutput
    let channel = MessageChannel(
      readLine: context.standardInput.readLine, write: output.write, flush: output.flush)
    await MCPServer(configuration: configuration, channel: channel).serve()
    return ExitCode.success
  }
}

/// The run store the server's calls record in, opened at the first call and kept open; a
/// store that could not be opened is tried again at the next call.
final class SharedRunStore: Sendable {
  private let context: CLIContext
  private let store = Mutex<(any RunHistoryStore)?>(nil)

  init(context: CLIContext) {
    self.context = context
  }

  @Sendable func open() throws -> any RunHistoryStore {
    try store.withLock { store in
      if let store { return store }
      let opened = try HistoryStore.open(context)
      store = opened
      return opened
    }
  }
}

/// One MCP call's record in history: the run, and a workflow's steps as `run` records them.
struct CallRecord: CallRecording {
  let history: RunHistory
  let recordsSteps: Bool

  func stepJournal(redacting redact: @escaping @Sendable (StepEntry) -> StepEntry)
    -> StepJournal?
  {
    recordsSteps ? history.journal(redacting: redact) : nil
  }

  var runID: String? { history.id.map(String.init) }

  func finish(_ result: RunResult) {
    history.finish(result, exitCode: result.status.exitCode())
  }
}
