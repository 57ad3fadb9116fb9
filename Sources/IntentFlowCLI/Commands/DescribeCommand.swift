import CLIKit
import IntentKit
import StrictJSON
import WorkflowEngine

/// `intentflow describe INTENT`: an intent's parameters, types and output.
enum DescribeCommand: Command {
  static let intent = Positional(
    "INTENT", help: "The intent's identifier, such as todos.add.", completion: .dynamic("intents"))
  static let json = Flag("json", help: "Print the intent's metadata as JSON.")

  static let spec = CommandSpec(
    "describe",
    abstract: "Show an intent's parameters, their types and its output.",
    arguments: [intent.spec],
    options: [json.spec],
    examples: ["intentflow describe todos.complete"])

  static func run(_ command: ParsedCommand, context: CLIContext) async throws(UsageError) -> Int32 {
    let name = command[Self.intent] ?? ""
    guard let intent = context.registry.intent(IntentIdentifier(name)) else {
      var message = "unknown intent '\(name)'"
      if let suggestion = context.registry.suggestion(for: name) {
        message += "; did you mean '\(suggestion)'?"
      } else {
        message += "; run 'intentflow intents' to list them"
      }
      throw command.usageError(message)
    }
    if command[Self.json] {
      context.print(IntentMetadata.json(intent).serialized(pretty: true))
      return ExitCode.success
    }
    context.print(text(intent, style: context.outputStyle))
    return ExitCode.success
  }

  static func text(_ intent: IntentDescriptor, style: Style) -> String {
    var lines = [style.bold("\(intent.identifier)") + " — \(intent.title)"]
    if !intent.description.isEmpty { lines.append(intent.description) }
    lines.append("")
    lines.append("Summary:  \(intent.summary())")
    lines.append("Output:   \(describe(intent.outputType))")
    if !intent.phrases.isEmpty {
      lines.append("Phrases:  " + intent.phrases.map { "\"\($0)\"" }.joined(separator: ", "))
    }
    if intent.isLongRunning {
      lines.append("Timing:   long-running; the timeout restarts with each progress report")
    }
    lines.append("")
    if intent.parameters.isEmpty {
      lines.append("Parameters: none")
    } else {
      lines.append("Parameters:")
      let width = (intent.parameters.map(\.name.count).max() ?? 0) + 2
      for parameter in intent.parameters {
        var traits = [parameter.typeDescription]
        if parameter.isRequired {
          traits.append("required")
        } else if let value = parameter.defaultValue {
          traits.append("default \(value.jsonValue.serialized())")
        } else {
          traits.append("optional")
        }
        if parameter.isInput { traits.append("takes the previous step's output") }
        let padding = String(repeating: " ", count: width - parameter.name.count)
        lines.append("  \(style.bold(parameter.name))\(padding)\(traits.joined(separator: ", "))")
        let indent = String(repeating: " ", count: width + 2)
        if let description = parameter.description {
          lines.append("\(indent)\(parameter.title): \(description)")
        }
        if let prompt = parameter.prompt { lines.append("\(indent)Asks: \"\(prompt)\"") }
        if let cases = parameter.type.entityType?.unionCases, !cases.isEmpty {
          let list = cases.map { "\($0.name) (\($0.title), \($0.type))" }
          lines.append("\(indent)One of: \(list.joined(separator: ", "))")
        }
      }
    }
    lines.append("")
    lines.append("Example step:")
    let example = intent.parameters.filter(\.isRequired).map { "\"\($0.name)\": …" }
    let parameters =
      example.isEmpty ? "" : ", \"parameters\": { \(example.joined(separator: ", ")) }"
    lines.append("  { \"intent\": \"\(intent.identifier)\"\(parameters) }")
    return lines.joined(separator: "\n")
  }

  /// A type with an entity's properties spelled out.
  static func describe(_ type: ValueType) -> String {
    switch type {
    case .entity(let entity) where !entity.unionCases.isEmpty:
      let cases = entity.unionCases.map { "\($0.name): \($0.title), \($0.type)" }
      return "\(entity.name), one of (\(cases.joined(separator: "; ")))"
    case .entity(let entity):
      let properties =
        (entity.isRecord ? [] : ["id: text"]) + entity.properties.map { "\($0.name): \($0.type)" }
      return
        "\(entity.name)\(entity.isRecord ? " record" : "") (\(properties.joined(separator: ", ")))"
    case .list(.entity(let entity)):
      return "list of \(describe(.entity(entity)))"
    default:
      return type.description
    }
  }
}
