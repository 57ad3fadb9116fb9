public import IntentKit

/// What `shell.run` returns: the output, the errors and the exit code of a command.
///
/// Its text form, used wherever text is wanted (`${step}` in longer text, stdout, a text
/// parameter), is stdout without its final line break, as `$(command)` gives in a shell.
public struct ShellResult: AppRecord, Hashable {
  public static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "ShellResult")
  public static var properties: EntityProperties<ShellResult> {
    EntityProperties(
      .init("stdout") { $0.stdout }, .init("stderr") { $0.stderr },
      .init("exitCode") { $0.exitCode })
  }

  /// What the command wrote to standard output (UTF-8; other bytes become U+FFFD).
  public var stdout: String
  /// What it wrote to standard error.
  public var stderr: String
  /// Its exit status; 128 + N when a signal N ended it.
  public var exitCode: Int

  public init(stdout: String, stderr: String, exitCode: Int) {
    self.stdout = stdout
    self.stderr = stderr
    self.exitCode = exitCode
  }

  /// stdout without one final line break (`\n` or `\r\n`).
  public var text: String {
    if stdout.hasSuffix("\r\n") { return String(stdout.dropLast(2)) }
    if stdout.hasSuffix("\n") { return String(stdout.dropLast()) }
    return stdout
  }

  public var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: text) }
}
