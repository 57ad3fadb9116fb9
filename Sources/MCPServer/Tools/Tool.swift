public import IntentKit
import StrictJSON
public import WorkflowEngine

/// One tool the server lists: a workflow of the workflows directory, or an intent chosen with
/// `--intents`. Nothing else is ever exposed.
public struct Tool: Sendable {
  /// What the tool runs.
  public enum Kind: Sendable {
    /// A validated workflow and the file it came from.
    case workflow(Plan, path: String)
    /// One intent, run through its whole lifecycle as a one-step workflow.
    case intent(IntentDescriptor)
  }

  public var kind: Kind

  public init(_ kind: Kind) {
    self.kind = kind
  }

  /// The tool's name: the workflow's `name`, or the intent's identifier.
  public var name: String {
    switch kind {
    case .workflow(let plan, _): plan.workflow.name
    case .intent(let intent): intent.identifier.rawValue
    }
  }

  /// The arguments the tool takes, as parameters: a workflow's inputs, an intent's
  /// parameters.
  public var parameters: [ParameterDescriptor] {
    switch kind {
    case .workflow(let plan, _):
      plan.inputs.map { input in
        var parameter = input.parameter
        // An input read from the environment needs no argument either.
        if input.environmentName != nil {
          parameter = ParameterDescriptor(
            name: parameter.name, title: parameter.title, description: parameter.description,
            type: parameter.type, isOptional: true, defaultValue: parameter.defaultValue,
            prompt: parameter.prompt)
        }
        return parameter
      }
    case .intent(let intent): intent.parameters
    }
  }

  /// The type of what a call returns.
  public var outputType: ValueType {
    switch kind {
    case .workflow(let plan, _): plan.outputType
    case .intent(let intent): intent.outputType
    }
  }

  /// Whether an argument must be given: not optional and without a default.
  static func isRequired(_ parameter: ParameterDescriptor) -> Bool {
    !parameter.isOptional && parameter.defaultValue == nil
  }

  /// The tool as `tools/list` shows it for the protocol `version`: fields newer than the
  /// client's revision (annotations since 2025-03-26; `title` and `outputSchema` since
  /// 2025-06-18) are left out.
  func listing(for version: ProtocolVersion) -> JSONValue {
    let annotations = ToolAnnotations(self)
    var members: [(key: String, value: JSONValue)] = [("name", .string(name))]
    if version >= .v2025_06_18 { members.append(("title", .string(annotations.title))) }
    if let description = description { members.append(("description", .string(description))) }
    members.append(("inputSchema", inputSchema))
    if version >= .v2025_06_18 { members.append(("outputSchema", outputType.outputSchema)) }
    if version >= .v2025_03_26 { members.append(("annotations", annotations.json)) }
    return .object(members)
  }

  var description: String? {
    switch kind {
    case .workflow(let plan, _): plan.workflow.description
    case .intent(let intent): intent.description.isEmpty ? nil : intent.description
    }
  }

  /// The JSON Schema of the arguments: one property per parameter, in declaration order.
  var inputSchema: JSONValue {
    var properties: [(key: String, value: JSONValue)] = []
    for parameter in parameters {
      var schema = parameter.type.argumentSchema
      if case .object(var members) = schema {
        if let description = parameter.description,
          !members.contains(where: {
            $0.key == "description"
          })
        {
          members.append(("description", .string(description)))
        }
        if let value = parameter.defaultValue { members.append(("default", value.jsonValue)) }
        schema = .object(members)
      }
      properties.append((parameter.name, schema))
    }
    let required = parameters.filter(Self.isRequired).map { JSONValue.string($0.name) }
    var members: [(key: String, value: JSONValue)] = [
      ("type", "object"), ("properties", .object(properties)),
    ]
    if !required.isEmpty { members.append(("required", .array(required))) }
    members.append(("additionalProperties", false))
    return .object(members)
  }
}
