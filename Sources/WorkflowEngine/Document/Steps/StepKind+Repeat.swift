import StrictJSON

/// `{"repeat": 3, "as": "pass", "steps": […]}`: runs its steps a number of times.
extension StepKind.Definition {
  static let repeatLoop = StepKind.Definition(
    marker: "repeat", name: "repeat", title: "repeat",
    summary: "Runs its `steps` a number of times.",
    keys: [
      WorkflowDecoder.Key("repeat", [("type", ["integer", "string"])]),
      WorkflowDecoder.loopVariableKey, WorkflowDecoder.stepsKey,
    ],
    required: ["repeat", "steps"],
    decode: { decoder, object, present, node in
      decoder.decodeRepeat(object, count: object.members[present.markerMember ?? 0].value, at: node)
    })
}

extension WorkflowDecoder {
  mutating func decodeRepeat(_ object: JSONObject, count: JSONNode, at node: JSONNode)
    -> WorkflowStep.Kind
  {
    let variable = loopVariable(object, required: false)
    return .repeatLoop(
      RepeatStep(
        count: decodeValue(count), variable: variable.name,
        variableLocation: variable.location,
        steps: body(object, key: "steps", of: "repeat", at: node)))
  }
}
