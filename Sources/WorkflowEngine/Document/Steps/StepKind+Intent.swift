import StrictJSON

/// `{"intent": "todos.add", "parameters": {…}}`: runs an intent.
extension StepKind.Definition {
  static let intent = StepKind.Definition(
    marker: "intent", name: "intent", hint: "(run an intent)", title: "intent",
    summary: "Runs an intent.",
    keys: [
      WorkflowDecoder.Key(
        "intent", [("description", "The intent to run; 'intentflow intents' lists them.")]),
      WorkflowDecoder.Key("parameters", [("type", "object")]),
    ],
    required: ["intent"], takesIntentOptions: true,
    decode: { decoder, object, present, _ in
      decoder.decodeAction(
        object, intent: present.markerMember ?? 0, parameters: present.parametersMember)
    })
}

extension WorkflowDecoder {
  /// An intent step, from the members at `intent` and `parameters` of its object.
  mutating func decodeAction(_ object: JSONObject, intent: Int, parameters: Int?)
    -> WorkflowStep.Kind
  {
    var arguments: [Argument] = []
    if let parameters {
      arguments = decodeArguments(object.members[parameters].value, what: "'parameters'")
    }
    return .action(
      ActionStep(
        intent: text(object.members[intent].value, what: "'intent'") ?? "",
        intentLocation: location(object.members[intent].value.position), parameters: arguments))
  }
}
