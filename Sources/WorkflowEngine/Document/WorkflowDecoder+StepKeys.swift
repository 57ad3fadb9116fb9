import StrictJSON

/// The key table of steps, arranged for decoding: each kind's accepted key names are worked
/// out once, not for every step.
extension WorkflowDecoder {
  /// By position in ``stepKinds``: the names ``acceptedKeys(of:)`` gives, in its order.
  static let acceptedKeyNames: [[String]] = stepKinds.map { acceptedKeys(of: $0).map(\.name) }

  /// Every key any step may have, for the message about a step of no known kind.
  static let knownStepKeyNames: [String] =
    commonStepKeys.map(\.name) + stepKinds.flatMap { $0.keys.map(\.name) }

  /// Which of the keys that steps share a step has, and which kinds' markers, found in one
  /// pass over its members: most steps have three keys, and looking up each absent key would
  /// compare it with every member.
  struct StepKeyPresence {
    /// The positions in ``stepKinds`` of the kinds whose marker the step has, in table order.
    var firstKind: Int?
    var secondKind: Int?
    var hasID = false
    var hasCondition = false
    var hasOnError = false
    /// `timeout`, `retry`, `onError` or `confirm` (see `decodeOptions`).
    var hasOptions = false

    init(_ object: JSONObject) {
      var kinds: UInt8 = 0
      for member in object.members {
        switch member.key {
        case "id": hasID = true
        case "if": hasCondition = true
        case "onError":
          hasOnError = true
          hasOptions = true
        case "timeout", "retry", "confirm": hasOptions = true
        default:
          if let position = stepKinds.firstIndex(where: { $0.marker == member.key }) {
            kinds |= 1 << position
          }
        }
      }
      for position in stepKinds.indices where kinds & (1 << position) != 0 {
        if firstKind == nil {
          firstKind = position
        } else if secondKind == nil {
          secondKind = position
        }
      }
    }
  }
}
