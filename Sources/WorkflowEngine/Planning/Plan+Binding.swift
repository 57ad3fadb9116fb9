import IntentKit

/// Where one parameter of an intent step gets its value, bound by position when the step is
/// planned, so that a run reads an array instead of matching names for every step.
enum ArgumentSource: Sendable {
  /// The step leaves the parameter unset: its default applies, or it is asked for.
  case unset
  /// The step gives a value.
  case given(CompiledValue)
  /// The previous step's output (implicit chaining).
  case previous

  /// `count` parameters left unset, the list a step's arguments are bound into.
  ///
  /// - Complexity: O(*count*). Made by appending to a reserved list: the standard library's
  ///   `Array(repeating:count:)` and `Array(unsafeUninitializedCapacity:)` look the list's
  ///   storage type up at run time (they are not specialised here), which cost three times
  ///   the allocation itself for the one or two parameters most intents have.
  static func unset(count: Int) -> [ArgumentSource] {
    var sources: [ArgumentSource] = []
    sources.reserveCapacity(count)
    for _ in 0..<count { sources.append(.unset) }
    return sources
  }
}

extension ActionPlan {
  /// Whether the step reads the previous step's output.
  var readsPrevious: Bool {
    sources.contains { if case .previous = $0 { true } else { false } }
  }
}
