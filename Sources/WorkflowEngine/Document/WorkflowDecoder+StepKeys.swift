import StrictJSON

/// The key table of steps, arranged for decoding: each kind's accepted key names are worked
/// out once, not for every step.
extension WorkflowDecoder {
  /// By position in ``stepKinds``: the names ``acceptedKeys(of:)`` gives, in its order.
  static let acceptedKeyNames: [[String]] = stepKinds.map { acceptedKeys(of: $0).map(\.name) }

  /// Every key any step may have, for the message about a step of no known kind.
  /// What a key means to ``StepKeyPresence``.
  enum StepKeyRole {
    case id, condition, onError, option, parameters, description
    /// The marker of the kind at this position in ``stepKinds``.
    case marker(Int)
  }

  /// The keys ``StepKeyPresence`` tells apart, with what each means.
  static let stepKeyRoles: [(name: String, role: StepKeyRole)] =
    [
      ("id", .id), ("if", .condition), ("onError", .onError), ("timeout", .option),
      ("retry", .option), ("confirm", .option), ("parameters", .parameters),
      ("description", .description),
    ] + stepKinds.indices.map { (stepKinds[$0].marker, .marker($0)) }

  /// ``stepKeyRoles`` by the length of their names in UTF-8 bytes.
  static let stepKeyRolesByLength: [[(name: String, role: StepKeyRole)]] = {
    let longest = stepKeyRoles.map(\.name.utf8.count).max() ?? 0
    return (0...longest).map { length in stepKeyRoles.filter { $0.name.utf8.count == length } }
  }()

  /// What `key` means to a step, or `nil` for a key it does not tell apart. An ASCII key is
  /// compared only with the names of its own length: most steps' keys are two or three of
  /// the dozen names, and comparing each with every name was a tenth of decoding a step.
  ///
  /// `byLength` is ``stepKeyRolesByLength``, read once by the caller for all of a step's keys.
  static func stepKeyRole(
    of key: String, ascii: Bool, byLength: [[(name: String, role: StepKeyRole)]]
  ) -> StepKeyRole? {
    guard ascii else { return stepKeyRoles.first { $0.name == key }?.role }
    let length = key.utf8.count
    guard length < byLength.count else { return nil }
    let candidates = byLength[length]
    for index in candidates.indices where candidates[index].name == key {
      return candidates[index].role
    }
    return nil
  }

  /// The markers of ``stepKinds``, by position.
  static let stepKindMarkers: [String] = stepKinds.map(\.marker)
  /// The position of the intent kind in ``stepKinds``.
  static let intentKind = stepKinds.firstIndex { $0.marker == "intent" } ?? 0

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
      let markers = stepKindMarkers
      let byLength = stepKeyRolesByLength
      let members = object.members
      // The first member of each key counts, as in `JSONObject.member(_:)`. By index, and
      // the markers by name: a copy of a member, or of a ``StepKind``, retains each field.
      for index in members.indices {
        switch stepKeyRole(of: members[index].key, ascii: ascii, byLength: byLength) {
        case .id?: idMember = idMember ?? index
        case .condition?: conditionMember = conditionMember ?? index
        case .onError?:
          onErrorMember = onErrorMember ?? index
          hasOptions = true
        case .option?: hasOptions = true
        case .marker(let position)?:
          if kinds & (1 << position) == 0, kinds & ((1 << position) - 1) == 0 {
            markerMember = index  // the first marker of the first kind in table order
          }
          kinds |= 1 << position
          if position != intentKind { onlyIntentKeys = false }
        case .parameters?: parametersMember = parametersMember ?? index
        case .description?: break
        case nil: onlyIntentKeys = false
        }
      }
      for position in markers.indices where kinds & (1 << position) != 0 {
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
