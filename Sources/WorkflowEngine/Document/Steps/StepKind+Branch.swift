import StrictJSON

/// `{"if": "${found}", "then": […], "else": […]}`: runs `then` or `else`.
extension StepKind.Definition {
  static let branch = StepKind.Definition(
    marker: "then", name: "if", title: "branch", summary: "Runs `then` or `else`.",
    keys: [
      WorkflowDecoder.Key("then", [("type", "array"), ("items", WorkflowDecoder.stepReference)]),
      WorkflowDecoder.Key("else", [("type", "array"), ("items", WorkflowDecoder.stepReference)]),
    ],
    required: ["if", "then"], ownsCondition: true,
    decode: { decoder, object, present, node in
      decoder.decodeBranch(object, then: object.members[present.markerMember ?? 0].value, at: node)
    })
}

extension WorkflowDecoder {
  mutating func decodeBranch(_ object: JSONObject, then: JSONNode, at node: JSONNode)
    -> WorkflowStep.Kind?
  {
    guard let conditionNode = object["if"] else {
      error("a step with 'then' needs an 'if' condition", at: node)
      return nil
    }
    guard let condition = decodeCondition(conditionNode) else { return nil }
    return .branch(
      BranchStep(
        condition: condition, then: decodeSteps(then, what: "'then'"),
        otherwise: object["else"].map { decodeSteps($0, what: "'else'") } ?? []))
  }
}
