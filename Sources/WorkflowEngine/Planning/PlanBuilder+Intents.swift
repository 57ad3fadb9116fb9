// Hot code: what every intent step reads of its intent. It keeps the rules of the paragraph at the
// top of `PlanBuilder.swift` (no copy or allocation per step that a plain reading would not make;
// see Docs/Performance.md).

import IntentKit

/// What planning reads of an intent, read from its descriptor once per workflow rather than
/// once per step: each read of a descriptor's details takes a lock and copies them.
///
/// A class: every step of the intent shares it (its ``ActionPlan`` keeps it), and taking it
/// from the table is one retain instead of a copy of each field.
final class PlannedIntent: Sendable {
  let descriptor: IntentDescriptor
  let parameters: [ParameterDescriptor]
  /// The parameters as targets of a step's arguments.
  let targets: [(name: String, type: ValueType)]
  let names: [String]
  let literalParameters: [String: String]
  /// What chaining reads of the parameter that takes the previous step's output, with its
  /// position among the parameters.
  let input: (name: String, type: ValueType, isRequired: Bool, index: Int)?
  let outputType: ValueType
  /// The positions of the parameters a step must give a value (or chain one), in
  /// declaration order. (Positions, not descriptors: a copy of a descriptor retains each of
  /// its fields, and the descriptor is read only for a message.)
  let requiredParameters: [Int]

  init(_ descriptor: IntentDescriptor) {
    self.descriptor = descriptor
    let parameters = descriptor.parameters
    self.parameters = parameters
    targets = parameters.map { ($0.name, $0.type) }
    let names = descriptor.parameterNames
    self.names = names
    literalParameters = descriptor.literalParameters
    input = descriptor.inputParameter.flatMap { input in
      names.firstIndex(of: input.name).map { (input.name, input.type, input.isRequired, $0) }
    }
    outputType = descriptor.outputType
    requiredParameters = parameters.indices.filter { parameters[$0].isRequired }
  }

  /// The position of the parameter named `name`, or `nil` when the intent has none.
  func position(of name: String) -> Int? {
    targets.firstIndex { $0.name == name }
  }
}

extension PlanBuilder {
  /// The intent a step names, or `nil` when the registry has none by that name.
  mutating func plannedIntent(_ name: String) -> PlannedIntent? {
    // Steps in a row often run the same intent: compare with the last one before hashing.
    if let last = lastIntent, last.name == name { return last.intent }
    if let known = intents[name] {
      lastIntent = (name, known)
      return known
    }
    guard let descriptor = planner.registry.intent(IntentIdentifier(name)) else { return nil }
    let intent = PlannedIntent(descriptor)
    intents[name] = intent
    lastIntent = (name, intent)
    return intent
  }
}
