// Hot code: decoding what every step shares. It keeps the rules of the paragraph at the top of
// `WorkflowDecoder.swift` (no copy or allocation per step that a plain reading would not make; see
// Docs/Performance.md).

import IntentKit
import StrictJSON

/// Steps: what every kind shares (kind by marker, key check, id, condition, options,
/// fallback); each kind's own keys are decoded in its `StepKind+….swift`.
extension WorkflowDecoder {
  mutating func decodeSteps(_ node: JSONNode, what: String) -> [WorkflowStep] {
    guard case .array(let items) = node.kind else {
      error("\(what) must be a list of steps, not \(describe(node))", at: node)
      return []
    }
    var steps: [WorkflowStep] = []
    steps.reserveCapacity(items.count)
    // By index: a node taken out of the list was copied, and destroyed after.
    for index in items.indices where !decodeStep(items[index], into: &steps) {
      if case .object(let object) = items[index].kind, case .string(let id)? = object["id"]?.kind {
        brokenStepIDs.insert(id)
      }
    }
    return steps
  }

  /// Decodes one step and appends it to `steps`: finds its kind by the key that marks it,
  /// checks its keys, decodes what all steps share (id, condition, options), then its kind.
  /// Returns `false`, appending nothing, when the step cannot be read.
  /// (Appended, not returned: see the header of `WorkflowDecoder.swift`.)
  mutating func decodeStep(_ node: JSONNode, into steps: inout [WorkflowStep]) -> Bool {
    guard case .object(let object) = node.kind else {
      error("a step must be an object such as {\"intent\": \"…\"}, not \(describe(node))", at: node)
      return false
    }
    let present = StepKeyPresence(object)
    guard let kind = present.firstKind, present.markerMember != nil else {
      let known = Self.knownStepKeyNames
      for member in object.members where !known.contains(member.key) {
        unknownKey(member, allowed: known, in: "a step")
      }
      error("a step needs " + Self.stepKindNeeds, at: node)
      return false
    }
    let position = kind.rawValue
    var otherKinds: [String] = []
    if let second = present.secondKind {
      let marker = Self.stepKindMarkers[second.rawValue]
      error(
        "a step can be only one kind, but this one has both '\(Self.stepKindMarkers[position])' "
          + "and '\(marker)'; split it into two steps",
        at: object.member(marker)?.keyPosition ?? node.position)
      otherKinds = Self.stepKindMarkers[second.rawValue...].filter { object.member($0) != nil }
    }
    if kind != .intent || !present.onlyIntentKeys {
      checkStepKeys(
        object, kind: kind, accepted: Self.acceptedKeyNames[position], otherKinds: otherKinds)
    }
    let options = present.hasOptions ? decodeOptions(object) : StepOptions()
    var id: String?
    var idLocation: SourceLocation?
    if let member = present.idMember {
      id = stepID(object.members[member].value)
      if id != nil { idLocation = location(object.members[member].value.position) }
    }
    // A branch's 'if' is its condition, decoded with the branch.
    let condition =
      Self.stepKindOwnsCondition[position]
      ? nil : present.conditionMember.flatMap { decodeCondition(object.members[$0].value) }
    let decoded = Self.stepKindDecoders[position](&self, object, present, node)
    // Taken out of the optional, not copied out of it (and the optional destroyed after).
    guard let decodedKind = consume decoded else { return false }
    var fallback: [WorkflowStep]?
    if let member = present.onErrorMember, case .array = object.members[member].value.kind {
      let onError = object.members[member].value
      fallback = decodeSteps(onError, what: "'onError'")
    }
    // Made whole at the end, not made and then changed: the step is then built in place
    // rather than copied.
    steps.append(
      WorkflowStep(
        id: id, idLocation: idLocation, location: location(node),
        condition: condition, options: options, kind: decodedKind, fallback: fallback))
    return true
  }

