import IntentKit

/// What planning reads of an intent, read from its descriptor once per workflow rather than
/// once per step: each read of a descriptor's details takes a lock and copies them.
struct PlannedIntent {
  let descriptor: IntentDescriptor
  let parameters: [ParameterDescriptor]
  /// The parameters as targets of a step's arguments.
  let targets: [(name: String, type: ValueType)]
  let names: [String]
  let literalParameters: [String: String]
  let inputParameter: ParameterDescriptor?
  let outputType: ValueType

  init(_ descriptor: IntentDescriptor) {
    self.descriptor = descriptor
    parameters = descriptor.parameters
    targets = parameters.map { ($0.name, $0.type) }
    names = descriptor.parameterNames
    literalParameters = descriptor.literalParameters
    inputParameter = descriptor.inputParameter
    outputType = descriptor.outputType
  }
}

extension PlanBuilder {
  /// The intent a step names, or `nil` when the registry has none by that name.
  mutating func plannedIntent(_ name: String) -> PlannedIntent? {
    if let known = intents[name] { return known }
    guard let descriptor = planner.registry.intent(IntentIdentifier(name)) else { return nil }
    let intent = PlannedIntent(descriptor)
    intents[name] = intent
    return intent
  }
}
