public import IntentKit
public import StrictJSON

/// A JSON Schema (draft 2020-12) of workflow files for the intents of a registry, so that
/// editors can complete keys, intent identifiers and parameter names and flag typos as you
/// type. It is built from the decoder's own key tables and enums
/// (`WorkflowDecoder+Keys.swift`), so it accepts exactly the keys decoding does; validation
/// stays the authority on values (types that depend on `${…}` expressions cannot be checked
/// by a schema).
public enum WorkflowSchema {
  /// The schema document.
  public static func document(for registry: IntentRegistry) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("$schema", "https://json-schema.org/draft/2020-12/schema"),
      ("$id", "https://intentflow.invalid/schema/workflow-1.json"),
      ("title", .string("IntentFlow workflow (format \(WorkflowDecoder.format))")),
    ]
    guard
      case .object(let shape) = WorkflowDecoder.object(
        WorkflowDecoder.topLevel, required: WorkflowDecoder.topLevelRequired)
    else { return .object(members) }
    members += shape
    members.append(("$defs", .object([("step", .object([("oneOf", .array(steps(registry)))]))])))
    return .object(members)
  }

  /// One schema a step kind; an intent step's parameters are checked per intent.
  private static func steps(_ registry: IntentRegistry) -> [JSONValue] {
    StepKind.allCases.map { kind in
      var keys = WorkflowDecoder.acceptedKeys(of: kind)
      guard kind == .intent else {
        return WorkflowDecoder.object(keys, required: kind.definition.required)
      }
      if let index = keys.firstIndex(where: { $0.name == "intent" }) {
        keys[index].schema = .object([
          ("description", "The intent to run; 'intentflow intents' lists them."),
          ("enum", .array(registry.intents.map { .string($0.identifier.rawValue) })),
        ])
      }
      let action = WorkflowDecoder.object(keys, required: kind.definition.required)
      return .object([("allOf", .array([action] + registry.intents.map(parameters)))])
    }
  }

  /// One case of a union parameter: text that names the case outright (`album:Rome`).
  private static func unionCase(_ union: UnionCase) -> JSONValue {
    .object([
      ("title", .string(union.title)),
      ("description", .string("\(union.name): \(union.type), written \"\(union.name):…\"")),
      ("type", "string"),
      ("pattern", .string("^\(union.name):")),
    ])
  }

  /// Text without a case's name, tried against each case in order (or a `${…}` expression).
  private static func unionText(_ cases: [UnionCase]) -> JSONValue {
    .object([
      (
        "description",
        .string("Other text, tried as \(cases.map(\.name).joined(separator: ", then ")).")
      ),
      ("type", "string"),
    ])
  }

  /// `parameters` of a step that runs `intent`: its parameter names, and the required ones
  /// that the previous step cannot supply.
  private static func parameters(of intent: IntentDescriptor) -> JSONValue {
    let properties: [(key: String, value: JSONValue)] = intent.parameters.map { parameter in
      var members: [(key: String, value: JSONValue)] = [
        (
          "description",
          .string(
            "\(parameter.title) (\(parameter.typeDescription))"
              + (parameter.description.map { ": \($0)" } ?? ""))
        )
      ]
      if let value = parameter.defaultValue { members.append(("default", value.jsonValue)) }
      if let cases = parameter.type.entityType?.unionCases, !cases.isEmpty {
        members.append(("anyOf", .array(cases.map(unionCase) + [unionText(cases)])))
      }
      return (parameter.name, .object(members))
    }
    let required = intent.parameters.filter { $0.isRequired && !$0.isInput }
    let schema: JSONValue = .object([
      ("type", "object"),
      ("properties", .object(properties)),
      ("required", .array(required.map { .string($0.name) })),
      ("additionalProperties", false),
    ])
    return .object([
      (
        "if",
        .object([
          (
            "properties",
            .object([("intent", .object([("const", .string(intent.identifier.rawValue))]))])
          ),
          ("required", ["intent"]),
        ])
      ),
      ("then", .object([("properties", .object([("parameters", schema)]))])),
    ])
  }
}
