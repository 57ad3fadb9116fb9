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
  /// compare it with every member. The keys decoding reads are noted by their position among
  /// the members, so that they are not looked up again.
  struct StepKeyPresence {
    /// The positions in ``stepKinds`` of the kinds whose marker the step has, in table order.
    var firstKind: Int?
    var secondKind: Int?
    /// The positions among the members of `id`, `if`, `onError`, `parameters`, and the
    /// marker of ``firstKind``.
    var idMember: Int?
    var conditionMember: Int?
    var onErrorMember: Int?
    var parametersMember: Int?
    var markerMember: Int?
    /// `timeout`, `retry`, `onError` or `confirm` (see `decodeOptions`).
    var hasOptions = false
    /// Whether every key is one an intent step accepts (the common keys, `intent` and
    /// `parameters`): then an intent step has no key to report, and its keys are not checked
    /// again (see `checkStepKeys`).
    var onlyIntentKeys = true

    var hasID: Bool { idMember != nil }
    var hasCondition: Bool { conditionMember != nil }
    var hasOnError: Bool { onErrorMember != nil }

    init(_ object: JSONObject) {
      var kinds: UInt8 = 0
      let ascii = object.keysAreASCII
      // The first member of each key counts, as in `JSONObject.member(_:)`.
      for (index, member) in object.members.enumerated() {
        let key = member.key
        if isKey(key, "id", ascii: ascii) {
          idMember = idMember ?? index
        } else if isKey(key, "if", ascii: ascii) {
          conditionMember = conditionMember ?? index
        } else if isKey(key, "onError", ascii: ascii) {
          onErrorMember = onErrorMember ?? index
          hasOptions = true
        } else if isKey(key, "timeout", ascii: ascii) || isKey(key, "retry", ascii: ascii)
          || isKey(key, "confirm", ascii: ascii)
        {
          hasOptions = true
        } else if let position = stepKinds.firstIndex(where: {
          isKey(key, $0.marker, ascii: ascii)
        }) {
          if kinds & (1 << position) == 0, kinds & ((1 << position) - 1) == 0 {
            markerMember = index  // the first marker of the first kind in table order
          }
          kinds |= 1 << position
          if stepKinds[position].marker != "intent" { onlyIntentKeys = false }
        } else if isKey(key, "parameters", ascii: ascii) {
          parametersMember = parametersMember ?? index
        } else if !isKey(key, "description", ascii: ascii) {
          onlyIntentKeys = false
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

/// Whether a key of an object is `name`. When the object's keys are ASCII, a key of another
/// length is told apart without comparing text (most comparisons here are of different keys).
func isKey(_ key: String, _ name: String, ascii: Bool) -> Bool {
  (!ascii || key.utf8.count == name.utf8.count) && key == name
}

extension [String] {
  /// Whether the list holds `key`, a key of an object whose keys are ASCII when `ascii` is
  /// true (see ``isKey(_:_:ascii:)``).
  func containsKey(_ key: String, ascii: Bool) -> Bool {
    contains { isKey(key, $0, ascii: ascii) }
  }
}
