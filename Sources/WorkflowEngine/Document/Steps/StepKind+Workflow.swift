import StrictJSON

/// `{"workflow": "other.json", "inputs": {…}}`: runs another workflow file.
extension StepKind.Definition {
  static let workflow = StepKind.Definition(
    marker: "workflow", name: "workflow", title: "another workflow",
    summary: "Runs another workflow file.",
    keys: [
      WorkflowDecoder.Key("workflow", [("type", "string")]),
      WorkflowDecoder.Key("inputs", [("type", "object")]),
    ],
    required: ["workflow"],
    decode: { decoder, object, present, _ in
      decoder.decodeSubworkflow(object, path: object.members[present.markerMember ?? 0].value)
    })
}

extension WorkflowDecoder {
  mutating func decodeSubworkflow(_ object: JSONObject, path: JSONNode) -> WorkflowStep.Kind {
    .workflow(
      SubworkflowStep(
        path: text(path, what: "'workflow'") ?? "", pathLocation: location(path),
        inputs: object["inputs"].map { decodeArguments($0, what: "'inputs'") } ?? []))
  }
}
