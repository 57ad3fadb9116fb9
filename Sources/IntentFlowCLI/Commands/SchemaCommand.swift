import CLIKit
import StrictJSON
import WorkflowEngine

/// `intentflow schema`: the JSON Schema of workflow files, for editors.
enum SchemaCommand: Command {
  static let spec = CommandSpec(
    "schema",
    abstract: "Print the JSON Schema of workflow files, with this runner's intents.",
    discussion: """
      Point your editor at it (or add "$schema" to a workflow) to complete keys, intent \
      identifiers and parameter names as you type. 'intentflow validate' remains the \
      authority: it also checks references, expressions and types.
      """,
    examples: ["intentflow schema > workflow.schema.json"])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    context.print(WorkflowSchema.document(for: context.registry).serialized(pretty: true))
    return ExitCode.success
  }
}
