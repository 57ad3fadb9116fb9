import CLIKit
import Cron
import IntentKit
import Storage
import WorkflowEngine

/// `intentflow completions bash|zsh|fish`: prints a completion script made from the
/// commands' own declarations; `--values SET` (hidden) prints what the scripts complete from
/// the binary itself.
enum CompletionsCommand: Command {
  static let shell = Positional(
    "SHELL", help: "bash, zsh or fish.", isOptional: true,
    completion: .words(CompletionScript.Shell.allCases.map(\.rawValue)))
  /// The sets of values the scripts ask for, by name.
  static let sets = ["intents", "zones", "workflows"]
  static let values = Option<String>(
    "values", valueName: "SET",
    help: "Print the values of a set, one a line (intents, zones, workflows); the scripts run it.",
    completion: .words(sets), isHidden: true)

  static let spec = CommandSpec(
    "completions",
    abstract: "Print a shell completion script for bash, zsh or fish.",
    discussion: """
      The script completes commands, options and their values: workflow files, intent \
      identifiers for describe, time zones for --timezone, workflow names for history \
      --workflow. It asks intentflow itself for the values, so new intents (extensions' \
      too) complete at once.

      To load them for every new shell:
        bash: add 'source <(intentflow completions bash)' to ~/.bashrc
        zsh:  add 'source <(intentflow completions zsh)' to ~/.zshrc, after compinit
        fish: intentflow completions fish > ~/.config/fish/completions/intentflow.fish
      """,
    arguments: [shell.spec],
    options: [values.spec],
    examples: ["source <(intentflow completions bash)"])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    if let set = command[Self.values] {
      guard let values = Self.listing(set, context: context) else {
        throw command.usageError(
          "unknown set '\(set)'; use " + Self.sets.map { "'\($0)'" }.joined(separator: ", "))
      }
      for value in values { context.print(value) }
      return ExitCode.success
    }
    guard let name = command[Self.shell] else {
      throw command.usageError("missing SHELL; write bash, zsh or fish")
    }
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      throw command.usageError("unknown shell '\(name)'; write bash, zsh or fish")
    }
    let script = CompletionScript(root: IntentFlowCommand.root).script(for: shell)
    context.standardOutput.write(script)
    return ExitCode.success
  }

  /// The values of a set, or `nil` for no such set. A set that cannot be read (no history
  /// yet) is empty: a completion offers nothing rather than an error.
  static func listing(_ set: String, context: CLIContext) -> [String]? {
    switch set {
    case "intents":
      return context.registry.intents.map(\.identifier.rawValue).sorted()
    case "zones":
      return TimeZoneDatabase.system.names()
    case "workflows":
      guard let store = HistoryStore.existing(context),
        let runs = try? store.runs(limit: 1000)
      else { return [] }
      return Set(runs.map(\.workflowName)).sorted()
    default:
      return nil
    }
  }
}
