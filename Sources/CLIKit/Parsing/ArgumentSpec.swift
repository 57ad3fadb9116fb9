/// A positional argument of a command, such as the `FILE` of `intentflow run FILE`.
public struct ArgumentSpec: Sendable, Hashable {
  /// The name shown in usage and help (`FILE`) and used to look the value up.
  public var name: String
  /// What the argument is, shown in the `ARGUMENTS:` section.
  public var help: String
  /// Whether the command runs without it; shown as `[FILE]`.
  public var isOptional: Bool
  /// Whether it takes every remaining positional; shown as `FILE...`.
  public var isRepeating: Bool
  /// What a shell completes for it (see ``CompletionScript``).
  public var completion: ValueCompletion

  /// Creates a positional argument.
  ///
  /// - Parameters:
  ///   - name: The name shown in usage and help, conventionally upper case.
  ///   - help: What the argument is.
  ///   - isOptional: Whether it may be left out.
  ///   - isRepeating: Whether it collects all remaining positionals.
  ///   - completion: What a shell completes for it.
  public init(
    _ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false,
    completion: ValueCompletion = .none
  ) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
    self.isRepeating = isRepeating
    self.completion = completion
  }

  /// The argument as it appears in a usage line: `FILE`, `[FILE]`, `FILE...` or `[FILE...]`.
  var usage: String {
    let word = isRepeating ? name + "..." : name
    return isOptional ? "[\(word)]" : word
  }
}
