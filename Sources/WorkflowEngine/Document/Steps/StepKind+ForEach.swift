import StrictJSON

/// `{"forEach": "${list}", "as": "item", "steps": […]}`: runs its steps once for each item.
extension StepKind.Definition {
  static let forEach = StepKind.Definition(
    marker: "forEach", name: "forEach", title: "loop over items",
    summary: "Runs its `steps` once for each item of a list.",
    keys: [
      WorkflowDecoder.Key("forEach", [("description", "The list to run the steps for.")]),
      WorkflowDecoder.loopVariableKey, WorkflowDecoder.stepsKey,
      WorkflowDecoder.Key(
        "where",
        [
          ("description", "Keep only the items for which this condition is true."),
          ("type", ["string", "boolean"]),
        ]),
      WorkflowDecoder.Key(
        "index", [("description", "The name of the pass number, from 1."), ("type", "string")]),
      WorkflowDecoder.Key(
        "concurrency",
        [
          ("description", "How many passes may run at once."), ("type", "integer"),
          ("minimum", 1), ("maximum", .number(Double(WorkflowDecoder.maximumConcurrency))),
        ]),
    ],
    required: ["forEach", "steps"],
    decode: { decoder, object, present, node in
      decoder.decodeForEach(
        object, items: object.members[present.markerMember ?? 0].value, at: node)
    })
}

extension WorkflowDecoder {
  mutating func decodeForEach(_ object: JSONObject, items: JSONNode, at node: JSONNode)
    -> WorkflowStep.Kind
  {
    let variable = loopVariable(object, required: true)
    let index = loopVariable(object, key: "index")
    var concurrency = 1
    if let concurrencyNode = object["concurrency"] {
      if case .integer(let count) = concurrencyNode.kind,
        (1...Self.maximumConcurrency).contains(count)
      {
        concurrency = count
      } else {
        let given: String
        if case .integer(let count) = concurrencyNode.kind {
          given = String(count)
        } else {
          given = describe(concurrencyNode)
        }
        error(
          "'concurrency' must be a whole number of passes from 1 to "
            + "\(Self.maximumConcurrency), not \(given)", at: concurrencyNode)
      }
    }
    return .forEach(
      ForEachStep(
        items: decodeValue(items), variable: variable.name ?? "item",
        variableLocation: variable.location,
        steps: body(object, key: "steps", of: "forEach", at: node),
        filter: object["where"].flatMap { decodeCondition($0, key: "where") },
        index: index.name, indexLocation: index.location, concurrency: concurrency))
  }
}
