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
  /// Plans an intent step, binding its arguments to the intent's parameters (`names`, the
  /// descriptor's ``IntentDescriptor/parameterNames``) by position.
  init(
    descriptor: IntentDescriptor, names: [String],
    arguments: [(name: String, value: CompiledValue)], implicitInput: String?
  ) {
    var sources = [ArgumentSource](repeating: .unset, count: names.count)
    for (name, value) in arguments {
      if let index = names.firstIndex(of: name) { sources[index] = .given(value) }
    }
    if let implicitInput, let index = names.firstIndex(of: implicitInput),
      case .unset = sources[index]
    {
      sources[index] = .previous
    }
    self.init(
      descriptor: descriptor, arguments: arguments, implicitInput: implicitInput, sources: sources)
  }

  /// Whether the step reads the previous step's output.
  var readsPrevious: Bool {
    sources.contains { if case .previous = $0 { true } else { false } }
  }
}
