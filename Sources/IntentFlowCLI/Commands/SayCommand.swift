import CLIKit
import IntentKit
import StandardIntents
import WorkflowEngine

/// `intentflow say "add milk to my todos"`: runs the intent whose phrase matches, as Siri runs
/// an App Shortcut from its phrase.
enum SayCommand: Command {
  static let words = Positional(
    "PHRASE", help: "What to do, in words an intent's phrase matches.", isRepeating: true)
  static let yes = Flag("yes", short: "y", help: "Answer yes to confirmations.")

  static let spec = CommandSpec(
    "say",
    abstract: "Run the intent whose phrase matches what you say.",
    discussion: """
      Intents declare phrases such as "Add ${title} to my todos"; the words in place of \
      ${title} become the parameter. When phrases of two intents match, a terminal is asked \
      which one to run; without a terminal nothing runs: the command lists them and exits 3, \
      so that you can say it more precisely.
      """,
    arguments: [words.spec],
    options: [yes.spec],
    examples: [
      "intentflow say add milk to my todos", "intentflow say \"create a note buy bread\"",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let text = command.values(of: Self.words).joined(separator: " ")
    let matches = context.registry.intents(saying: text)
    guard var match = matches.first else {
      throw command.usageError(
        "no phrase matches '\(text)'; run 'intentflow describe INTENT' to see an intent's "
          + "phrases")
    }
    if matches.count > 1 {
      let names = matches.map { "\($0.intent.identifier)" }
      // On a terminal the person is asked which one they meant, as a disambiguation is.
      let chosen: Int? =
        if context.terminal.isInputTerminal {
          await Prompter(
            input: context.standardInput, output: context.standardError,
            style: context.errorStyle
          ).choose(
            "'\(text)' matches the phrases of \(matches.count) intents. Which one?",
            options: names)
        } else {
          nil
        }
      guard let chosen else {
        let quoted = names.map { "'\($0)'" }.joined(separator: ", ")
        context.printError(
          "error: '\(text)' matches the phrases of \(matches.count) intents: \(quoted); "
            + "say it more precisely")
        return ExitCode.needsInput
      }
      match = matches[chosen]
    }
    var dependencies = DependencyValues()
    dependencies.todoStore = TodoStore.live(environment: context.environment)
    dependencies.notesStore = NoteStore.live(environment: context.environment)
    dependencies.photoStore = PhotoStore.live(environment: context.environment)
    var options = IntentInvocation.Options()
    options.assumeYes = command[Self.yes]
    do {
      let result = try await IntentInvocation(
        match.intent, arguments: match.arguments,
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
