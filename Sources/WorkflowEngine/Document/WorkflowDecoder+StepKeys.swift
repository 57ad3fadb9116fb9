import StrictJSON

/// The key table of steps, arranged for decoding: each kind's accepted key names are worked
/// out once, not for every step.
extension WorkflowDecoder {
  /// By position in ``stepKinds``: the names ``acceptedKeys(of:)`` gives, in its order.
  static let acceptedKeyNames: [[String]] = stepKinds.map { acceptedKeys(of: $0).map(\.name) }

  /// Every key any step may have, for the message about a step of no known kind.
  static let knownStepKeyNames: [String] =
    commonStepKeys.map(\.name) + stepKinds.flatMap { $0.keys.map(\.name) }

  /// The positions in ``stepKinds`` of the kinds whose marker `object` has, in table order.
  static func kindPositions(in object: JSONObject) -> (first: Int?, second: Int?) {
    var first: Int?
    for position in stepKinds.indices where object.member(stepKinds[position].marker) != nil {
      guard first != nil else {
        first = position
        continue
      }
      return (first, position)
    }
    return (first, nil)
  }
}