  /// Reports keys a step of `kind` does not accept: intent-only options on other kinds with
  /// a message of their own, then unknown keys.
  mutating func checkStepKeys(
    _ object: JSONObject, kind: StepKind, accepted: [String], otherKinds: [String]
  ) {
    let definition = kind.definition
    if !definition.takesIntentOptions {
      for key in Self.intentOnlyKeys {
        guard let member = object.member(key) else { continue }
        error(
          "'\(key)' applies only to intent steps, not to a '\(definition.name)' step; set it on "
            + "the intent steps it runs", at: member.keyPosition)
      }
    }
    // Intent-only options and the other kinds' keys were just reported; do not report them
    // again as unknown.
    let reported = definition.takesIntentOptions ? [] : Self.intentOnlyKeys
    let ascii = object.keysAreASCII
    for member in object.members
    where !accepted.containsKey(member.key, ascii: ascii)
      && !otherKinds.contains(member.key) && !reported.contains(member.key)
    {
      // The message lists only the keys this kind accepts.
      unknownKey(
        member, allowed: accepted, in: "\(definition.article) '\(definition.name)' step")
    }
  }

  /// The step's `id`, or `nil` after reporting why it cannot be one.
  mutating func stepID(_ idNode: JSONNode) -> String? {
    guard let id = text(idNode, what: "'id'") else { return nil }
    if Self.isReserved(id) {
      error("'\(id)' is reserved and cannot be a step id; choose another name", at: idNode)
      return nil
    }
    guard ExpressionParser.isValidName(id) else {
      error(
        "'\(id)' is not a valid step id; use letters, digits, '_' and '-', starting with a "
          + "letter, so that ${\(id)} can refer to it", at: idNode)
      return nil
    }
    return id
  }

  /// Names that cannot be step ids or loop variables, because references use them.
  /// (A list: comparing five short names costs less than hashing one.)
  static let reservedNames = ["inputs", "true", "false", "null", "contains"]

  /// The first bytes of ``reservedNames``, as bits of their low six bits.
  static let reservedInitials: UInt64 = reservedNames.reduce(0) { bits, name in
    bits | 1 << ((name.utf8.first ?? 0) & 63)
  }

  /// Whether `name` is one of ``reservedNames``; names of other lengths or other first
  /// letters (most ids) are told apart without comparing text.
  static func isReserved(_ name: String) -> Bool {
    let length = name.utf8.count
    guard (4...8).contains(length), let first = name.utf8.first,
      reservedInitials & 1 << (first & 63) != 0
    else { return false }
    return reservedNames.contains { $0.utf8.count == length && $0 == name }
  }

  mutating func body(_ object: JSONObject, key: String, of kind: String, at node: JSONNode)
    -> [WorkflowStep]
  {
    guard let stepsNode = object[key] else {
      error("a '\(kind)' step needs 'steps': the steps to run each time", at: node)
      return []
    }
    return decodeSteps(stepsNode, what: "'steps'")
  }

  mutating func loopVariable(
    _ object: JSONObject, required: Bool = false, key: String = "as"
  )
    -> (name: String?, location: SourceLocation?)
  {
    guard let node = object[key] else { return (required ? "item" : nil, nil) }
    guard let name = text(node, what: "'\(key)'") else { return (nil, nil) }
    guard ExpressionParser.isValidName(name), !Self.isReserved(name) else {
      error(
        "'\(name)' is not a valid loop variable name; use letters, digits, '_' and '-', "
          + "starting with a letter", at: node)
      return (nil, nil)
    }
    return (name, location(node))
  }

  mutating func decodeCondition(_ node: JSONNode, key: String = "if") -> Condition? {
    let span = self.span(node)
    switch node.kind {
    case .bool(let value):
      return Condition(expression: .literal(.boolean(value)), text: span)
    case .string(let text):
      do {
        return Condition(expression: try ExpressionParser.parse(text), text: span)
      } catch {
        self.error(
          "invalid condition: \(error.message)",
          at: source.location(in: span, scalarOffset: error.offset))
        return nil
      }
    default:
      error(
        "'\(key)' must be a condition such as \"${found.count} > 0\", not \(describe(node))",
        at: node)
      return nil
    }
  }

  mutating func decodeArguments(_ node: JSONNode, what: String) -> [Argument] {
    guard case .object(let object) = node.kind else {
      error("\(what) must be an object from names to values, not \(describe(node))", at: node)
      return []
    }
    return object.members.map { member in
      Argument(
        name: member.key, nameLocation: location(member.keyPosition),
        value: decodeValue(member.value))
    }
  }
}
