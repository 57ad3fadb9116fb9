// Hot code: finding the role of every key of every step. It keeps the rules of the paragraph at the
// top of `WorkflowDecoder.swift` (no copy or allocation per step that a plain reading would not
// make; see Docs/Performance.md).

import StrictJSON

/// The key table of steps, arranged for decoding and derived from ``StepKind`` and
/// ``StepOption``: each kind's accepted key names are worked out once, not for every step.
extension WorkflowDecoder {
  /// By ``StepKind/rawValue``: the names ``acceptedKeys(of:)`` gives, in its order.
  static let acceptedKeyNames: [[String]] = StepKind.allCases.map {
    acceptedKeys(of: $0).map(\.name)
  }

  /// What a key means to ``StepKeyPresence``.
  enum StepKeyRole {
    case option(StepOption)
    /// The intent kind's `parameters`, noted for its decoding.
    case parameters
    /// The marker of a kind.
    case marker(StepKind)
  }

  /// The keys ``StepKeyPresence`` tells apart, with what each means: the options, the
  /// intent kind's `parameters` and every kind's marker.
  static let stepKeyRoles: [(name: String, role: StepKeyRole)] =
    StepOption.all.map { ($0.name, .option($0)) } + [("parameters", .parameters)]
    + StepKind.allCases.map { ($0.definition.marker, .marker($0)) }

  /// ``stepKeyRoles`` by the length of their names in UTF-8 bytes.
  static let stepKeyRolesByLength: [[(name: String, role: StepKeyRole)]] = {
    let longest = stepKeyRoles.map(\.name.utf8.count).max() ?? 0
    return (0...longest).map { length in stepKeyRoles.filter { $0.name.utf8.count == length } }
  }()

  /// What `key` means to a step, or `nil` for a key it does not tell apart. An ASCII key is
  /// compared only with the names of its own length: most steps' keys are two or three of
  /// the dozen names.
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

  /// The markers of the kinds, by ``StepKind/rawValue``.
  static let stepKindMarkers: [String] = StepKind.definitions.map(\.marker)
  /// Each kind's decoding, by ``StepKind/rawValue``.
  static let stepKindDecoders: [StepKind.Decode] = StepKind.definitions.map(\.decode)

  /// Whether the kind's `if` is its own, by ``StepKind/rawValue``.
  static let stepKindOwnsCondition: [Bool] = StepKind.definitions.map(\.ownsCondition)
  /// What the message about a step of no kind lists: `'intent' (run an intent), 'forEach', …`.
  static let stepKindNeeds: String = {
    let needs = StepKind.definitions.map(\.needs)
    return needs.dropLast().joined(separator: ", ") + " or " + (needs.last ?? "")
  }()

  static let knownStepKeyNames: [String] =
    commonStepKeys.map(\.name) + StepKind.definitions.flatMap { $0.keys.map(\.name) }

  /// Which of the keys that steps share a step has, and which kinds' markers, found in one
  /// pass over its members. The keys decoding reads are noted by their position among the
  /// members, so that they are not looked up again.
  struct StepKeyPresence: Sendable {
    /// The kinds whose markers the step has, first and second in ``StepKind`` order.
    var firstKind: StepKind?
    var secondKind: StepKind?
    /// The positions among the members of `id`, `if`, `onError`, `parameters`, and the
    /// marker of ``firstKind``.
    var idMember: Int?
    var conditionMember: Int?
    var onErrorMember: Int?
    var parametersMember: Int?
    var markerMember: Int?
    /// An option that ``StepOptions`` holds (see `decodeOptions`).
    var hasOptions = false
    /// Whether every key is one an intent step accepts (the options, `intent` and
    /// `parameters`): then an intent step has no key to report, and its keys are not checked
    /// again (see `checkStepKeys`).
    var onlyIntentKeys = true

    var hasID: Bool { idMember != nil }
    var hasCondition: Bool { conditionMember != nil }
    var hasOnError: Bool { onErrorMember != nil }

    init(_ object: JSONObject) {
      let ascii = object.keysAreASCII
      let byLength = stepKeyRolesByLength
      let members = object.members
      // The first member of each key counts, as in `JSONObject.member(_:)`.
      for index in members.indices {
        switch stepKeyRole(of: members[index].key, ascii: ascii, byLength: byLength) {
        case .option(let option)?:
          switch option {
          case .id: idMember = idMember ?? index
          case .condition: conditionMember = conditionMember ?? index
          case .onError:
            onErrorMember = onErrorMember ?? index
            hasOptions = true
          case .timeout, .retry, .confirm: hasOptions = true
          case .description: break
          }
        case .marker(let kind)?:
          note(kind, at: index)
          if kind != .intent { onlyIntentKeys = false }
        case .parameters?: parametersMember = parametersMember ?? index
        case nil: onlyIntentKeys = false
        }
      }
    }

    /// Keeps the first two kinds in table order, and the member of the first one's marker.
    private mutating func note(_ kind: StepKind, at member: Int) {
      guard let first = firstKind, first.rawValue <= kind.rawValue else {
        secondKind = firstKind
        firstKind = kind
        markerMember = member
        return
      }
      if first != kind, secondKind.map({ kind.rawValue < $0.rawValue }) ?? true {
        secondKind = kind
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
