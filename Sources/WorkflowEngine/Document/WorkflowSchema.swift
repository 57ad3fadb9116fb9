public import IntentKit
public import StrictJSON

/// A JSON Schema (draft 2020-12) of workflow files for the intents of a registry, so that
/// editors can complete keys, intent identifiers and parameter names and flag typos as you
/// type. It is derived from the same metadata as validation; validation stays the
/// authority (types that depend on `${…}` expressions cannot be checked by a schema).
public enum WorkflowSchema {
  /// The schema document.
  public static func document(for registry: IntentRegistry) -> JSONValue {
    let intents = registry.intents
    let duration: JSONValue = .object([
      ("description", .string("A duration: 30s, 5m, 1h30m, 250ms, or a number of seconds.")),
      ("type", .array([.string("string"), .string("number")])),
    ])
    let options: [(key: String, value: JSONValue)] = [
      (
        "id",
        .object([
          ("type", .string("string")),
          ("pattern", .string("^[A-Za-z_][A-Za-z0-9_-]*$")),
          ("description", .string("A unique name; later steps refer to the output as ${ID}.")),
        ])
      ),
      (
        "if",
        .object([
          ("type", .array([.string("string"), .string("boolean")])),
          ("description", .string("Run only when this condition is true.")),
        ])
      ),
      (
        "timeout",
        .object([
          (
            "description",
            .string("The limit on the step's handle phase (default 30s), or \"none\".")
          ),
          ("type", .array([.string("string"), .string("number")])),
        ])
      ),
      (
        "retry",
        .object([
          (
            "description", .string("Retries after a failure or timeout: a count or {count, delay}.")
          ),
          (
            "oneOf",
            .array([
              .object([
                ("type", .string("integer")), ("minimum", .integer(0)), ("maximum", .integer(100)),
              ]),
              .object([
                ("type", .string("object")), ("additionalProperties", .bool(false)),
                (
                  "properties",
                  .object([
                    ("count", .object([("type", .string("integer")), ("minimum", .integer(0))])),
                    ("delay", duration),
                  ])
                ),
              ]),
            ])
          ),
        ])
      ),
      ("onError", .object([("enum", .array([.string("fail"), .string("continue")]))])),
      ("confirm", .object([("type", .string("boolean"))])),
      ("description", .object([("type", .string("string"))])),
    ]
    let stepsReference: JSONValue = .object([
      ("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/step"))])),
    ])
    func step(_ required: [String], _ properties: [(key: String, value: JSONValue)]) -> JSONValue {
      .object([
        ("type", .string("object")),
        ("required", .array(required.map(JSONValue.string))),
        ("properties", .object(options + properties)),
        ("additionalProperties", .bool(false)),
      ])
    }
    let intentSteps: [JSONValue] = intents.map { intent in
      let parameters: [(key: String, value: JSONValue)] = intent.parameters.map { parameter in
        var members: [(key: String, value: JSONValue)] = [
          (
            "description",
            .string(
              "\(parameter.title) (\(parameter.type))"
                + (parameter.description.map { ": \($0)" } ?? ""))
          )
        ]
        if let value = parameter.defaultValue { members.append(("default", value.jsonValue)) }
        return (parameter.name, .object(members))
      }
      return .object([
        (
          "if",
          .object([
            (
              "properties",
              .object([("intent", .object([("const", .string(intent.identifier.rawValue))]))])
            ),
            ("required", .array([.string("intent")])),
          ])
        ),
        (
          "then",
          .object([
            (
              "properties",
              .object([
                (
                  "parameters",
                  .object([
                    ("type", .string("object")),
                    ("properties", .object(parameters)),
                    (
                      "required",
                      .array(
                        intent.parameters.filter { $0.isRequired && !$0.isInput }.map {
                          .string($0.name)
                        })
                    ),
                    ("additionalProperties", .bool(false)),
                  ])
                )
              ])
            )
          ])
        ),
      ])
    }
    let action = step(
      ["intent"],
      [
        (
          "intent",
          .object([
            ("description", .string("The intent to run; 'intentflow intents' lists them.")),
            ("enum", .array(intents.map { .string($0.identifier.rawValue) })),
          ])
        ),
        ("parameters", .object([("type", .string("object"))])),
      ])
    let actionWithParameters: JSONValue = .object([("allOf", .array([action] + intentSteps))])
    return .object([
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("$id", .string("https://intentflow.invalid/schema/workflow-1.json")),
      ("title", .string("IntentFlow workflow (format 1)")),
      ("type", .string("object")),
      ("required", .array([.string("name"), .string("steps")])),
      ("additionalProperties", .bool(false)),
      (
        "properties",
        .object([
          ("$schema", .object([("type", .string("string"))])),
          ("format", .object([("const", .integer(1))])),
          ("name", .object([("type", .string("string")), ("minLength", .integer(1))])),
          ("description", .object([("type", .string("string"))])),
          (
            "inputs",
            .object([
              ("type", .string("object")),
              (
                "additionalProperties",
                .object([
                  ("type", .string("object")), ("additionalProperties", .bool(false)),
                  (
                    "properties",
                    .object([
                      (
                        "type",
                        .object([("enum", .array(ValueType.keywords.map(JSONValue.string)))])
                      ),
                      ("default", .object([])),
                      ("description", .object([("type", .string("string"))])),
                    ])
                  ),
                ])
              ),
            ])
          ),
          (
            "steps",
            .object([
              ("type", .string("array")), ("minItems", .integer(1)),
              ("items", .object([("$ref", .string("#/$defs/step"))])),
            ])
          ),
          (
            "output",
            .object([("description", .string("The workflow's output; default: the last step's."))])
          ),
          (
            "schedule",
            .object([
              (
                "oneOf",
                .array([
                  .object([
                    ("type", .string("string")), ("description", .string("A cron expression.")),
                  ]),
                  .object([
                    ("type", .string("object")), ("required", .array([.string("cron")])),
                    ("additionalProperties", .bool(false)),
                    (
                      "properties",
                      .object([
                        ("cron", .object([("type", .string("string"))])),
                        ("timezone", .object([("type", .string("string"))])),
                        (
                          "overlap",
                          .object([
                            ("enum", .array([.string("skip"), .string("queue"), .string("allow")]))
                          ])
                        ),
                        (
                          "catchUp",
                          .object([("enum", .array([.string("none"), .string("latest")]))])
                        ),
                        ("jitter", duration),
                      ])
                    ),
                  ]),
                ])
              )
            ])
          ),
        ])
      ),
      (
        "$defs",
        .object([
          (
            "step",
            .object([
              (
                "oneOf",
                .array([
                  actionWithParameters,
                  step(
                    ["forEach", "steps"],
                    [
                      (
                        "forEach",
                        .object([("description", .string("The list to run the steps for."))])
                      ),
                      ("as", .object([("type", .string("string"))])), ("steps", stepsReference),
                    ]),
                  step(["if", "then"], [("then", stepsReference), ("else", stepsReference)]),
                  step(
                    ["repeat", "steps"],
                    [
                      (
                        "repeat",
                        .object([("type", .array([.string("integer"), .string("string")]))])
                      ),
                      ("as", .object([("type", .string("string"))])), ("steps", stepsReference),
                    ]),
                  step(
                    ["workflow"],
                    [
                      ("workflow", .object([("type", .string("string"))])),
                      ("inputs", .object([("type", .string("object"))])),
                    ]),
                ])
              )
            ])
          )
        ])
      ),
    ])
  }
}
