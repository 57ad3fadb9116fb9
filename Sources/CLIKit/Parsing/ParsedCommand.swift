/// The command a command line selected, with its positionals, option values and flags.
///
/// Read values with the ``Flag``, ``Option`` and ``Positional`` declarations the
/// ``CommandSpec`` was built from (`parsed[Self.json]`, `try parsed.value(of: Self.count)`),
/// so that a misspelt name does not compile. Options given to a parent before its
/// subcommand (`intentflow --verbose run`) are kept too. The look-ups by name below are
/// internal, for the parser and its tests; asking for a name that no command on the path
/// declares is caught by an assertion in debug builds.
public struct ParsedCommand: Sendable, Hashable {
  /// The command words from the program name down: `["intentflow", "run"]`.
  public var path: [String]
  /// The spec of the selected command (the last element of `path`).
  public var spec: CommandSpec
  /// Positional values by argument name.
  var arguments: [String: [String]]
  /// Option values by long name, in the order given; flags have one empty entry per use.
  var occurrences: [String: [String]]
  /// Every option declared on the path, for the debug check on look-ups.
  var declaredOptions: Set<String>

  /// The values given for a positional argument; empty when it was left out.
  ///
  /// - Parameter name: The argument's name as declared (`"FILE"`).
  /// - Returns: The values in command-line order.
  func positionals(_ name: String) -> [String] {
    assert(
      spec.arguments.contains { $0.name == name },
      "'\(path.joined(separator: " "))' declares no argument '\(name)'")
    return arguments[name] ?? []
  }

  /// The value given for a positional argument, or `nil` when it was left out.
  ///
  /// - Parameter name: The argument's name as declared (`"FILE"`).
  /// - Returns: The first (for a non-repeating argument, the only) value.
  func positional(_ name: String) -> String? {
    positionals(name).first
  }

  /// The value of an option, or `nil` when it was not given.
  ///
  /// - Parameter option: The long name without dashes (`"at"` for `--at`).
  /// - Returns: The value; for a repeating option, the last one given.
  func value(_ option: String) -> String? {
    values(option).last
  }

  /// Every value given for an option, in command-line order.
  ///
  /// - Parameter option: The long name without dashes (`"input"` for `--input`).
  /// - Returns: The values; empty when the option was not given.
  func values(_ option: String) -> [String] {
    checkDeclared(option)
    return occurrences[option] ?? []
  }

  /// Whether a flag (or option) was given.
  ///
  /// - Parameter name: The long name without dashes (`"json"` for `--json`).
  /// - Returns: `true` if it appeared at least once.
  func flag(_ name: String) -> Bool {
    count(name) > 0
  }

  /// How many times a flag or option was given, as for a repeatable `-v`.
  ///
  /// - Parameter name: The long name without dashes.
  /// - Returns: The number of occurrences.
  func count(_ name: String) -> Int {
    checkDeclared(name)
    return occurrences[name]?.count ?? 0
  }

  /// Makes a usage error about this command, for values the command itself rejects.
  ///
  /// Thrown from a command, it is reported like the parser's own errors (exit code 2).
  ///
  /// - Parameter message: What is wrong, lower case, quoting the bad text.
  /// - Returns: An error whose hint points at this command's help.
  public func usageError(_ message: String) -> UsageError {
    UsageError(message, commandPath: path, kind: .invalidValue)
  }

  private func checkDeclared(_ name: String) {
    assert(
      declaredOptions.contains(name),
      "'\(path.joined(separator: " "))' declares no option '--\(name)'")
  }
}
