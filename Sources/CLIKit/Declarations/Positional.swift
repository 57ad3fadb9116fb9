/// A positional argument of a command (`FILE`), declared once: the same value builds the
/// ``CommandSpec`` and reads the parsed command (`parsed[Self.file]`).
public struct Positional: Sendable, Hashable {
  /// The argument as the spec declares it.
  public let spec: ArgumentSpec

  /// Declares a positional argument.
  ///
  /// - Parameters:
  ///   - name: The name shown in usage and help, conventionally upper case.
  ///   - help: What the argument is.
  ///   - isOptional: Whether it may be left out.
  ///   - isRepeating: Whether it collects all remaining positionals.
  ///   - completion: What a shell completes for it (``CompletionScript``).
  public init(
    _ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false,
    completion: ValueCompletion = .none
  ) {
    spec = ArgumentSpec(
      name, help: help, isOptional: isOptional, isRepeating: isRepeating, completion: completion)
  }
}
