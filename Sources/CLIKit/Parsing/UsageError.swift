/// A command line the program cannot run: an unknown command or option, a missing or extra
/// value. The runner prints it on standard error and exits with code 2.
///
/// The ``description`` is the message and a hint to the command's help:
///
/// ```
/// error: unknown option '--jsn' for 'intentflow run'; did you mean '--json'?
/// See 'intentflow run --help'.
/// ```
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kinds of mistake, for callers that react to one in particular.
  public enum Kind: Sendable, Hashable {
    /// A word that names no subcommand.
    case unknownCommand
    /// An option or flag the command does not declare.
    case unknownOption
    /// An option given without its value.
    case missingValue
    /// A flag given a value, as in `--json=yes`.
    case unexpectedValue
    /// A non-repeating option given more than once.
    case duplicateOption
    /// A required positional argument left out.
    case missingArgument
    /// More positionals than the command takes.
    case unexpectedArgument
    /// A value the command rejected after parsing (see ``ParsedCommand/usageError(_:)``).
    case invalidValue
  }

  /// What went wrong, lower case, quoting the offending text.
  public var message: String
  /// The command whose help the hint points at: `["intentflow", "run"]`.
  public var commandPath: [String]
  /// Which kind of mistake it is.
  public var kind: Kind

  /// Creates a usage error.
  ///
  /// - Parameters:
  ///   - message: What went wrong, lower case, quoting the offending text.
  ///   - commandPath: The command whose help the hint points at.
  ///   - kind: Which kind of mistake it is.
  public init(_ message: String, commandPath: [String], kind: Kind = .invalidValue) {
    self.message = message
    self.commandPath = commandPath
    self.kind = kind
  }

  /// The line after the message that says where to read more: `See 'intentflow run --help'.`
  public var hint: String {
    "See '\(commandPath.joined(separator: " ")) --help'."
  }

  /// The message prefixed with `error:`, then the hint on its own line (no final newline).
  public var description: String {
    rendered(style: .plain)
  }

  /// The error as ``description`` shows it, with `error:` in bold red when `style` is enabled.
  ///
  /// - Parameter style: The styling for standard error.
  /// - Returns: Two lines, without a final newline.
  public func rendered(style: Style) -> String {
    "\(style.bold(style.red("error:"))) \(message)\n\(hint)"
  }
}
