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
}

extension ActionPlan {
  /// Whether the step reads the previous step's output.
  var readsPrevious: Bool {
    sources.contains { if case .previous = $0 { true } else { false } }
  }
}
