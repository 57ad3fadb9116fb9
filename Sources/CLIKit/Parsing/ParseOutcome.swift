/// What a command line asked for: a command to run, help to print, or the version.
public enum ParseOutcome: Sendable, Hashable {
  /// A command to run, with its values.
  case command(ParsedCommand)
  /// Help was asked for (`--help`, `-h`, `help COMMAND`, or a command group given alone);
  /// the payload is the rendered help text, to print on standard output with exit code 0.
  case help(String)
  /// `--version` was given to the root command; print ``ArgumentParser/version``.
  case version
}
