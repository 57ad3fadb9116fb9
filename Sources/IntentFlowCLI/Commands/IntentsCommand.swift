import CLIKit
import IntentKit
import StrictJSON
import WorkflowEngine

/// `intentflow intents`: lists the intents this runner knows.
enum IntentsCommand: Command {
  static let json = Flag("json", help: "Print every intent's metadata as JSON.")
  static let markdown = Flag(
    "markdown", help: "Print the reference of every intent as Markdown (Docs/Intents.md).")

  static let schema = Option<String>(
    "schema", valueName: "NAME",
    help: "Only the intents that implement this App Schema (tasks.create, notes.create, …).")

  static let spec = CommandSpec(
    "intents",
    abstract: "List the intents workflows can use.",
    options: [json.spec, markdown.spec, schema.spec],
    examples: [
      "intentflow intents", "intentflow intents --json | jq '.[].identifier'",
      "intentflow intents --markdown > Docs/Intents.md", "intentflow intents --schema notes.create",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    var intents = context.registry.intents
    if let name = command[Self.schema] {
      guard let schema = AppSchema.named(name) else {
        let known = AppSchema.catalog.map(\.name).joined(separator: ", ")
        context.printError(
          "error: no App Schema is named '\(name)'; use one of: \(known)")
        return ExitCode.usage
      }
      intents = context.registry.intents(implementing: schema.name)
    }
    if command[Self.json] {
      context.print(JSONValue.array(intents.map(IntentMetadata.json)).serialized(pretty: true))
      return ExitCode.success
    }
    if command[Self.markdown] {
      context.standardOutput.write(IntentReference.markdown(intents))
      return ExitCode.success
    }
    let width = (intents.map(\.identifier.rawValue.count).max() ?? 0) + 2
    for (index, group) in IntentDomain.group(intents).enumerated() {
      if index > 0 { context.print("") }
      context.print(context.outputStyle.bold(group.domain.name))
      for intent in group.intents {
        let name = intent.identifier.rawValue
        let padding = String(repeating: " ", count: width - name.count)
        var about = intent.description.isEmpty ? intent.title : intent.description
        // On a terminal, one line an intent; `describe` has the whole description.
        let room = context.terminal.width - width - 2
        if context.terminal.isOutputTerminal, room > 10, about.count > room {
          about = about.prefix(room - 1) + "…"
        }
        context.print("  " + context.outputStyle.bold(name) + padding + about)
      }
    }
    context.print("\nSee 'intentflow describe INTENT' for an intent's parameters.")
    return ExitCode.success
  }
}

/// An intent's metadata as JSON and as text, shared by `intents` and `describe`.
enum IntentMetadata {
  static func json(_ intent: IntentDescriptor) -> JSONValue {
    .object([
      ("identifier", .string(intent.identifier.rawValue)),
      ("title", .string(intent.title)),
      ("description", .string(intent.description)),
      ("summary", .string(intent.summary())),
      (
        "parameters",
        .array(
          intent.parameters.map { parameter in
            var members: [(key: String, value: JSONValue)] = [
              ("name", .string(parameter.name)),
              ("title", .string(parameter.title)),
              ("type", .string(parameter.typeDescription)),
              ("required", .bool(parameter.isRequired)),
              ("input", .bool(parameter.isInput)),
            ]
            if let description = parameter.description {
              members.append(("description", .string(description)))
            }
            if let value = parameter.defaultValue { members.append(("default", value.jsonValue)) }
            if let prompt = parameter.prompt { members.append(("prompt", .string(prompt))) }
            return .object(members)
          })
      ),
      ("output", .string(intent.outputType.description)),
      ("longRunning", .bool(intent.isLongRunning)),
    ])
  }
}
