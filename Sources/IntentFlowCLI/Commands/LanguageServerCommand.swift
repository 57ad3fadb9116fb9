import CLIKit
import IntentKit
import LanguageServer
import WorkflowEngine

/// `intentflow lsp`: a Language Server Protocol server for workflow files on standard input
/// and output.
enum LanguageServerCommand: Command {
  static let spec = CommandSpec(
    "lsp",
    abstract: "Serve the Language Server Protocol for workflow files on standard input and output.",
    discussion: """
      Editors start it to show the validator's errors and warnings as you type, complete \
      intents, parameters, step keys and ${…} references with their types, show an \
      intent's description on hover, go to a referenced step, and list the steps. See \
      Docs/Editors.md for VS Code, Neovim, Helix and Zed.
      """,
    examples: ["intentflow lsp"])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let server = LanguageServer(
      registry: context.registry, version: IntentFlowCommand.version,
      sleep: context.runEnvironment.clock.sleep, read: WorkflowLoader.readFile)
    return await server.serve(input: StandardStreams.input(), output: StandardStreams.write)
  }
}
