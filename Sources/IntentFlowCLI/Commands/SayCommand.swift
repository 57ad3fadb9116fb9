import CLIKit
import IntentKit
import StandardIntents
import WorkflowEngine

/// `intentflow say "add milk to my todos"`: runs the intent or workflow whose phrase matches,
/// as Siri runs an App Shortcut from its phrase.
enum SayCommand: Command {
  static let words = Positional(
    "PHRASE", help: "What to do, in words an intent's phrase matches.", isRepeating: true)
  static let yes = Flag("yes", short: "y", help: "Answer yes to confirmations.")
  static let workflows = Option<String>(
    "workflows", valueName: "DIR",
    help: "The directory of workflow files whose phrases count too.",
    defaultDescription: "$INTENTFLOW_WORKFLOWS, else workflows/ in the IntentFlow home",
    completion: .directory)

  static let spec = CommandSpec(
    "say",
    abstract: "Run the intent or workflow whose phrase matches what you say.",
    discussion: """
      Intents declare phrases such as "Add ${title} to my todos"; the words in place of \
      ${title} become the parameter. Workflow files declare them too ("phrases"), and the \
      words fill the workflow's inputs; the workflows considered are the *.json files of \
      the workflows directory. A matched workflow runs as 'intentflow run FILE' would, with \
      its exit codes. When two phrases match, a terminal is asked which one to run; without \
      a terminal nothing runs: the command lists them and exits 3, so that you can say it \
      more precisely.
      """,
    arguments: [words.spec],
    options: [yes.spec, workflows.spec],
    examples: [
      "intentflow say add milk to my todos", "intentflow say \"create a note buy bread\"",
      "intentflow say --workflows Workflows/ buy 2 eggs",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let text = command.values(of: Self.words).joined(separator: " ")
    let directory = Self.workflowsDirectory(given: command[Self.workflows], context: context)
    if directory.isExplicit, !context.files.isDirectory(directory.path) {
      throw command.usageError(
        "the workflows directory '\(directory.path)' does not exist; create it, or name "
          + "another with --workflows DIR")
    }
    let matches =
      context.registry.intents(saying: text).map {
        Match.intent($0.intent, arguments: $0.arguments)
      }
      + Self.workflows(saying: text, in: directory.path, context: context)
    guard var match = matches.first else {
      throw command.usageError(
        "no phrase matches '\(text)'; run 'intentflow describe INTENT' to see an intent's "
          + "phrases")
    }
    if matches.count > 1 {
      let names = matches.map(\.label)
      // On a terminal the person is asked which one they meant, as a disambiguation is.
      let chosen: Int? =
        if context.terminal.isInputTerminal {
          await Prompter(
            input: context.standardInput, output: context.standardError,
            style: context.errorStyle
          ).choose(
            "'\(text)' matches the phrases of \(Self.kinds(of: matches)). Which one?",
            options: names)
        } else {
          nil
        }
      guard let chosen else {
        let quoted = names.map { "'\($0)'" }.joined(separator: ", ")
        context.printError(
          "error: '\(text)' matches the phrases of \(Self.kinds(of: matches)): \(quoted); "
            + "say it more precisely")
        return ExitCode.needsInput
      }
      match = matches[chosen]
    }
    let intent: IntentDescriptor
    let arguments: [String: Value]
    switch match {
    case .intent(let descriptor, let given): (intent, arguments) = (descriptor, given)
    case .workflow(let path, _, let inputs):
      return try await Self.runWorkflow(
        path: path, inputs: inputs, assumeYes: command[Self.yes], context: context)
    }
    var dependencies = DependencyValues()
    // The intents read the time (date.now, todos.find's overdue marks) as `run` does.
    dependencies.runEnvironment = RunCommand.runEnvironment(context)
    dependencies.installLive(StandardIntents.domains, context.liveDomains)
    var options = IntentInvocation.Options()
    options.assumeYes = command[Self.yes]
    do {
      let result = try await IntentInvocation(
        intent, arguments: arguments,
        context: IntentContext(dependencies: dependencies), options: options
      ).run()
      if let dialog = result.dialog { context.printError(dialog) }
      if result.output != .null { context.print(result.output.textDescription) }
      return ExitCode.success
    } catch {
      context.printError("error: \(error.message)")
      return exitCode(for: error)
    }
  }

  /// The exit code of a failed intent, as `run` gives for a step that fails that way.
  static func exitCode(for error: IntentFlowError) -> Int32 {
    switch error.code {
    case .needsValue, .disambiguation: return ExitCode.needsInput
    case .confirmationRequired: return ExitCode.needsConfirmation
    case .timedOut: return ExitCode.timedOut
    default: return ExitCode.failure
    }
  }
}
