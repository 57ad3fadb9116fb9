/// A flag of a command (`--json`, `-y`), declared once: the same value builds the
/// ``CommandSpec`` (help, parsing) and reads the parsed command, so a misspelt flag does not
/// compile.
///
/// ```swift
/// static let json = Flag("json", help: "Print JSON.")
/// static let spec = CommandSpec("list", abstract: "…", options: [json.spec])
/// if parsed[Self.json] { … }
/// ```
public struct Flag: Sendable, Hashable {
  /// The flag as the spec declares it.
  public let spec: OptionSpec

  /// Declares a flag.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes.
  ///   - short: An optional short letter.
  ///   - help: What the flag does.
  ///   - isRepeating: Whether it may be given more than once (as in `-vv`).
  public init(_ name: String, short: Character? = nil, help: String, isRepeating: Bool = false) {
    spec = .flag(name, short: short, help: help, isRepeating: isRepeating)
  }
}
