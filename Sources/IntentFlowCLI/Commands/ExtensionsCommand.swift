import CLIKit
import Extensions
import IntentKit
import Suggestions
import WorkflowEngine

/// `intentflow extensions [check NAME]`: the configured extensions, their state and intents,
/// and a conformance check for authors.
enum ExtensionsCommand: Command {
  static let action = Positional(
    "ACTION", help: "'check' to start an extension and check it.", isOptional: true,
    completion: .words(["check"]))
  static let name = Positional("NAME", help: "The extension to check.", isOptional: true)
  static let refresh = Flag(
    "refresh",
    help: "Start every extension, even those whose declarations or failure are cached.")

  static let spec = CommandSpec(
    "extensions",
    abstract: "List the extensions in extensions.json, or check one.",
    discussion: """
      Extensions add intents from other programs: any MCP server ("protocol": "mcp") or a \
      program speaking the IntentFlow protocol. They are declared in $INTENTFLOW_HOME/\
      extensions.json (or the file INTENTFLOW_EXTENSIONS names). 'check NAME' starts the \
      extension, initializes it, lists its intents and entity types, checks their declarations \
      and runs the entity queries. Declarations, and the failure of an extension that could \
      not start, are cached until its command changes; 'check' and --refresh always try again.
      """,
    arguments: [action.spec, name.spec],
    options: [refresh.spec],
    examples: [
      "intentflow extensions", "intentflow extensions --refresh",
      "intentflow extensions check time",
    ])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    guard let host = ExtensionLoading.host(for: context) else {
      let home = "$INTENTFLOW_HOME/extensions.json"
      context.print("no extensions: \(home) does not exist; see Docs/Extensions.md")
      return ExitCode.success
    }
    let status: Int32
    switch command[Self.action] {
    case nil:
      status = await list(host, refresh: command[Self.refresh], context: context)
    case "check"?:
      guard let name = command[Self.name] else {
        throw command.usageError("'check' needs the NAME of an extension")
      }
      guard host.catalog.extensions.contains(where: { $0.name == name }) else {
        var message = "no extension is called '\(name)'"
        let names = host.catalog.extensions.map(\.name)
        if let suggestion = Spelling.closest(to: name, among: names) {
          message += "; did you mean '\(suggestion)'?"
        }
        for problem in host.catalog.problems { context.printError("error: \(problem)") }
        throw command.usageError(message)
      }
      status = await check(name, host: host, context: context)
    case let other?:
      throw command.usageError("unknown action '\(other)'; the only action is 'check'")
    }
    await host.shutdown()
    return status
  }

  private static func list(_ host: ExtensionHost, refresh: Bool, context: CLIContext) async
    -> Int32
  {
    let style = context.outputStyle
    for problem in host.catalog.problems {
      context.printError(context.errorStyle.red("error: ") + problem)
    }
    for (configuration, state) in await host.states(refresh: refresh) {
      let kind = configuration.wireProtocol.rawValue
      switch state {
      case .broken(let error):
        context.print(style.bold(configuration.name) + "  \(kind), broken: \(error.message)")
      case .available(let declarations, let fromCache):
        let count = declarations.count
        let source = fromCache ? "cached" : "started"
        context.print(
          style.bold(configuration.name)
            + "  \(kind), \(count) \(count == 1 ? "intent" : "intents") (\(source))")
        let entities = declarations.first?.entityTypes.values.map(\.name).sorted() ?? []
        if !entities.isEmpty {
          context.print("  entity types: \(entities.joined(separator: ", "))")
        }
        for declaration in declarations {
          let confirm = declaration.isDestructive ? " (asks for confirmation)" : ""
          context.print(
            "  \(configuration.name).\(declaration.name)  \(declaration.title)\(confirm)")
        }
      }
    }
    return host.catalog.problems.isEmpty ? ExitCode.success : ExitCode.failure
  }

  /// Starts the extension afresh and reports each conformance point as ok or a problem.
  private static func check(_ name: String, host: ExtensionHost, context: CLIContext) async
    -> Int32
  {
    var failures = 0
    func report(_ ok: Bool, _ text: String) {
      if !ok { failures += 1 }
      context.print((ok ? "ok    " : "FAIL  ") + text)
    }
    let session: ExtensionSession
    do {
      // Always a fresh try, which also rewrites the cache (declarations or failure).
      if case .broken(let error)? = await host.state(of: name, refresh: true) { throw error }
      session = try await host.startedSession(name)
    } catch {
      report(false, "start and initialize: \(error)")
      return ExitCode.failure
    }
    let kind = session.configuration.wireProtocol.rawValue
    report(
      true,
      "started (pid \(session.connection.processIdentifier)), \(kind) version "
        + "'\(session.protocolVersion)'")
    report(!session.declarations.isEmpty, "declares \(session.declarations.count) intents")
    var seen: Set<String> = []
    for declaration in session.declarations {
      let label = "\(name).\(declaration.name)"
      var problems = ExtensionConformance.problems(of: declaration)
      if !seen.insert(declaration.name).inserted { problems.append("declared twice") }
      report(
        problems.isEmpty,
        problems.isEmpty
          ? "\(label): \(declaration.parameters().count) parameters, output "
            + "\(declaration.outputType)"
          : "\(label): \(problems.joined(separator: "; "))")
    }
    if session.ignoredEntities {
      report(
        false,
        "lists 'entities' but answers version '\(session.protocolVersion)'; answer "
          + "'\(ExtensionSession.intentflowVersions[0])' to declare entity types")
    }
    for entity in session.entityDeclarations {
      for problem in await EntityConformance.findings(of: entity, in: session) {
        report(problem.ok, "\(entity.qualifiedName): \(problem.text)")
      }
    }
    do {
      _ = try await session.connection.request("ping")
      report(true, "answers 'ping'")
    } catch {
      report(false, "answers 'ping': \(error)")
    }
    context.print(
      failures == 0
        ? "\(name) conforms" : "\(name): \(failures) \(failures == 1 ? "problem" : "problems")")
    return failures == 0 ? ExitCode.success : ExitCode.failure
  }
}
